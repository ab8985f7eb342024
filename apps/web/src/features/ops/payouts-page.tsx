import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsMoneyRoutes } from '@pmw/contract/ops';
import { api, apiWithMessage, routeUrl } from '../../shared/api-client';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { showError, showSuccess } from '../../shared/message-bar';
import { QueryView, rupees, when } from './common';
import { t } from './messages';

const newKey = () => `run-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

/** Who a run would pay or hold, running it, and every earlier run with its bank file. */
export function PayoutsPage() {
  const qc = useQueryClient();
  const preview = useQuery({ queryKey: ['ops', 'payouts', 'preview'], queryFn: () => api(opsMoneyRoutes.payoutPreview) });
  const runs = useQuery({ queryKey: ['ops', 'payouts', 'runs'], queryFn: () => api(opsMoneyRoutes.payoutRuns) });
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  // One key per intended run: a retry after a timeout answers the same run.
  const [requestKey, setRequestKey] = useState(newKey);
  const payable = (preview.data ?? []).filter((c) => !c.hold_reason);
  useEffect(() => setChosen(new Set(payable.map((c) => c.user_id))), [preview.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const total = payable.filter((c) => chosen.has(c.user_id)).reduce((s, c) => s + c.balance_paise, 0);

  const run = useMutation({
    mutationFn: () => apiWithMessage(opsMoneyRoutes.payoutRun, { body: { request_key: requestKey, user_ids: [...chosen, ...(preview.data ?? []).filter((c) => c.hold_reason).map((c) => c.user_id)] } }),
    onSuccess: (r) => {
      showSuccess(r.message);
      setRequestKey(newKey());
      setConfirming(false);
      void qc.invalidateQueries({ queryKey: ['ops', 'payouts'] });
    },
    onError: (err) => {
      setConfirming(false);
      showError(err);
    },
  });

  return (
    <section aria-labelledby="payouts-title">
      <h1 id="payouts-title">{t('payoutsTitle')}</h1>
      <h2>{t('payoutCandidates')}</h2>
      <QueryView query={preview} isEmpty={(d) => d.length === 0}>
        {(rows) => (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('colSelect')}</th>
                  <th scope="col">{t('colPartner')}</th>
                  <th scope="col">{t('colBalance')}</th>
                  <th scope="col">{t('colBank')}</th>
                  <th scope="col">{t('colHold')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.user_id}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`${c.name ?? c.mobile} PMW${c.user_id}`}
                        disabled={!!c.hold_reason}
                        checked={!c.hold_reason && chosen.has(c.user_id)}
                        onChange={() =>
                          setChosen((s) => {
                            const n = new Set(s);
                            if (n.has(c.user_id)) n.delete(c.user_id);
                            else n.add(c.user_id);
                            return n;
                          })
                        }
                      />
                    </td>
                    <td>
                      {c.name ?? '—'} <span className="muted">PMW{c.user_id} · {c.mobile}</span>
                    </td>
                    <td>{rupees(c.balance_paise)}</td>
                    <td>{c.bank ? `${c.bank.bank_name} · ${c.bank.ifsc_code} · ${c.bank.account_no}` : '—'}</td>
                    <td>{c.hold_reason ? <span className="badge badge--warning">{c.hold_reason}</span> : <span className="badge badge--success">{t('willPay')}</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryView>
      <p>
        <button type="button" className="button" disabled={!chosen.size || run.isPending || !payable.some((c) => chosen.has(c.user_id))} onClick={() => setConfirming(true)}>
          {t('runPayout', { n: payable.filter((c) => chosen.has(c.user_id)).length })}
        </button>
      </p>
      <ConfirmDialog
        open={confirming}
        message={t('runConfirm', { amount: rupees(total), n: payable.filter((c) => chosen.has(c.user_id)).length })}
        busy={run.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => run.mutate()}
      />

      <h2>{t('runsTitle')}</h2>
      <QueryView query={runs} isEmpty={(d) => d.length === 0}>
        {(list) => (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('colRun')}</th>
                  <th scope="col">{t('colDate')}</th>
                  <th scope="col">{t('colBy2')}</th>
                  <th scope="col">{t('colPaid')}</th>
                  <th scope="col">{t('colHeld')}</th>
                  <th scope="col">{t('colTotal')}</th>
                  <th scope="col">{t('download')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((r) => (
                  <RunRow key={r.payout_run_id} run={r} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryView>
    </section>
  );
}

function RunRow({ run }: { run: { payout_run_id: number; created_on: string; created_by_name: string | null; paid_count: number; held_count: number; total_paise: number } }) {
  const [open, setOpen] = useState(false);
  const detail = useQuery({ queryKey: ['ops', 'payouts', 'run', run.payout_run_id], queryFn: () => api(opsMoneyRoutes.payoutRunGet, { params: { payout_run_id: run.payout_run_id } }), enabled: open });
  return (
    <>
      <tr>
        <td>
          <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
            {t('runDetail', { id: run.payout_run_id })}
          </button>
        </td>
        <td>{when(run.created_on)}</td>
        <td>{run.created_by_name ?? '—'}</td>
        <td>{run.paid_count}</td>
        <td>{run.held_count}</td>
        <td>{rupees(run.total_paise)}</td>
        <td>
          <a className="button button--ghost button--small" href={routeUrl(opsMoneyRoutes.payoutRunFile, { params: { payout_run_id: run.payout_run_id } })} download>
            {t('download')}
          </a>
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={7}>
            <QueryView query={detail}>
              {(d) => (
                <ul className="ops__run-items">
                  {d.items.map((i) => (
                    <li key={i.user_id}>
                      <span className={`badge ${i.status === 'PAID' ? 'badge--success' : 'badge--warning'}`}>{i.status === 'PAID' ? t('paidStatus') : t('heldStatus')}</span> {i.name ?? '—'} PMW{i.user_id} · {rupees(i.amount_paise)}
                      {i.reason ? ` · ${i.reason}` : ''}
                      {i.account_no ? ` · ${i.bank_name ?? ''} ${i.ifsc_code ?? ''} ${i.account_no}` : ''}
                    </li>
                  ))}
                </ul>
              )}
            </QueryView>
          </td>
        </tr>
      )}
    </>
  );
}
