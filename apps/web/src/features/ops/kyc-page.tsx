import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsRoutes, type KycDocument } from '@pmw/contract/ops';
import { api, apiWithMessage } from '../../shared/api-client';
import { showError, showSuccess } from '../../shared/message-bar';
import { FileButton, Pager, QueryView, ReasonDialog, when } from './common';
import { t } from './messages';

const LIMIT = 50;

/** Documents waiting for review (or already verified or rejected), with their images. */
export function KycPage() {
  const qc = useQueryClient();
  const [status, setStatus] = useState(0);
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<KycDocument | null>(null);
  const docs = useQuery({ queryKey: ['ops', 'kyc', status, page], queryFn: () => api(opsRoutes.kyc, { query: { status, page, limit: LIMIT } }) });
  const done = (message: string) => {
    showSuccess(message);
    void qc.invalidateQueries({ queryKey: ['ops', 'kyc'] });
  };
  const verify = useMutation({
    mutationFn: (id: number) => apiWithMessage(opsRoutes.kycStatus, { params: { document_id: id }, body: { status: 1 } }),
    onSuccess: (r) => done(r.message),
    onError: showError,
  });
  return (
    <section aria-labelledby="kyc-title">
      <h1 id="kyc-title">{t('kycTitle')}</h1>
      <div className="ops__filters">
        <div className="field">
          <label htmlFor="kyc-status">{t('fStatus')}</label>
          <select id="kyc-status" className="input" value={status} onChange={(e) => { setStatus(Number(e.target.value)); setPage(1); }}>
            <option value={0}>{t('sPending')}</option>
            <option value={1}>{t('sApproved')}</option>
            <option value={2}>{t('sRejected')}</option>
          </select>
        </div>
      </div>
      <QueryView query={docs} isEmpty={(d) => d.rows.length === 0}>
        {(data) => (
          <>
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{t('colPerson')}</th>
                    <th scope="col">{t('colType')}</th>
                    <th scope="col">{t('colNumber')}</th>
                    <th scope="col">{t('colFiles')}</th>
                    <th scope="col">{t('colDate')}</th>
                    <th scope="col">{t('colStatus')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((d) => (
                    <tr key={d.document_id}>
                      <td>
                        {d.first_name ?? '—'} <span className="muted">PMW{d.user_id} · {d.mobile}</span>
                      </td>
                      <td>{d.type}</td>
                      <td>{d.number}</td>
                      <td>
                        {d.file_id && <FileButton fileId={d.file_id} label={`${t('front')} (${d.type})`} />} {d.file_id2 && <FileButton fileId={d.file_id2} label={`${t('back')} (${d.type})`} />}
                      </td>
                      <td>{when(d.created_on)}</td>
                      <td>
                        {d.status !== 1 && (
                          <button type="button" className="button button--small" disabled={verify.isPending} onClick={() => verify.mutate(d.document_id)} aria-label={`${t('verify')} ${d.type} ${d.first_name ?? d.user_id}`}>
                            {t('verify')}
                          </button>
                        )}{' '}
                        {d.status !== 2 && (
                          <button type="button" className="button button--small button--danger" onClick={() => setRejecting(d)} aria-label={`${t('reject')} ${d.type} ${d.first_name ?? d.user_id}`}>
                            {t('reject')}
                          </button>
                        )}
                        {d.reject_reason && <p className="muted">{d.reject_reason}</p>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager page={page} limit={LIMIT} count={data.count} onPage={setPage} />
          </>
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
          const r = await apiWithMessage(opsRoutes.kycStatus, { params: { document_id: rejecting!.document_id }, body: { status: 2, reason } });
          done(r.message);
        }}
      />
    </section>
  );
}
