import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsMoneyRoutes } from '@pmw/contract/ops';
import { api, apiWithMessage } from '../../shared/api-client';
import { showError, showSuccess } from '../../shared/message-bar';
import { Pager, QueryView, ReasonDialog, when } from './common';
import { t } from './messages';

const LIMIT = 50;

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
    mutationFn: (id: number) => apiWithMessage(opsMoneyRoutes.bankStatus, { params: { bank_detail_id: id }, body: { status: 1 } }),
    onSuccess: (r) => done(r.message),
    onError: showError,
  });
  return (
    <section aria-labelledby="banks-title">
      <h1 id="banks-title">{t('banksTitle')}</h1>
      <QueryView query={banks} isEmpty={(d) => d.rows.length === 0}>
        {(data) => (
          <>
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{t('colPerson')}</th>
                    <th scope="col">{t('colBankName')}</th>
                    <th scope="col">{t('colIfsc')}</th>
                    <th scope="col">{t('colAccount')}</th>
                    <th scope="col">{t('colDate')}</th>
                    <th scope="col">{t('colStatus')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((b) => {
                    const name = b.first_name ?? `PMW${b.user_id}`;
                    return (
                      <tr key={b.bank_detail_id}>
                        <td>
                          {name} <span className="muted">PMW{b.user_id} · {b.mobile}</span>
                        </td>
                        <td>
                          {b.bank_name}
                          {b.branch_detail && <div className="muted">{b.branch_detail}</div>}
                        </td>
                        <td>{b.ifsc_code}</td>
                        <td>{b.account_no}</td>
                        <td>{when(b.created_on)}</td>
                        <td>
                          <button type="button" className="button button--small" disabled={verify.isPending} onClick={() => verify.mutate(b.bank_detail_id)} aria-label={`${t('verify')} ${name} ${b.account_no}`}>
                            {t('verify')}
                          </button>{' '}
                          <button type="button" className="button button--small button--danger" onClick={() => setRejecting({ id: b.bank_detail_id, name })} aria-label={`${t('reject')} ${name} ${b.account_no}`}>
                            {t('reject')}
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Pager page={page} limit={LIMIT} count={data.count} onPage={setPage} />
          </>
        )}
      </QueryView>
      <ReasonDialog
        open={rejecting !== null}
        title={t('rejectBankTitle', { name: rejecting?.name ?? '' })}
        label={t('rejectReason')}
        confirm={t('reject')}
        danger
        onClose={() => setRejecting(null)}
        onSubmit={async (reason) => done((await apiWithMessage(opsMoneyRoutes.bankStatus, { params: { bank_detail_id: rejecting!.id }, body: { status: 2, reason } })).message)}
      />
    </section>
  );
}
