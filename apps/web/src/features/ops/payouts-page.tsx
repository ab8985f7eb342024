import { useEffect, useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PAYOUT_ITEM_STATE,
  PAYOUT_RUN_MODE,
  opsMoneyRoutes,
  type PayoutItemState,
  type PayoutRunDetail,
  type PayoutRunMode,
} from '@pmw/contract/ops';
import { PAYOUT_METHOD } from '@pmw/contract/partner-profile';
import { FINANCIAL_YEAR_PATTERN, TDS_QUARTERS, financialYearOf, financialYearRange } from '@pmw/contract/tds';
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
  const [mode, setMode] = useState<PayoutRunMode>(PAYOUT_RUN_MODE.bankFile);
  const candidates = preview.data?.candidates ?? [];
  const payable = candidates.filter((c) => !c.hold_reason);
  // Everyone payable is chosen again whenever the preview changes.
  useEffect(() => setChosen(Object.fromEntries(payable.map((c) => [c.user_id, true]))), [preview.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const paying = payable.filter((c) => chosen[c.user_id]);
  const total = paying.reduce((s, c) => s + c.net_paise, 0);

  const run = useMutation({
    mutationFn: () =>
      apiWithMessage(opsMoneyRoutes.payoutRun, {
        body: {
          request_key: requestKey,
          mode,
          user_ids: [...paying.map((c) => c.user_id), ...candidates.filter((c) => c.hold_reason).map((c) => c.user_id)],
        },
      }),
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
      {preview.data && (
        <p className="muted" data-testid="payout-rules">
          {t('payoutRules', {
            minimum: rupees(preview.data.rules.minimum_paise),
            days: preview.data.rules.hold_days,
            rate: preview.data.rules.tds_rate_percent,
            noPan: preview.data.rules.tds_no_pan_rate_percent,
            threshold: rupees(preview.data.rules.tds_threshold_paise),
          })}
        </p>
      )}
      <h2>{t('payoutCandidates')}</h2>
      <QueryView
        query={preview}
        isEmpty={(d) => d.candidates.length === 0}
        empty={
          <EmptyState
            text={t('payoutsEmpty')}
            links={[
              { to: '/ops/leads', label: t('goLeads') },
              { to: '/ops/kyc', label: t('goKyc') },
              { to: '/ops/banks', label: t('goBanks') },
            ]}
          />
        }
      >
        {(d) => (
          <DataTable
            label={t('payoutCandidates')}
            columns={[
              {
                id: 'partner',
                header: t('colPartner'),
                sortValue: (c) => c.name ?? '',
                cell: (c) => (
                  <>
                    {c.name ?? '—'}{' '}
                    <span className="muted">
                      PMW{c.user_id} · {c.mobile}
                    </span>
                  </>
                ),
              },
              { id: 'balance', header: t('colBalance'), cell: (c) => rupees(c.balance_paise), sortValue: (c) => c.balance_paise },
              {
                id: 'gross',
                header: t('colGross'),
                cell: (c) => (c.hold_reason ? '—' : rupees(c.payable_paise)),
                sortValue: (c) => c.payable_paise,
              },
              { id: 'tds', header: t('colTds'), cell: (c) => (c.hold_reason ? '—' : rupees(c.tds_paise)), sortValue: (c) => c.tds_paise },
              { id: 'net', header: t('colNet'), cell: (c) => (c.hold_reason ? '—' : rupees(c.net_paise)), sortValue: (c) => c.net_paise },
              {
                id: 'bank',
                header: t('colBank'),
                cell: (c) =>
                  c.bank
                    ? c.bank.method === PAYOUT_METHOD.upi
                      ? `${t('upiMethod')} · ${c.bank.account_no}`
                      : `${c.bank.bank_name} · ${c.bank.ifsc_code} · ${c.bank.account_no}`
                    : '—',
              },
              {
                id: 'hold',
                header: t('colHold'),
                sortValue: (c) => c.hold_reason ?? '',
                cell: (c) =>
                  c.hold_reason ? (
                    <span className="badge badge--warning">{c.hold_reason}</span>
                  ) : (
                    <span className="badge badge--success">{t('willPay')}</span>
                  ),
              },
            ]}
            rows={d.candidates}
            rowId={(c) => c.user_id}
            selection={{
              selected: chosen,
              onChange: setChosen,
              canSelect: (c) => !c.hold_reason,
              rowLabel: (c) => `${c.name ?? c.mobile} PMW${c.user_id}`,
            }}
          />
        )}
      </QueryView>
      <fieldset className="ops__mode">
        <legend>{t('payoutMode')}</legend>
        <label>
          <input
            type="radio"
            name="payout-mode"
            checked={mode === PAYOUT_RUN_MODE.bankFile}
            onChange={() => setMode(PAYOUT_RUN_MODE.bankFile)}
          />{' '}
          {t('modeBankFile')}
        </label>
        <label>
          <input
            type="radio"
            name="payout-mode"
            checked={mode === PAYOUT_RUN_MODE.provider}
            onChange={() => setMode(PAYOUT_RUN_MODE.provider)}
          />{' '}
          {t('modeProvider', { provider: preview.data?.rules.provider ?? '' })}
        </label>
      </fieldset>
      <p>
        <button type="button" className="button" disabled={!paying.length || run.isPending} onClick={() => setConfirming(true)}>
          {t('runPayout', { n: paying.length })}
        </button>
      </p>
      <ConfirmDialog
        open={confirming}
        message={t(mode === PAYOUT_RUN_MODE.provider ? 'runConfirmProvider' : 'runConfirm', { amount: rupees(total), n: paying.length })}
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
              {
                id: 'mode',
                header: t('colMode'),
                cell: (r) => (r.mode === PAYOUT_RUN_MODE.provider ? t('modeProviderShort') : t('modeBankFileShort')),
              },
              { id: 'paid', header: t('colPaid'), cell: (r) => r.paid_count },
              { id: 'held', header: t('colHeld'), cell: (r) => r.held_count },
              { id: 'total', header: t('colTotal'), cell: (r) => rupees(r.total_paise), sortValue: (r) => r.total_paise },
              {
                id: 'file',
                header: t('download'),
                cell: (r) =>
                  r.mode === PAYOUT_RUN_MODE.provider ? (
                    '—'
                  ) : (
                    <a
                      className="button button--ghost button--small"
                      href={routeUrl(opsMoneyRoutes.payoutRunFile, { params: { payout_run_id: r.payout_run_id } })}
                      download
                    >
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
      <TdsReport />
    </section>
  );
}

const STATE_BADGE: Record<PayoutItemState, string> = {
  [PAYOUT_ITEM_STATE.queued]: 'badge--warning',
  [PAYOUT_ITEM_STATE.processing]: 'badge--warning',
  [PAYOUT_ITEM_STATE.paid]: 'badge--success',
  [PAYOUT_ITEM_STATE.failed]: 'badge--danger',
  [PAYOUT_ITEM_STATE.held]: 'badge--warning',
};
const STATE_LABEL = {
  [PAYOUT_ITEM_STATE.queued]: 'stateQueued',
  [PAYOUT_ITEM_STATE.processing]: 'stateProcessing',
  [PAYOUT_ITEM_STATE.paid]: 'paidStatus',
  [PAYOUT_ITEM_STATE.failed]: 'stateFailed',
  [PAYOUT_ITEM_STATE.held]: 'heldStatus',
} as const;

/** A run's items with their state, bank reference or failure, and what moves them on (the bank's response file, or asking the provider). */
function RunItems({ runId }: { runId: number }) {
  const qc = useQueryClient();
  const detail = useQuery({
    queryKey: ['ops', 'payouts', 'run', runId],
    queryFn: () => api(opsMoneyRoutes.payoutRunGet, { params: { payout_run_id: runId } }),
  });
  const refresh = () => void qc.invalidateQueries({ queryKey: ['ops', 'payouts'] });
  const poll = useMutation({
    mutationFn: () => apiWithMessage(opsMoneyRoutes.payoutRunPoll, { params: { payout_run_id: runId } }),
    onSuccess: refresh,
    onError: showError,
  });
  return (
    <QueryView query={detail}>
      {(d) => (
        <>
          <ul className="ops__run-items" aria-label={t('runDetail', { id: runId })}>
            {d.items.map((i) => (
              <li key={i.user_id}>
                <span className={`badge ${STATE_BADGE[i.state]}`}>{t(STATE_LABEL[i.state])}</span> {i.name ?? '—'} PMW{i.user_id} ·{' '}
                {i.state === PAYOUT_ITEM_STATE.held
                  ? rupees(i.amount_paise)
                  : t('grossTdsNet', { gross: rupees(i.gross_paise), tds: rupees(i.tds_paise), net: rupees(i.net_paise) })}
                {i.reason ? ` · ${i.reason}` : ''}
                {i.utr ? ` · ${t('utrLabel', { utr: i.utr })}` : ''}
                {i.failure_reason ? ` · ${t('failedBecause', { reason: i.failure_reason })}` : ''}
                {i.account_no ? ` · ${i.bank_name ?? ''} ${i.ifsc_code ?? ''} ${i.account_no}` : ''}
                {i.state !== PAYOUT_ITEM_STATE.held && <span className="muted"> · {i.reference}</span>}
              </li>
            ))}
          </ul>
          {d.mode === PAYOUT_RUN_MODE.provider ? (
            <button type="button" className="button button--ghost button--small" disabled={poll.isPending} onClick={() => poll.mutate()}>
              {t('pollProvider')}
            </button>
          ) : (
            <BankResponseForm run={d} onDone={refresh} />
          )}
        </>
      )}
    </QueryView>
  );
}

/** Uploads the bank's response file (Customer Reference Number, UTR, Status, Reason) and shows what was not applied. */
function BankResponseForm({ run, onDone }: { run: PayoutRunDetail; onDone: () => void }) {
  const [csv, setCsv] = useState('');
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: () => apiWithMessage(opsMoneyRoutes.payoutRunResponse, { params: { payout_run_id: run.payout_run_id }, body: { csv } }),
    onSuccess: (r) => {
      showSuccess(r.message);
      onDone();
    },
    onError: showError,
  });
  const result = upload.data?.data;
  const id = `bank-response-${run.payout_run_id}`;
  if (!run.items.some((i) => i.state !== PAYOUT_ITEM_STATE.held)) return null;
  return (
    <form
      className="ops__bank-response"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!csv.trim()) {
          setError(t('bankResponseRequired'));
          return;
        }
        setError(null);
        upload.mutate();
      }}
    >
      <div className="field">
        <label htmlFor={id}>{t('bankResponseFile')}</label>
        <input
          id={id}
          type="file"
          accept=".csv,text/csv"
          className="input"
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(e) =>
            void e.target.files?.[0]?.text().then((text) => {
              setCsv(text);
              setError(null);
            })
          }
        />
        <p id={`${id}-hint`} className="muted">
          {t('bankResponseHint')}
        </p>
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button button--small" disabled={upload.isPending}>
        {t('bankResponseUpload')}
      </button>
      {result && (
        <div role="status">
          <p>{t('bankResponseResult', { paid: result.paid, failed: result.failed })}</p>
          {(result.unknown.length > 0 || result.repeated.length > 0 || result.invalid.length > 0) && (
            <ul>
              {result.unknown.map((r) => (
                <li key={`u${r.line}`}>{t('bankRowUnknown', { line: r.line, reference: r.reference })}</li>
              ))}
              {result.repeated.map((r) => (
                <li key={`r${r.line}`}>{t('bankRowRepeated', { line: r.line, reference: r.reference })}</li>
              ))}
              {result.invalid.map((r) => (
                <li key={`i${r.line}`}>{t('bankRowInvalid', { line: r.line, message: r.message })}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}

/** The quarterly TDS report: a year and a quarter (or all four), downloaded as CSV. */
function TdsReport() {
  const [fy, setFy] = useState(() => financialYearOf(new Date()));
  const [quarter, setQuarter] = useState<number | ''>('');
  const valid = FINANCIAL_YEAR_PATTERN.test(fy) && financialYearRange(fy) !== null;
  return (
    <section aria-labelledby="tds-report-title" className="card">
      <h2 id="tds-report-title">{t('tdsReportTitle')}</h2>
      <p className="muted">{t('tdsReportHelp')}</p>
      <div className="filters">
        <div className="field">
          <label htmlFor="tds-fy">{t('financialYear')}</label>
          <input
            id="tds-fy"
            className="input"
            value={fy}
            maxLength={7}
            onChange={(e) => setFy(e.target.value.trim())}
            aria-invalid={!valid}
            aria-describedby={valid ? undefined : 'tds-fy-error'}
          />
          {!valid && (
            <p id="tds-fy-error" className="field__error" role="alert">
              {t('fyInvalid')}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="tds-quarter">{t('quarter')}</label>
          <select
            id="tds-quarter"
            className="input"
            value={quarter}
            onChange={(e) => setQuarter(e.target.value ? Number(e.target.value) : '')}
          >
            <option value="">{t('allQuarters')}</option>
            {TDS_QUARTERS.map((q) => (
              <option key={q} value={q}>
                {t('quarterN', { n: q })}
              </option>
            ))}
          </select>
        </div>
      </div>
      {valid ? (
        <a className="button" href={routeUrl(opsMoneyRoutes.tdsReport, { query: { fy, ...(quarter ? { quarter } : {}) } })} download>
          {t('downloadTdsReport')}
        </a>
      ) : (
        <button type="button" className="button" disabled>
          {t('downloadTdsReport')}
        </button>
      )}
    </section>
  );
}
