import { useMemo, useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteQuery } from '@pmw/contract/api';
import { APPROVAL_UNDO_SECONDS, opsRoutes, type LeadActionResult, type OpsLead } from '@pmw/contract/ops';
import { opsProjectRoutes } from '@pmw/contract/ops-projects';
import { api, apiWithMessage } from '../../shared/api-client';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { Dialog } from '../../shared/dialog';
import { showError, showMessage, showSuccess } from '../../shared/message-bar';
import { EmptyState, FileButton, QueryView, ReasonDialog, StatusBadge, rupees, when } from './common';
import { DataTable, selectedIds, type Column } from './data-table';
import { FilterForm, numberOrNone } from './filter-form';
import { t } from './messages';
import { LeadRiskSection, RiskCell } from './risk-panel';
import { LEAD_ARCHIVE_STATUS, LEAD_STATUS } from '@pmw/contract/lead-status';
import { WALLET_TX_TYPE } from '@pmw/contract/wallet';
import { useCountdown } from '../../shared/use-countdown';

type Filters = Omit<RouteQuery<typeof opsRoutes.leads>, 'page' | 'limit'>;
const LIMIT = 50;
const statusChoices = () => [
  { value: '', label: t('fAny') },
  { value: '0', label: t('sPending') },
  { value: 'details', label: t('sNeedsDetails') },
  { value: '1', label: t('sApproved') },
  { value: '2', label: t('sRejected') },
];

const linkDay = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
const linkDigit = (v: string | null, max: number) => (v && /^\d$/.test(v) && Number(v) <= max ? Number(v) : undefined);

/** The queue as the dashboard links to it (?status=&archive_status=&from=&to=), else the pending leads. */
function linkedFilters(): Filters {
  const q = new URLSearchParams(window.location.search);
  if (!['status', 'archive_status', 'from', 'to'].some((k) => q.has(k)))
    return { status: LEAD_STATUS.pending, archive_status: LEAD_ARCHIVE_STATUS.live };
  const f: Filters = {};
  const status = linkDigit(q.get('status'), 2);
  const archive = linkDigit(q.get('archive_status'), 1);
  const from = linkDay(q.get('from'));
  const to = linkDay(q.get('to'));
  if (status !== undefined) f.status = status;
  if (archive !== undefined) f.archive_status = archive;
  if (from) f.from = from;
  if (to) f.to = to;
  return f;
}

/** The verification queue: filters, a keyboard-driven table, bulk actions and the lead's details. */
export function LeadsPage() {
  const qc = useQueryClient();
  const [linked] = useState(linkedFilters);
  const [filters, setFilters] = useState<Filters>(linked);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [cursor, setCursor] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const [asking, setAsking] = useState<null | 'reject' | 'details'>(null);
  // Approving credits money at once: asked first (how many, how much), then said on the page until the next action.
  // The approval asked about: the count, the money and how many of the leads are high risk.
  const [approving, setApproving] = useState<{ ids: number[]; total: number; high: number } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The last approval, undoable from its message for APPROVAL_UNDO_SECONDS; after that the message points to rejecting.
  const [approval, setApproval] = useState<{ ids: number[]; total: number } | null>(null);
  const undoWindow = useCountdown(APPROVAL_UNDO_SECONDS);

  const projects = useQuery({ queryKey: ['ops', 'projects', ''], queryFn: () => api(opsProjectRoutes.list, { query: { q: '' } }) });
  const leads = useQuery({
    queryKey: ['ops', 'leads', filters, page],
    queryFn: () => api(opsRoutes.leads, { query: { ...filters, page, limit: LIMIT } }),
  });
  const rows = leads.data?.rows ?? [];
  const columns = useMemo(() => leadColumns(setOpenId), []);

  const report = (r: { data: LeadActionResult; message: string }) => {
    setDone(null);
    setApproval(null);
    const failed = r.data.results.filter((x) => !x.ok);
    if (failed.length) showMessage('error', `${r.message}: ${failed.map((f) => `${f.form_response_id} ${f.message}`).join('; ')}`);
    else showSuccess(r.message);
    setSelected({});
    void qc.invalidateQueries({ queryKey: ['ops', 'leads'] });
    void qc.invalidateQueries({ queryKey: ['ops', 'lead'] });
  };
  // High-risk leads are approved only after a second confirmation (the API refuses them without it).
  const approve = useMutation({
    mutationFn: (asked: { ids: number[]; total: number; high: number }) =>
      apiWithMessage(opsRoutes.approveLeads, {
        body: { form_response_ids: asked.ids, ...(asked.high ? { confirm_high_risk: true as const } : {}) },
      }),
    onSuccess: (r, asked) => {
      report(r);
      const credited = r.data.results.filter((x) => x.ok && x.changed).map((x) => x.form_response_id);
      const total = credited.length === asked.ids.length ? asked.total : credited.reduce((sum, id) => sum + (payouts.get(id) ?? 0), 0);
      setDone(t('approvedDone', { message: r.message, total: rupees(total) }));
      setApproval(credited.length ? { ids: credited, total } : null);
      undoWindow.restart();
      setApproving(null);
      setOpenId(null);
    },
    onError: (err) => {
      setApproving(null);
      showError(err);
    },
  });
  // Undone while the window is open: the server refuses it afterwards, or once a payout run paid the money.
  const undo = useMutation({
    mutationFn: (asked: { ids: number[]; total: number }) =>
      apiWithMessage(opsRoutes.undoApproveLeads, { body: { form_response_ids: asked.ids } }),
    onSuccess: (r, asked) => {
      report(r);
      const undone = r.data.results.filter((x) => x.ok && x.changed).map((x) => x.form_response_id);
      const total = undone.length === asked.ids.length ? asked.total : undone.reduce((sum, id) => sum + (payouts.get(id) ?? 0), 0);
      setDone(t('undoneDone', { message: r.message, total: rupees(total) }));
    },
    onError: showError,
  });
  const undoable = undoWindow.done ? null : approval;
  const payouts = new Map(rows.map((r) => [r.form_response_id, r.payout_paise]));
  /** One question before money moves: the count and total, and a second look when high-risk leads are among them. */
  const askApprove = (ids: number[], known?: { payout?: number | undefined; high?: number | undefined }) => {
    if (!ids.length) return;
    const high = known?.high ?? rows.filter((r) => ids.includes(r.form_response_id) && r.risk_level === 'high').length;
    setApproving({ ids, total: known?.payout ?? ids.reduce((sum, id) => sum + (payouts.get(id) ?? 0), 0), high });
  };
  // An unverified team lead (queued offline without the customer's OTP) after ops called the customer.
  const verifyByCall = useMutation({
    mutationFn: (ids: number[]) => apiWithMessage(opsRoutes.verifyByCall, { body: { form_response_ids: ids } }),
    onSuccess: report,
    onError: showError,
  });
  const chosen = selectedIds(selected);
  const target = (): number[] => (chosen.length ? chosen : rows[cursor] ? [rows[cursor].form_response_id] : []);
  const [asked, setAsked] = useState<number[]>([]);
  const ask = (kind: 'reject' | 'details') => {
    const ids = target();
    if (!ids.length) return;
    setAsked(ids);
    setAsking(kind);
  };

  return (
    <section aria-labelledby="leads-title">
      <h1 id="leads-title">{t('leadsTitle')}</h1>
      <ExpiryPanel />
      <FilterForm
        submitLabel={t('apply')}
        fields={[
          {
            name: 'job_id',
            label: t('fProject'),
            options: [
              { value: '', label: t('fAnyProject') },
              ...(projects.data ?? []).map((p) => ({ value: String(p.job_id), label: `${p.job_id} · ${p.job_title}` })),
            ],
          },
          { name: 'status', label: t('fStatus'), defaultValue: String(linked.status ?? ''), options: statusChoices() },
          {
            name: 'archive_status',
            label: t('fExpired'),
            defaultValue: String(linked.archive_status ?? ''),
            options: [
              { value: '', label: t('fAny') },
              { value: '0', label: t('fActive') },
              { value: '1', label: t('fExpiredOnly') },
            ],
          },
          { name: 'from', label: t('fFrom'), type: 'date', defaultValue: linked.from ?? '' },
          { name: 'to', label: t('fTo'), type: 'date', defaultValue: linked.to ?? '' },
          { name: 'partner_user_id', label: t('fPartner'), numeric: true },
          { name: 'team_id', label: t('fTeam'), numeric: true },
          {
            name: 'risk',
            label: t('fRisk'),
            options: [
              { value: '', label: t('fAny') },
              { value: 'review,high', label: t('fRiskFlagged') },
              { value: 'high', label: t('fRiskHigh') },
              { value: 'none', label: t('fRiskNone') },
            ],
          },
          {
            name: 'sort',
            label: t('fSort'),
            options: [
              { value: 'newest', label: t('fSortNewest') },
              { value: 'risk', label: t('fSortRisk') },
            ],
          },
          {
            name: 'mobile_check',
            label: t('fMobileCheck'),
            options: [
              { value: '', label: t('fAny') },
              { value: 'unverified', label: t('fUnverifiedOnly') },
              { value: 'otp', label: t('fCheckedByOtp') },
              { value: 'call', label: t('fCheckedByCall') },
            ],
          },
        ]}
        onApply={(f) => {
          setFilters({
            job_id: numberOrNone(f.job_id),
            status: f.status === 'details' ? 0 : numberOrNone(f.status),
            sub_status: f.status === 'details' ? 1 : undefined,
            archive_status: numberOrNone(f.archive_status),
            partner_user_id: numberOrNone(f.partner_user_id),
            team_id: numberOrNone(f.team_id),
            mobile_check: mobileCheckOrNone(f.mobile_check),
            risk: f.risk || undefined,
            sort: f.sort === 'risk' ? 'risk' : undefined,
            from: f.from,
            to: f.to,
          });
          setPage(1);
          setSelected({});
        }}
      />

      <div className="ops__toolbar" role="toolbar" aria-label={t('selected', { n: chosen.length })}>
        <span aria-live="polite">{t('selected', { n: chosen.length })}</span>
        <button
          type="button"
          className="button button--small"
          disabled={!target().length || approve.isPending}
          onClick={() => askApprove(target())}
        >
          {t('approve')}
        </button>
        <button type="button" className="button button--small button--danger" disabled={!target().length} onClick={() => ask('reject')}>
          {t('reject')}
        </button>
        <button type="button" className="button button--small button--ghost" disabled={!target().length} onClick={() => ask('details')}>
          {t('needsDetails')}
        </button>
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={!target().length || verifyByCall.isPending}
          onClick={() => verifyByCall.mutate(target())}
        >
          {t('verifyByCall')}
        </button>
        <span className="muted ops__hint">{t('shortcuts')}</span>
      </div>
      <div className="ops__done">
        <p role="status">
          {done}
          {approval && !undoable ? ` ${t('approvedRejectHint')}` : null}
        </p>
        {undoable && (
          <p className="ops__undo">
            <span className="muted">{t('approvedUndoable', { s: undoWindow.left })}</span>{' '}
            <button
              type="button"
              className="button button--small button--ghost"
              aria-label={t('undoApprovalOf', { n: undoable.ids.length, total: rupees(undoable.total) })}
              disabled={undo.isPending}
              onClick={() => undo.mutate(undoable)}
            >
              {t('undoApproval')}
            </button>
          </p>
        )}
      </div>

      <QueryView
        query={leads}
        isEmpty={(d) => d.rows.length === 0}
        empty={<EmptyState text={t('leadsEmpty')} links={[{ to: '/ops/projects', label: t('goProjects') }]} />}
      >
        {(data) => (
          <DataTable
            label={t('leadsTitle')}
            columns={columns}
            rows={data.rows}
            rowId={(r) => r.form_response_id}
            paging={{ page, limit: LIMIT, count: data.count, onPage: setPage }}
            selection={{ selected, onChange: setSelected, rowLabel: (r) => t('leadTitle', { id: r.form_response_id }) }}
            keyboard={{
              cursor,
              onCursor: setCursor,
              onOpen: (r) => setOpenId(r.form_response_id),
              shortcuts: { a: () => askApprove(target()), r: () => ask('reject'), d: () => ask('details') },
            }}
          />
        )}
      </QueryView>

      <ConfirmDialog
        open={approving !== null}
        message={
          approving?.high
            ? t('riskConfirmTitle', { n: approving.high })
            : approving && approving.ids.length === 1
              ? t('approveAskOne', { total: rupees(approving.total) })
              : t('approveAskMany', { n: approving?.ids.length ?? 0, total: rupees(approving?.total ?? 0) })
        }
        confirmLabel={approving?.high ? t('riskConfirm') : t('approveConfirm')}
        cancelLabel={t('cancel')}
        danger={!!approving?.high}
        busy={approve.isPending}
        onCancel={() => setApproving(null)}
        onConfirm={() => approving && approve.mutate(approving)}
      >
        {approving?.high ? <p>{t('approveAskMany', { n: approving.ids.length, total: rupees(approving.total) })}</p> : null}
        <p className="muted">{t('approveAskNote')}</p>
      </ConfirmDialog>
      <ReasonDialog
        open={asking !== null}
        title={asking === 'reject' ? t('rejectTitle', { n: asked.length }) : t('detailsTitle', { n: asked.length })}
        label={t('comment')}
        confirm={asking === 'reject' ? t('reject') : t('needsDetails')}
        danger={asking === 'reject'}
        onClose={() => setAsking(null)}
        onSubmit={async (comment) => {
          const route = asking === 'reject' ? opsRoutes.rejectLeads : opsRoutes.needsDetails;
          report(await apiWithMessage(route, { body: { form_response_ids: asked, comment } }));
        }}
      />
      {openId !== null && (
        <LeadDialog
          id={openId}
          onClose={() => setOpenId(null)}
          onOpen={setOpenId}
          onApprove={(id, payout, high) => askApprove([id], { payout, high: high ? 1 : 0 })}
          onAsk={(id, kind) => {
            setAsked([id]);
            setAsking(kind);
          }}
        />
      )}
    </section>
  );
}

const leadColumns = (open: (id: number) => void): Column<OpsLead>[] => [
  {
    id: 'lead',
    header: t('colLead'),
    cell: (r) => (
      <button type="button" className="link-button" onClick={() => open(r.form_response_id)}>
        {r.form_response_id}
      </button>
    ),
  },
  { id: 'project', header: t('colProject'), cell: (r) => r.job_title },
  {
    id: 'customer',
    header: t('colCustomer'),
    cell: (r) => (
      <>
        {r.customer_name ?? '—'}
        <br />
        <span className="muted">{r.customer_mobile}</span>
        <MobileCheckBadge check={r.mobile_check} />
      </>
    ),
  },
  { id: 'by', header: t('colBy'), cell: (r) => submitter(r) },
  { id: 'risk', header: t('colRisk'), cell: (r) => <RiskCell level={r.risk_level} signals={r.risk_signals} /> },
  { id: 'payout', header: t('colPayout'), cell: (r) => rupees(r.payout_paise) },
  {
    id: 'status',
    header: t('colStatus'),
    cell: (r) => <StatusBadge status={r.status} subStatus={r.sub_status} archived={r.archive_status} />,
  },
  { id: 'date', header: t('colDate'), cell: (r) => when(r.created_on) },
];

const MOBILE_CHECKS_SHOWN = ['unverified', 'otp', 'call'] as const;
const mobileCheckOrNone = (v: string | undefined) => MOBILE_CHECKS_SHOWN.find((c) => c === v);

/** Says when a lead's customer mobile still waits for a verifying call, or was verified by one. */
function MobileCheckBadge({ check }: { check: OpsLead['mobile_check'] }) {
  if (check === 'unverified') return <span className="badge badge--warning">{t('mobileUnverified')}</span>;
  if (check === 'call') return <span className="badge badge--success">{t('mobileByCall')}</span>;
  return null;
}

const submitter = (r: OpsLead) => {
  if (r.partner_user_id) return `${r.partner_name ?? ''} (PMW${r.partner_user_id})`;
  if (!r.team_member_user_id) return '—';
  const who = { id: r.team_member_user_id, team: r.team_id ?? '—' };
  return r.team_member_name ? t('teamMemberNamed', { ...who, name: r.team_member_name }) : t('teamMember', who);
};

function LeadDialog(props: {
  id: number;
  onClose: () => void;
  onOpen: (id: number) => void;
  onApprove: (id: number, payout: number | undefined, highRisk: boolean) => void;
  onAsk: (id: number, kind: 'reject' | 'details') => void;
}) {
  const lead = useQuery({
    queryKey: ['ops', 'lead', props.id],
    queryFn: () => api(opsRoutes.lead, { params: { form_response_id: props.id } }),
  });
  return (
    <Dialog
      open
      title={t('leadTitle', { id: props.id })}
      onClose={props.onClose}
      className="ops__wide-dialog"
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={props.onClose}>
            {t('close')}
          </button>
          <button type="button" className="button button--ghost" onClick={() => props.onAsk(props.id, 'details')}>
            {t('needsDetails')}
          </button>
          <button type="button" className="button button--danger" onClick={() => props.onAsk(props.id, 'reject')}>
            {t('reject')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => props.onApprove(props.id, lead.data?.payout_paise, lead.data?.risk.level === 'high')}
          >
            {t('approve')}
          </button>
        </>
      }
    >
      <QueryView query={lead}>
        {(l) => (
          <div className="ops__lead">
            <p>
              <StatusBadge status={l.status} subStatus={l.sub_status} archived={l.archive_status} />{' '}
              <MobileCheckBadge check={l.mobile_check} /> {l.job_title} · {rupees(l.payout_paise)} · {when(l.created_on)}
            </p>
            <p>{submitter(l)}</p>
            <LeadRiskSection leadId={l.form_response_id} risk={l.risk} onOpenLead={props.onOpen} />
            {l.status_comment && <p className="muted">{l.status_comment}</p>}
            <h3>{t('inputs')}</h3>
            <dl className="ops__dl">
              {l.inputs.map((i) => (
                <div key={i.input_id}>
                  <dt>{i.label}</dt>
                  <dd>
                    {i.file_id ? (
                      <FileButton fileId={i.file_id} label={t('attachment')} />
                    ) : (
                      (i.value ?? <span className="muted">{t('noValue')}</span>)
                    )}
                  </dd>
                </div>
              ))}
              {l.location && (
                <div>
                  <dt>{t('location')}</dt>
                  <dd>
                    {l.location.lat.toFixed(5)}, {l.location.lng.toFixed(5)} {l.location.address ?? ''}
                  </dd>
                </div>
              )}
            </dl>
            {l.postings.length > 0 && (
              <>
                <h3>{t('ledger')}</h3>
                <ul>
                  {l.postings.map((p) => (
                    <li key={p.idempotency_key}>
                      {p.type === WALLET_TX_TYPE.credit ? t('credit') : t('debit')} {rupees(p.amount_paise)} · {when(p.created_on)} ·{' '}
                      <code>{p.idempotency_key}</code>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
      </QueryView>
    </Dialog>
  );
}

function ExpiryPanel() {
  const qc = useQueryClient();
  const jobs = useQuery({ queryKey: ['ops', 'jobs'], queryFn: () => api(opsRoutes.jobs) });
  const run = useMutation({
    mutationFn: () => apiWithMessage(opsRoutes.runExpiry),
    onSuccess: (r) => {
      showSuccess(r.message);
      void qc.invalidateQueries({ queryKey: ['ops'] });
    },
    onError: showError,
  });
  const job = jobs.data?.find((j) => j.name === 'lead-expiry');
  return (
    <p className="ops__job">
      <strong>{t('expiryJob')}:</strong>{' '}
      {job ? t('expiryNext', { when: when(job.next_run_at), n: String(job.last_result?.expired ?? 0) }) : t('expiryNever')}{' '}
      <button type="button" className="button button--ghost button--small" disabled={run.isPending} onClick={() => run.mutate()}>
        {t('runNow')}
      </button>
    </p>
  );
}
