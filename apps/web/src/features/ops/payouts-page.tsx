import { useEffect, useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsMoneyRoutes } from '@pmw/contract/ops';
import { api, apiWithMessage, routeUrl } from '../../shared/api-client';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { showError, showSuccess } from '../../shared/message-bar';
import { EmptyState, QueryView, rupees, when } from './common';
import { DataTable } from './data-table';
import { t } from './messages';

const newKey = () => `run-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

/** Who a run would pay or hold, running it, and every earlier run with its bank file. */
export function PayoutsPage() {
  const qc = useQueryClient();
  const preview = useQuery({ queryKey: ['ops', 'payouts', 'preview'], queryFn: () => api(opsMoneyRoutes.payoutPreview) });
  const runs = useQuery({ queryKey: ['ops', 'payouts', 'runs'], queryFn: () => api(opsMoneyRoutes.payoutRuns) });
  const [chosen, setChosen] = useState<RowSelectionState>({});
  const [confirming, setConfirming] = useState(false);
  // One key per intended run: a retry after a timeout answers the same run.
  const [requestKey, setRequestKey] = useState(newKey);
  const payable = (preview.data ?? []).filter((c) => !c.hold_reason);
  // Everyone payable is chosen again whenever the preview changes.
  useEffect(() => setChosen(Object.fromEntries(payable.map((c) => [c.user_id, true]))), [preview.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const paying = payable.filter((c) => chosen[c.user_id]);
  const total = paying.reduce((s, c) => s + c.balance_paise, 0);

  const run = useMutation({
    mutationFn: () => apiWithMessage(opsMoneyRoutes.payoutRun, { body: { request_key: requestKey, user_ids: [...paying.map((c) => c.user_id), ...(preview.data ?? []).filter((c) => c.hold_reason).map((c) => c.user_id)] } }),
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
      <QueryView query={preview} isEmpty={(d) => d.length === 0} empty={<EmptyState text={t('payoutsEmpty')} links={[{ to: '/ops/leads', label: t('goLeads') }, { to: '/ops/kyc', label: t('goKyc') }, { to: '/ops/banks', label: t('goBanks') }]} />}>
        {(rows) => (
          <DataTable
            label={t('payoutCandidates')}
            columns={[
              {
                id: 'partner',
                header: t('colPartner'),
                sortValue: (c) => c.name ?? '',
                cell: (c) => (
                  <>
                    {c.name ?? '—'} <span className="muted">PMW{c.user_id} · {c.mobile}</span>
                  </>
                ),
              },
              { id: 'balance', header: t('colBalance'), cell: (c) => rupees(c.balance_paise), sortValue: (c) => c.balance_paise },
              { id: 'bank', header: t('colBank'), cell: (c) => (c.bank ? `${c.bank.bank_name} · ${c.bank.ifsc_code} · ${c.bank.account_no}` : '—') },
              {
                id: 'hold',
                header: t('colHold'),
                sortValue: (c) => c.hold_reason ?? '',
                cell: (c) => (c.hold_reason ? <span className="badge badge--warning">{c.hold_reason}</span> : <span className="badge badge--success">{t('willPay')}</span>),
              },
            ]}
            rows={rows}
            rowId={(c) => c.user_id}
            selection={{ selected: chosen, onChange: setChosen, canSelect: (c) => !c.hold_reason, rowLabel: (c) => `${c.name ?? c.mobile} PMW${c.user_id}` }}
          />
        )}
      </QueryView>
      <p>
        <button type="button" className="button" disabled={!paying.length || run.isPending} onClick={() => setConfirming(true)}>
          {t('runPayout', { n: paying.length })}
        </button>
      </p>
      <ConfirmDialog
        open={confirming}
        message={t('runConfirm', { amount: rupees(total), n: paying.length })}
        busy={run.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => run.mutate()}
      />

      <h2>{t('runsTitle')}</h2>
      <QueryView query={runs} isEmpty={(d) => d.length === 0} empty={<EmptyState text={t('runsEmpty')} />}>
        {(list) => (
          <DataTable
            label={t('runsTitle')}
            columns={[
              {
                id: 'run',
                header: t('colRun'),
                sortValue: (r) => r.payout_run_id,
                cell: (r, row) => (
                  <button type="button" className="link-button" aria-expanded={row.expanded} onClick={row.toggleExpanded}>
                    {t('runDetail', { id: r.payout_run_id })}
                  </button>
                ),
              },
              { id: 'date', header: t('colDate'), cell: (r) => when(r.created_on) },
              { id: 'by', header: t('colBy2'), cell: (r) => r.created_by_name ?? '—' },
              { id: 'paid', header: t('colPaid'), cell: (r) => r.paid_count },
              { id: 'held', header: t('colHeld'), cell: (r) => r.held_count },
              { id: 'total', header: t('colTotal'), cell: (r) => rupees(r.total_paise), sortValue: (r) => r.total_paise },
              {
                id: 'file',
                header: t('download'),
                cell: (r) => (
                  <a className="button button--ghost button--small" href={routeUrl(opsMoneyRoutes.payoutRunFile, { params: { payout_run_id: r.payout_run_id } })} download>
                    {t('download')}
                  </a>
                ),
              },
            ]}
            rows={list}
            rowId={(r) => r.payout_run_id}
            detail={(r) => <RunItems runId={r.payout_run_id} />}
          />
        )}
      </QueryView>
    </section>
  );
}

function RunItems({ runId }: { runId: number }) {
  const detail = useQuery({ queryKey: ['ops', 'payouts', 'run', runId], queryFn: () => api(opsMoneyRoutes.payoutRunGet, { params: { payout_run_id: runId } }) });
  return (
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
  );
}
