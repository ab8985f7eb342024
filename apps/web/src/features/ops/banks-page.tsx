import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteData } from '@pmw/contract/api';
import { opsMoneyRoutes } from '@pmw/contract/ops';
import { NAME_CHECK, PAYOUT_METHOD } from '@pmw/contract/partner-profile';
import { api, apiWithMessage } from '../../shared/api-client';
import { showError, showSuccess } from '../../shared/message-bar';
import { EmptyState, QueryView, ReasonDialog, ReviewButtons, when } from './common';
import { DataTable } from './data-table';
import { t } from './messages';
import { BANK_STATUS } from '@pmw/contract/partner-profile';

const LIMIT = 50;
type OpsBank = RouteData<typeof opsMoneyRoutes.banks>['rows'][number];
const holder = (b: OpsBank) => b.first_name ?? `PMW${b.user_id}`;

/** Bank accounts waiting for review: Verify (1) or Reject (2) with a reason. */
export function BanksPage() {
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<{ id: number; name: string } | null>(null);
  const banks = useQuery({ queryKey: ['ops', 'banks', page], queryFn: () => api(opsMoneyRoutes.banks, { query: { page, limit: LIMIT } }) });
  const done = (message: string) => {
    showSuccess(message);
    void qc.invalidateQueries({ queryKey: ['ops', 'banks'] });
    void qc.invalidateQueries({ queryKey: ['ops', 'payouts'] });
  };
  const verify = useMutation({
    mutationFn: (id: number) =>
      apiWithMessage(opsMoneyRoutes.bankStatus, { params: { bank_detail_id: id }, body: { status: BANK_STATUS.verified } }),
    onSuccess: (r) => done(r.message),
    onError: showError,
  });
  return (
    <section aria-labelledby="banks-title">
      <h1 id="banks-title">{t('banksTitle')}</h1>
      <QueryView
        query={banks}
        isEmpty={(d) => d.rows.length === 0}
        empty={<EmptyState text={t('banksEmpty')} links={[{ to: '/ops/users', label: t('goUsers') }]} />}
      >
        {(data) => (
          <DataTable
            label={t('banksTitle')}
            columns={[
              {
                id: 'person',
                header: t('colPerson'),
                cell: (b) => (
                  <>
                    {holder(b)}{' '}
                    <span className="muted">
                      PMW{b.user_id} · {b.mobile}
                    </span>
                  </>
                ),
              },
              {
                id: 'bank',
                header: t('colBankName'),
                cell: (b) => (
                  <>
                    {b.bank_name}
                    {b.branch_detail && <div className="muted">{b.branch_detail}</div>}
                  </>
                ),
              },
              { id: 'ifsc', header: t('colIfsc'), cell: (b) => (b.method === PAYOUT_METHOD.upi ? '—' : b.ifsc_code) },
              { id: 'account', header: t('colAccount'), cell: (b) => b.account_no },
              {
                id: 'names',
                header: t('colNames'),
                cell: (b) => (
                  <>
                    {b.name_check && (
                      <span className={`badge ${b.name_check === NAME_CHECK.mismatch ? 'badge--danger' : 'badge--warning'}`}>
                        {b.name_check === NAME_CHECK.mismatch
                          ? t('checkMismatch')
                          : b.name_check === NAME_CHECK.matched
                            ? t('checkMatched')
                            : t('checkUnavailable')}
                      </span>
                    )}
                    <div>{b.pan_name ? t('panNameIs', { name: b.pan_name }) : t('noPanName')}</div>
                    <div>{b.name_at_bank ? t('bankNameIs', { name: b.name_at_bank }) : t('noBankName')}</div>
                  </>
                ),
              },
              { id: 'date', header: t('colDate'), cell: (b) => when(b.created_on) },
              {
                id: 'status',
                header: t('colStatus'),
                cell: (b) => (
                  <ReviewButtons
                    subject={`${holder(b)} ${b.account_no}`}
                    busy={verify.isPending}
                    onVerify={() => verify.mutate(b.bank_detail_id)}
                    onReject={() => setRejecting({ id: b.bank_detail_id, name: holder(b) })}
                  />
                ),
              },
            ]}
            rows={data.rows}
            rowId={(b) => b.bank_detail_id}
            paging={{ page, limit: LIMIT, count: data.count, onPage: setPage }}
          />
        )}
      </QueryView>
      <ReasonDialog
        open={rejecting !== null}
        title={t('rejectBankTitle', { name: rejecting?.name ?? '' })}
        label={t('rejectReason')}
        confirm={t('reject')}
        danger
        onClose={() => setRejecting(null)}
        onSubmit={async (reason) =>
          done(
            (
              await apiWithMessage(opsMoneyRoutes.bankStatus, {
                params: { bank_detail_id: rejecting!.id },
                body: { status: BANK_STATUS.rejected, reason },
              })
            ).message,
          )
        }
      />
    </section>
  );
}
