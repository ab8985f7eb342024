import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsRoutes, type KycDocument } from '@pmw/contract/ops';
import { api, apiWithMessage } from '../../shared/api-client';
import { showError, showSuccess } from '../../shared/message-bar';
import { EmptyState, FileButton, QueryView, ReasonDialog, ReviewButtons, when } from './common';
import { DataTable } from './data-table';
import { t } from './messages';
import { DOCUMENT_STATUS } from '@pmw/contract/kyc';

const LIMIT = 50;

/** Documents waiting for review (or already verified or rejected), with their images. */
export function KycPage() {
  const qc = useQueryClient();
  const [status, setStatus] = useState(0);
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<KycDocument | null>(null);
  const docs = useQuery({
    queryKey: ['ops', 'kyc', status, page],
    queryFn: () => api(opsRoutes.kyc, { query: { status, page, limit: LIMIT } }),
  });
  const done = (message: string) => {
    showSuccess(message);
    void qc.invalidateQueries({ queryKey: ['ops', 'kyc'] });
  };
  const verify = useMutation({
    mutationFn: (id: number) =>
      apiWithMessage(opsRoutes.kycStatus, { params: { document_id: id }, body: { status: DOCUMENT_STATUS.verified } }),
    onSuccess: (r) => done(r.message),
    onError: showError,
  });
  return (
    <section aria-labelledby="kyc-title">
      <h1 id="kyc-title">{t('kycTitle')}</h1>
      <div className="ops__filters">
        <div className="field">
          <label htmlFor="kyc-status">{t('fStatus')}</label>
          <select
            id="kyc-status"
            className="input"
            value={status}
            onChange={(e) => {
              setStatus(Number(e.target.value));
              setPage(1);
            }}
          >
            <option value={0}>{t('sPending')}</option>
            <option value={1}>{t('sApproved')}</option>
            <option value={2}>{t('sRejected')}</option>
          </select>
        </div>
      </div>
      <QueryView
        query={docs}
        isEmpty={(d) => d.rows.length === 0}
        empty={<EmptyState text={t('kycEmpty')} links={[{ to: '/ops/users', label: t('goUsers') }]} />}
      >
        {(data) => (
          <DataTable
            label={t('kycTitle')}
            columns={[
              {
                id: 'person',
                header: t('colPerson'),
                cell: (d) => (
                  <>
                    {d.first_name ?? '—'}{' '}
                    <span className="muted">
                      PMW{d.user_id} · {d.mobile}
                    </span>
                  </>
                ),
              },
              { id: 'type', header: t('colType'), cell: (d) => d.type },
              { id: 'number', header: t('colNumber'), cell: (d) => d.number },
              {
                id: 'files',
                header: t('colFiles'),
                cell: (d) => (
                  <>
                    {d.file_id && <FileButton fileId={d.file_id} label={`${t('front')} (${d.type})`} />}{' '}
                    {d.file_id2 && <FileButton fileId={d.file_id2} label={`${t('back')} (${d.type})`} />}
                  </>
                ),
              },
              { id: 'date', header: t('colDate'), cell: (d) => when(d.created_on) },
              {
                id: 'status',
                header: t('colStatus'),
                cell: (d) => (
                  <ReviewButtons
                    subject={`${d.type} ${d.first_name ?? d.user_id}`}
                    busy={verify.isPending}
                    onVerify={d.status !== DOCUMENT_STATUS.verified ? () => verify.mutate(d.document_id) : undefined}
                    onReject={d.status !== DOCUMENT_STATUS.rejected ? () => setRejecting(d) : undefined}
                    note={d.reject_reason}
                  />
                ),
              },
            ]}
            rows={data.rows}
            rowId={(d) => d.document_id}
            paging={{ page, limit: LIMIT, count: data.count, onPage: setPage }}
          />
        )}
      </QueryView>
      <ReasonDialog
        open={rejecting !== null}
        title={t('rejectDocTitle', { type: rejecting?.type ?? '', name: rejecting?.first_name ?? String(rejecting?.user_id ?? '') })}
        label={t('rejectReason')}
        confirm={t('reject')}
        danger
        onClose={() => setRejecting(null)}
        onSubmit={async (reason) => {
          const r = await apiWithMessage(opsRoutes.kycStatus, {
            params: { document_id: rejecting!.document_id },
            body: { status: DOCUMENT_STATUS.rejected, reason },
          });
          done(r.message);
        }}
      />
    </section>
  );
}
