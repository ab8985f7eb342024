import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { RouteQuery } from '@pmw/contract/api';
import { opsRoutes, type AuditEntry } from '@pmw/contract/ops';
import { api } from '../../shared/api-client';
import { EmptyState, QueryView, when } from './common';
import { DataTable, type Column } from './data-table';
import { FilterForm, numberOrNone } from './filter-form';
import { t } from './messages';

const LIMIT = 50;
type Filters = Omit<RouteQuery<typeof opsRoutes.audit>, 'page' | 'limit'>;
const AUDIT_ACTIONS = [
  'lead.approve',
  'lead.approve_undone',
  'lead.reject',
  'lead.needs_details',
  'lead.expire',
  'payout.run',
  'payout.file_download',
  'kyc.verify',
  'kyc.reject',
  'bank.verify',
  'bank.reject',
  'user.block',
  'user.unblock',
  'project.create',
  'project.update',
  'project.form',
  'employer.create',
  'customers.import',
  'notification.resend',
];
const AUDIT_RECORDS = ['lead', 'payout_run', 'document', 'bank', 'user', 'project', 'employer', 'job', 'notification'];
const anyOf = (values: string[]) => [{ value: '', label: t('fAny') }, ...values.map((v) => ({ value: v, label: v }))];

/** Every ops action, newest first, filtered by agent, action, record and date. */
export function AuditPage() {
  // The dashboard links here with an agent, an action and dates.
  const [linked] = useState(() => {
    const q = new URLSearchParams(window.location.search);
    const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');
    const actor = q.get('actor_user_id') ?? '';
    const action = q.get('action') ?? '';
    return {
      actor: /^\d{1,9}$/.test(actor) ? actor : '',
      action: AUDIT_ACTIONS.includes(action) ? action : '',
      from: day(q.get('from')),
      to: day(q.get('to')),
    };
  });
  const [filters, setFilters] = useState<Filters>(() => {
    const f: Filters = {};
    if (linked.actor) f.actor_user_id = Number(linked.actor);
    if (linked.action) f.action = linked.action;
    if (linked.from) f.from = linked.from;
    if (linked.to) f.to = linked.to;
    return f;
  });
  const [page, setPage] = useState(1);
  const log = useQuery({
    queryKey: ['ops', 'audit', filters, page],
    queryFn: () => api(opsRoutes.audit, { query: { ...filters, page, limit: LIMIT } }),
  });
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t('auditTitle')}</h1>
      <FilterForm
        submitLabel={t('apply')}
        fields={[
          { name: 'actor', label: t('fActor'), defaultValue: linked.actor },
          { name: 'action', label: t('fAction'), options: anyOf(AUDIT_ACTIONS), defaultValue: linked.action },
          { name: 'entity_type', label: t('fEntity'), options: anyOf(AUDIT_RECORDS) },
          { name: 'entity_id', label: t('fEntityId') },
          { name: 'from', label: t('fFrom'), type: 'date', defaultValue: linked.from },
          { name: 'to', label: t('fTo'), type: 'date', defaultValue: linked.to },
        ]}
        onApply={({ actor, ...rest }) => {
          setFilters({
            actor_user_id: numberOrNone(actor),
            action: rest.action,
            entity_type: rest.entity_type,
            entity_id: rest.entity_id,
            from: rest.from,
            to: rest.to,
          });
          setPage(1);
        }}
      />
      <QueryView query={log} isEmpty={(d) => d.rows.length === 0} empty={<EmptyState text={t('auditEmpty')} />}>
        {(data) => (
          <DataTable
            label={t('auditTitle')}
            columns={auditColumns}
            rows={data.rows}
            rowId={(a) => a.audit_id}
            paging={{ page, limit: LIMIT, count: data.count, onPage: setPage }}
          />
        )}
      </QueryView>
    </section>
  );
}

const auditColumns: Column<AuditEntry>[] = [
  { id: 'when', header: t('colWhen'), cell: (a) => when(a.created_on) },
  {
    id: 'who',
    header: t('colWho'),
    cell: (a) => (
      <>
        {a.actor_name ?? '—'} {a.actor_user_id !== null && <span className="muted">PMW{a.actor_user_id}</span>}
      </>
    ),
  },
  { id: 'action', header: t('colAction'), cell: (a) => <code>{a.action}</code> },
  { id: 'record', header: t('colRecord'), cell: (a) => `${a.entity_type} ${a.entity_id}` },
  {
    id: 'change',
    header: t('colChange'),
    cell: (a) => (
      <details>
        <summary>{t('showChange')}</summary>
        <pre className="ops__json">{JSON.stringify(a.before, null, 1)}</pre>
        <pre className="ops__json">{JSON.stringify(a.after, null, 1)}</pre>
      </details>
    ),
  },
];
