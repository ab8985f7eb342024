import { useRef, useState, type KeyboardEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsRoutes, type LeadActionResult, type OpsLead } from '@pmw/contract/ops';
import { opsProjectRoutes } from '@pmw/contract/ops-projects';
import { api, apiWithMessage } from '../../shared/api-client';
import { Dialog } from '../../shared/dialog';
import { showError, showMessage, showSuccess } from '../../shared/message-bar';
import { FileButton, Pager, QueryView, ReasonDialog, StatusBadge, rupees, when } from './common';
import { t } from './messages';

interface Filters {
  job_id?: number | undefined;
  status?: number | undefined;
  sub_status?: number | undefined;
  archive_status?: number | undefined;
  partner_user_id?: number | undefined;
  team_id?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}
const LIMIT = 50;
const num = (v: FormDataEntryValue | null) => (v === null || v === '' ? undefined : Number(v));
const str = (v: FormDataEntryValue | null) => (v === null || v === '' ? undefined : String(v));

/** The verification queue: filters, a keyboard-driven table, bulk actions and the lead's details. */
export function LeadsPage() {
  const qc = useQueryClient();
  const [filters, setFilters] = useState<Filters>({ status: 0, archive_status: 0 });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [cursor, setCursor] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const [asking, setAsking] = useState<null | 'reject' | 'details'>(null);
  const tableRef = useRef<HTMLTableSectionElement>(null);

  const projects = useQuery({ queryKey: ['ops', 'projects', ''], queryFn: () => api(opsProjectRoutes.list, { query: { q: '' } }) });
  const leads = useQuery({ queryKey: ['ops', 'leads', filters, page], queryFn: () => api(opsRoutes.leads, { query: { ...filters, page, limit: LIMIT } }) });
  const rows = leads.data?.rows ?? [];

  const report = (r: { data: LeadActionResult; message: string }) => {
    const failed = r.data.results.filter((x) => !x.ok);
    if (failed.length) showMessage('error', `${r.message}: ${failed.map((f) => `${f.form_response_id} ${f.message}`).join('; ')}`);
    else showSuccess(r.message);
    setSelected(new Set());
    void qc.invalidateQueries({ queryKey: ['ops', 'leads'] });
    void qc.invalidateQueries({ queryKey: ['ops', 'lead'] });
  };
  const approve = useMutation({
    mutationFn: (ids: number[]) => apiWithMessage(opsRoutes.approveLeads, { body: { form_response_ids: ids } }),
    onSuccess: report,
    onError: showError,
  });
  const target = (): number[] => (selected.size ? [...selected] : rows[cursor] ? [rows[cursor].form_response_id] : []);
  const [asked, setAsked] = useState<number[]>([]);
  const ask = (kind: 'reject' | 'details') => {
    const ids = target();
    if (!ids.length) return;
    setAsked(ids);
    setAsking(kind);
  };

  const toggle = (id: number) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const focusRow = (i: number) => {
    const clamped = Math.max(0, Math.min(rows.length - 1, i));
    setCursor(clamped);
    tableRef.current?.querySelectorAll<HTMLTableRowElement>('tr')[clamped]?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    const tag = (e.target as HTMLElement).tagName;
    if (tag === 'INPUT' && (e.target as HTMLInputElement).type !== 'checkbox') return;
    if (tag === 'SELECT' || tag === 'TEXTAREA' || e.ctrlKey || e.metaKey || e.altKey) return;
    const row = rows[cursor];
    if (e.key === 'j' || e.key === 'ArrowDown') focusRow(cursor + 1);
    else if (e.key === 'k' || e.key === 'ArrowUp') focusRow(cursor - 1);
    else if (e.key === 'x' && row) toggle(row.form_response_id);
    else if (e.key === 'Enter' && row && tag === 'TR') setOpenId(row.form_response_id);
    else if (e.key === 'a') approve.mutate(target());
    else if (e.key === 'r') ask('reject');
    else if (e.key === 'd') ask('details');
    else return;
    e.preventDefault();
  };

  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.form_response_id));
  return (
    <section aria-labelledby="leads-title">
      <h1 id="leads-title">{t('leadsTitle')}</h1>
      <ExpiryPanel />
      <form
        className="ops__filters"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const expired = str(f.get('archive_status'));
          const status = str(f.get('status'));
          setFilters({
            job_id: num(f.get('job_id')),
            status: status === 'details' ? 0 : num(status ?? null),
            sub_status: status === 'details' ? 1 : undefined,
            archive_status: num(expired ?? null),
            partner_user_id: num(f.get('partner_user_id')),
            team_id: num(f.get('team_id')),
            from: str(f.get('from')),
            to: str(f.get('to')),
          });
          setPage(1);
          setSelected(new Set());
        }}
      >
        <div className="field">
          <label htmlFor="lf-project">{t('fProject')}</label>
          <select id="lf-project" name="job_id" className="input" defaultValue="">
            <option value="">{t('fAnyProject')}</option>
            {projects.data?.map((p) => (
              <option key={p.job_id} value={p.job_id}>
                {p.job_id} · {p.job_title}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="lf-status">{t('fStatus')}</label>
          <select id="lf-status" name="status" className="input" defaultValue="0">
            <option value="">{t('fAny')}</option>
            <option value="0">{t('sPending')}</option>
            <option value="details">{t('sNeedsDetails')}</option>
            <option value="1">{t('sApproved')}</option>
            <option value="2">{t('sRejected')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="lf-expired">{t('fExpired')}</label>
          <select id="lf-expired" name="archive_status" className="input" defaultValue="0">
            <option value="">{t('fAny')}</option>
            <option value="0">{t('fActive')}</option>
            <option value="1">{t('fExpiredOnly')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="lf-from">{t('fFrom')}</label>
          <input id="lf-from" name="from" type="date" className="input" />
        </div>
        <div className="field">
          <label htmlFor="lf-to">{t('fTo')}</label>
          <input id="lf-to" name="to" type="date" className="input" />
        </div>
        <div className="field">
          <label htmlFor="lf-partner">{t('fPartner')}</label>
          <input id="lf-partner" name="partner_user_id" inputMode="numeric" pattern="[0-9]*" className="input" />
        </div>
        <div className="field">
          <label htmlFor="lf-team">{t('fTeam')}</label>
          <input id="lf-team" name="team_id" inputMode="numeric" pattern="[0-9]*" className="input" />
        </div>
        <button type="submit" className="button">
          {t('apply')}
        </button>
      </form>

      <div className="ops__toolbar" role="toolbar" aria-label={t('selected', { n: selected.size })}>
        <span aria-live="polite">{t('selected', { n: selected.size })}</span>
        <button type="button" className="button button--small" disabled={!target().length || approve.isPending} onClick={() => approve.mutate(target())}>
          {t('approve')}
        </button>
        <button type="button" className="button button--small button--danger" disabled={!target().length} onClick={() => ask('reject')}>
          {t('reject')}
        </button>
        <button type="button" className="button button--small button--ghost" disabled={!target().length} onClick={() => ask('details')}>
          {t('needsDetails')}
        </button>
        <span className="muted ops__hint">{t('shortcuts')}</span>
      </div>

      <QueryView query={leads} isEmpty={(d) => d.rows.length === 0}>
        {(data) => (
          <>
            <div className="table-wrap" onKeyDown={onKey}>
              <table className="table ops__table">
                <thead>
                  <tr>
                    <th scope="col">
                      <input
                        type="checkbox"
                        aria-label={t('selectAll')}
                        checked={allOnPage}
                        onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map((r) => r.form_response_id)))}
                      />
                    </th>
                    <th scope="col">{t('colLead')}</th>
                    <th scope="col">{t('colProject')}</th>
                    <th scope="col">{t('colCustomer')}</th>
                    <th scope="col">{t('colBy')}</th>
                    <th scope="col">{t('colPayout')}</th>
                    <th scope="col">{t('colStatus')}</th>
                    <th scope="col">{t('colDate')}</th>
                  </tr>
                </thead>
                <tbody ref={tableRef}>
                  {data.rows.map((r, i) => (
                    <tr key={r.form_response_id} tabIndex={i === cursor ? 0 : -1} aria-selected={selected.has(r.form_response_id)} className={i === cursor ? 'is-cursor' : undefined} onFocus={() => setCursor(i)}>
                      <td>
                        <input type="checkbox" aria-label={t('leadTitle', { id: r.form_response_id })} checked={selected.has(r.form_response_id)} onChange={() => toggle(r.form_response_id)} />
                      </td>
                      <td>
                        <button type="button" className="link-button" onClick={() => setOpenId(r.form_response_id)}>
                          {r.form_response_id}
                        </button>
                      </td>
                      <td>{r.job_title}</td>
                      <td>
                        {r.customer_name ?? '—'}
                        <br />
                        <span className="muted">{r.customer_mobile}</span>
                      </td>
                      <td>{submitter(r)}</td>
                      <td>{rupees(r.payout_paise)}</td>
                      <td>
                        <StatusBadge status={r.status} subStatus={r.sub_status} archived={r.archive_status} />
                      </td>
                      <td>{when(r.created_on)}</td>
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
      {openId !== null && <LeadDialog id={openId} onClose={() => setOpenId(null)} onApprove={(id) => approve.mutate([id])} onAsk={(id, kind) => { setAsked([id]); setAsking(kind); }} />}
    </section>
  );
}

const submitter = (r: OpsLead) => (r.partner_user_id ? `${r.partner_name ?? ''} (PMW${r.partner_user_id})` : r.team_member_user_id ? t('teamMember', { id: r.team_member_user_id, team: r.team_id ?? '—' }) : '—');

function LeadDialog(props: { id: number; onClose: () => void; onApprove: (id: number) => void; onAsk: (id: number, kind: 'reject' | 'details') => void }) {
  const lead = useQuery({ queryKey: ['ops', 'lead', props.id], queryFn: () => api(opsRoutes.lead, { params: { form_response_id: props.id } }) });
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
          <button type="button" className="button" onClick={() => props.onApprove(props.id)}>
            {t('approve')}
          </button>
        </>
      }
    >
      <QueryView query={lead}>
        {(l) => (
          <div className="ops__lead">
            <p>
              <StatusBadge status={l.status} subStatus={l.sub_status} archived={l.archive_status} /> {l.job_title} · {rupees(l.payout_paise)} · {when(l.created_on)}
            </p>
            <p>{submitter(l)}</p>
            {l.status_comment && <p className="muted">{l.status_comment}</p>}
            <h3>{t('inputs')}</h3>
            <dl className="ops__dl">
              {l.inputs.map((i) => (
                <div key={i.input_id}>
                  <dt>{i.label}</dt>
                  <dd>{i.file_id ? <FileButton fileId={i.file_id} label={t('attachment')} /> : (i.value ?? <span className="muted">{t('noValue')}</span>)}</dd>
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
                      {p.type === 1 ? t('credit') : t('debit')} {rupees(p.amount_paise)} · {when(p.created_on)} · <code>{p.idempotency_key}</code>
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
