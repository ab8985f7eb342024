import { Fragment, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LEAD_STATUS_FILTER_LABELS,
  LEAD_STATUS_TEXT_CODES,
  leadStatusText,
  LEADS_PAGE_SIZE,
  FILE_INPUT_TYPES_SHOWN,
  formatRupees,
  leadStatusQuery,
  leadTiles,
  needsAttachment,
  partnerRoutes,
  type LeadStatusFilter,
  type PartnerProject,
  type ReportCell,
  type ReportRow,
} from '@pmw/contract/partner';
import { partnerTeamRoutes } from '@pmw/contract/partner-team';
import { FILE_RULES, acceptFor, allowedExtensions, fileProblem, type FileKind } from '@pmw/contract/files';
import { CampaignCard } from './campaign/campaign-card';
import { api, routeUrl } from '../../shared/api-client';
import { Field } from '../../shared/field';
import { Dialog } from '../../shared/dialog';
import { QueryView } from '../../shared/query-view';
import { PHONE_QUERY, useMediaQuery } from '../../shared/use-media-query';
import { showError, showSuccess } from '../../shared/message-bar';
import { fileUrl, uploadPartnerFile } from './partner-api';
import { Pager } from './pager';
import { t } from './messages';
import { formatDateTime, textOf, validationText } from '../../shared/i18n';
import { partnerCatalogue } from '@pmw/contract/texts/partner';

interface Filters {
  job_id: string;
  status: LeadStatusFilter;
  start_date: string;
  end_date: string;
  search: string;
  search_comment: string;
}
const EMPTY: Filters = { job_id: '', status: '', start_date: '', end_date: '', search: '', search_comment: '' };

/** What the report calls send for the filters a person chose, as leadStatusQuery maps them. */
function toQuery(f: Filters) {
  const s = leadStatusQuery(f.status);
  return {
    ...(f.job_id ? { job_id: [Number(f.job_id)] } : {}),
    ...(s.status !== undefined ? { status: s.status } : {}),
    archive_status: s.archive_status,
    ...(f.start_date ? { start_date: f.start_date } : {}),
    ...(f.end_date ? { end_date: f.end_date } : {}),
    ...(f.search.trim() ? { search: f.search.trim() } : {}),
    ...(f.search_comment.trim() ? { search_comment: f.search_comment.trim() } : {}),
  };
}

const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

function initialFilters(): Filters {
  // The projects page links here with ?job_id=, a notification with ?search=<lead id>, the dashboard with its period and a status too.
  const q = new URLSearchParams(window.location.search);
  const jobId = q.get('job_id');
  const status = q.get('status');
  const start = q.get('start_date');
  const end = q.get('end_date');
  return {
    ...EMPTY,
    job_id: jobId && /^\d+$/.test(jobId) ? jobId : '',
    search: q.get('search')?.slice(0, 100) ?? '',
    status: status && /^[0-3]$/.test(status) ? (Number(status) as LeadStatusFilter) : '',
    start_date: isDay(start) ? start : '',
    end_date: isDay(end) ? end : '',
  };
}

/** A team manager's view of their members' leads: the same report over another source. */
export interface TeamReportSource {
  memberId: number | undefined;
  projects: PartnerProject[];
}

export function ReportPage({ team }: { team?: TeamReportSource | undefined } = {}) {
  const [draft, setDraft] = useState<Filters>(initialFilters);
  const [applied, setApplied] = useState<Filters>(draft);
  const [page, setPage] = useState(0);
  const [attachFor, setAttachFor] = useState<{ row: ReportRow; cell: ReportCell; label: string } | null>(null);
  const query = toQuery(applied);

  const ownProjects = useQuery({
    queryKey: ['partner', 'report', 'projects'],
    queryFn: () => api(partnerRoutes.reportProjects),
    enabled: !team,
  });
  const projects = team ? { data: team.projects } : ownProjects;
  const member = team?.memberId ? { member_user_id: team.memberId } : {};
  const source = team ? 'team' : 'report';
  const counts = useQuery({
    queryKey: ['partner', source, 'counts', query, member],
    queryFn: () =>
      team ? api(partnerTeamRoutes.leadCounts, { query: { ...query, ...member } }) : api(partnerRoutes.reportCounts, { query }),
  });
  const data = useQuery({
    queryKey: ['partner', source, 'data', query, member, page],
    queryFn: () => {
      const paging = { limit: LEADS_PAGE_SIZE, offset: page * LEADS_PAGE_SIZE };
      return team
        ? api(partnerTeamRoutes.leads, { query: { ...query, ...member, ...paging } })
        : api(partnerRoutes.reportData, { query: { ...query, ...paging } });
    },
    placeholderData: keepPreviousData,
  });

  function apply(e?: FormEvent) {
    e?.preventDefault();
    setApplied(draft);
    setPage(0);
  }
  const set = (k: keyof Filters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [k]: k === 'status' ? (e.target.value === '' ? '' : Number(e.target.value)) : e.target.value }));
  const tiles = counts.data ? leadTiles(counts.data) : null;
  // The download is what the table shows: the applied filters, not what is typed but not applied yet.
  const downloadUrl = routeUrl(partnerRoutes.reportDownload, { query });
  const phone = useMediaQuery(PHONE_QUERY);
  const pending = (Object.keys(draft) as (keyof Filters)[]).some((k) => draft[k] !== applied[k]);

  return (
    <section>
      {team ? <h2 className="page-title">{t('teamLeadsTitle')}</h2> : <h1 className="page-title">{t('reportTitle')}</h1>}
      {!team && <CampaignCard />}
      <form onSubmit={apply} aria-label={team ? t('teamLeadsTitle') : t('reportTitle')}>
        <div className="filters">
          <div className="field">
            <label htmlFor="f-project">{t('projectLabel')}</label>
            <select id="f-project" className="input" value={draft.job_id} onChange={set('job_id')}>
              <option value="">{t('selectProjects')}</option>
              {projects.data?.map((p) => (
                <option key={p.job_id} value={p.job_id}>
                  {p.slug_name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="f-status">{t('statusLabel')}</label>
            <select id="f-status" className="input" value={String(draft.status)} onChange={set('status')}>
              {LEAD_STATUS_FILTER_LABELS.map((s) => (
                <option key={String(s.value)} value={String(s.value)}>
                  {textOf(partnerCatalogue, s.code)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="f-start">{t('startDate')}</label>
            <input
              id="f-start"
              type="date"
              className="input"
              value={draft.start_date}
              max={draft.end_date || undefined}
              onChange={set('start_date')}
            />
          </div>
          <div className="field">
            <label htmlFor="f-end">{t('endDate')}</label>
            <input
              id="f-end"
              type="date"
              className="input"
              value={draft.end_date}
              min={draft.start_date || undefined}
              onChange={set('end_date')}
            />
          </div>
          <div className="field">
            <label htmlFor="f-search">{t('searchDetails')}</label>
            <input id="f-search" type="search" className="input" value={draft.search} onChange={set('search')} enterKeyHint="search" />
          </div>
          <div className="field">
            <label htmlFor="f-comment">{t('searchComment')}</label>
            <input
              id="f-comment"
              type="search"
              className="input"
              value={draft.search_comment}
              onChange={set('search_comment')}
              enterKeyHint="search"
            />
          </div>
        </div>
        <div className="filters__actions">
          <button type="submit" className={pending ? 'button button--pending' : 'button'}>
            {t('applyFilters')}
          </button>
          {/* The results below are for the applied filters: a change not applied yet is said, not silently shown. */}
          <p className="filters__pending" role="status">
            {pending ? t('filtersPending') : ''}
          </p>
          {!team && (
            <a className="button button--ghost" href={downloadUrl} download>
              {t('downloadReport')}
            </a>
          )}
        </div>
      </form>

      <div className="tiles" aria-live="polite">
        {(
          [
            ['tileTotal', tiles?.total],
            ['tilePending', tiles?.pending],
            ['tileApproved', tiles?.approved],
            ['tileRejected', tiles?.rejected],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="card tile" data-testid={`tile-${label}`}>
            <span className="tile__label">{t(label)}</span>
            <span className="tile__value">{value ?? '–'}</span>
          </div>
        ))}
      </div>

      <QueryView query={data} failed={t('reportLoadFailed')} retry={t('retry')} loading={t('loading')}>
        {(page_) => (
          <>
            {phone ? (
              page_.rows.length === 0 ? (
                <p className="empty">{t('noData')}</p>
              ) : (
                <ul className="lead-cards" aria-label={t('reportTitle')}>
                  {page_.rows.map((r) => (
                    <LeadCard
                      key={r.lead_id}
                      row={r}
                      inputs={page_.inputs}
                      onAttach={team ? undefined : (cell, label) => setAttachFor({ row: r, cell, label })}
                    />
                  ))}
                </ul>
              )
            ) : (
              <div className="table-wrap table-wrap--sticky">
                <table className="table">
                  <thead>
                    <tr>
                      <th>{t('colLeadId')}</th>
                      <th>{t('colCreated')}</th>
                      <th>{t('colUpdated')}</th>
                      <th>{t('colStatus')}</th>
                      <th>{t('colComment')}</th>
                      <th>{t('colPayout')}</th>
                      <th>{t('colCustomer')}</th>
                      {page_.inputs.map((i) => (
                        <th key={i.key}>{i.label}</th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {page_.rows.length === 0 ? (
                      <tr>
                        <td colSpan={7 + page_.inputs.length} className="empty">
                          {t('noData')}
                        </td>
                      </tr>
                    ) : (
                      page_.rows.map((r) => (
                        <tr key={r.lead_id}>
                          <td>{r.lead_id}</td>
                          <td className="nowrap">{formatDateTime(r.created_on)}</td>
                          <td className="nowrap">{formatDateTime(r.modified_on)}</td>
                          <td>
                            <StatusBadge lead={r} />
                          </td>
                          <td className="report-comment">{r.status_comment ?? ''}</td>
                          <td className="nowrap">{formatRupees(r.responseMetaData.payout)}</td>
                          <td>
                            <div>{r.name ?? ''}</div>
                            {r.number && <div className="muted">{r.number}</div>}
                          </td>
                          {page_.inputs.map((i) => (
                            <td key={i.key}>
                              <CellView
                                row={r}
                                cell={r.cells[i.key]}
                                label={i.label}
                                onAttach={team ? undefined : (cell) => setAttachFor({ row: r, cell, label: i.label })}
                              />
                            </td>
                          ))}
                        </tr>
                      ))
                    )}
                  </tbody>
                </table>
              </div>
            )}
            <Pager
              rows={page_.rows.length}
              total={page_.count}
              page={page}
              pageSize={LEADS_PAGE_SIZE}
              onPage={setPage}
              label={t('reportTitle')}
              always
            />
          </>
        )}
      </QueryView>
      <AttachDialog target={attachFor} onClose={() => setAttachFor(null)} />
    </section>
  );
}

/** A lead's state from its status numbers, in the reader's language by its code. */
function StatusBadge({ lead }: { lead: { status: number; archive_status: number } }) {
  const state = leadStatusText(lead);
  const tone =
    state === 'Approved' ? 'badge--success' : state === 'Rejected' ? 'badge--danger' : state === 'Pending' ? 'badge--warning' : '';
  return <span className={`badge ${tone}`}>{textOf(partnerCatalogue, LEAD_STATUS_TEXT_CODES[state])}</span>;
}

/** A lead on a phone: everything the table row says, stacked, with no sideways scrolling. */
function LeadCard({
  row,
  inputs,
  onAttach,
}: {
  row: ReportRow;
  inputs: { key: string; label: string }[];
  onAttach: ((cell: ReportCell, label: string) => void) | undefined;
}) {
  return (
    <li className="card lead-card" aria-label={t('leadCardLabel', { id: row.lead_id })}>
      <div className="lead-card__head">
        <strong>
          {t('colLeadId')} {row.lead_id}
        </strong>
        <StatusBadge lead={row} />
      </div>
      <dl className="lead-card__facts">
        <dt>{t('colCustomer')}</dt>
        <dd>
          {row.name ?? ''}
          {row.number && <span className="muted"> · {row.number}</span>}
        </dd>
        <dt>{t('colPayout')}</dt>
        <dd>{formatRupees(row.responseMetaData.payout)}</dd>
        <dt>{t('colCreated')}</dt>
        <dd>{formatDateTime(row.created_on)}</dd>
        <dt>{t('colUpdated')}</dt>
        <dd>{formatDateTime(row.modified_on)}</dd>
        {row.status_comment && (
          <>
            <dt>{t('colComment')}</dt>
            <dd>{row.status_comment}</dd>
          </>
        )}
        {inputs.map((i) =>
          row.cells[i.key] ? (
            <Fragment key={i.key}>
              <dt>{i.label}</dt>
              <dd>
                <CellView row={row} cell={row.cells[i.key]} label={i.label} onAttach={onAttach && ((cell) => onAttach(cell, i.label))} />
              </dd>
            </Fragment>
          ) : null,
        )}
      </dl>
    </li>
  );
}

function CellView({
  row,
  cell,
  label,
  onAttach,
}: {
  row: ReportRow;
  cell: ReportCell | undefined;
  label: string;
  onAttach: ((cell: ReportCell) => void) | undefined;
}) {
  if (!cell) return null;
  // A manager reads their members' leads; only the lead's own partner attaches.
  if (needsAttachment(cell) && !onAttach) return null;
  if (needsAttachment(cell) && onAttach) {
    return (
      <button
        type="button"
        className="button button--small"
        aria-label={t('attachFor', { label, id: row.lead_id })}
        onClick={() => onAttach(cell)}
      >
        {t('attach')}
      </button>
    );
  }
  if (cell.file_id && FILE_INPUT_TYPES_SHOWN.includes(cell.input_type)) {
    const fileId = cell.file_id;
    return (
      <button
        type="button"
        className="link-button"
        aria-label={t('viewFor', { label, id: row.lead_id })}
        onClick={() => {
          // Open the tab first so a pop-up blocker sees a click, then point it at the signed URL.
          const tab = window.open('', '_blank');
          fileUrl(fileId).then(
            (url) => (tab ? (tab.location.href = url) : window.open(url, '_blank')),
            (err: unknown) => {
              tab?.close();
              showError(err);
            },
          );
        }}
      >
        {t('view')}
      </button>
    );
  }
  return <>{cell.value ?? ''}</>;
}

function AttachDialog({ target, onClose }: { target: { row: ReportRow; cell: ReportCell; label: string } | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const kind: FileKind = target?.cell.input_type === 'IMAGE' ? 'IMAGE' : target?.cell.input_type === 'VIDEO' ? 'VIDEO' : 'FILE';
  const extensions = allowedExtensions('FORM_RESPONSE', kind);

  function close() {
    setFile(null);
    setError(null);
    onClose();
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!target) return;
    if (!file) return setError(t('fileRequired'));
    const problem = fileProblem('FORM_RESPONSE', file, kind);
    if (problem) return setError(validationText(problem));
    setBusy(true);
    try {
      const uploaded = await uploadPartnerFile(file, 'FORM_RESPONSE');
      await api(partnerRoutes.inputAdd, {
        body: { form_response_id: target.row.form_response_id, input_id: target.cell.input_id, value: uploaded.file_id },
      });
      showSuccess(textOf(partnerCatalogue, 'partner.attachmentAdded'));
      await queryClient.invalidateQueries({ queryKey: ['partner', 'report', 'data'] });
      close();
    } catch (err) {
      // The chosen file stays chosen so a retry needs one click.
      showError(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={!!target} title={t('addAttachment')} onClose={close}>
      {target && (
        <form onSubmit={submit}>
          <p className="muted">
            {target.label} · {t('colLeadId')} {target.row.lead_id}
          </p>
          <Field
            label={t('chooseFile')}
            error={error}
            hint={t('attachTypes', { types: extensions.join(', '), mb: FILE_RULES.FORM_RESPONSE.maxBytes / (1024 * 1024) })}
          >
            {(a11y) => (
              <input
                {...a11y}
                type="file"
                className="input"
                accept={acceptFor(extensions)}
                onChange={(e) => {
                  const next = e.target.files?.[0] ?? null;
                  setFile(next);
                  const problem = next && fileProblem('FORM_RESPONSE', next, kind);
                  setError(problem ? validationText(problem) : null);
                }}
              />
            )}
          </Field>
          <div className="filters__actions" style={{ justifyContent: 'flex-end' }}>
            <button type="button" className="button button--ghost" onClick={close}>
              {t('cancel')}
            </button>
            <button type="submit" className="button" disabled={busy}>
              {busy ? t('loading') : t('upload')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
