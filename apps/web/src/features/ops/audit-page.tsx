import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { opsRoutes } from '@pmw/contract/ops';
import { api } from '../../shared/api-client';
import { Pager, QueryView, when } from './common';
import { t } from './messages';

const LIMIT = 50;
interface Filters {
  actor_user_id?: number | undefined;
  action?: string | undefined;
  entity_type?: string | undefined;
  entity_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}
const text = (v: FormDataEntryValue | null) => (v === null || String(v).trim() === '' ? undefined : String(v).trim());

/** Every ops action, newest first, filtered by agent, action, record and date. */
export function AuditPage() {
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const log = useQuery({ queryKey: ['ops', 'audit', filters, page], queryFn: () => api(opsRoutes.audit, { query: { ...filters, page, limit: LIMIT } }) });
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t('auditTitle')}</h1>
      <form
        className="ops__filters"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const actor = text(f.get('actor'));
          setFilters({ actor_user_id: actor ? Number(actor.replace(/^pmw/i, '')) : undefined, action: text(f.get('action')), entity_type: text(f.get('entity_type')), entity_id: text(f.get('entity_id')), from: text(f.get('from')), to: text(f.get('to')) });
          setPage(1);
        }}
      >
        <div className="field">
          <label htmlFor="af-actor">{t('fActor')}</label>
          <input id="af-actor" name="actor" className="input" />
        </div>
        <div className="field">
          <label htmlFor="af-action">{t('fAction')}</label>
          <select id="af-action" name="action" className="input" defaultValue="">
            <option value="">{t('fAny')}</option>
            {['lead.approve', 'lead.reject', 'lead.needs_details', 'lead.expire', 'payout.run', 'payout.file_download', 'kyc.verify', 'kyc.reject', 'bank.verify', 'bank.reject', 'user.block', 'user.unblock', 'project.create', 'project.update', 'project.form', 'employer.create', 'customers.import'].map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="af-type">{t('fEntity')}</label>
          <select id="af-type" name="entity_type" className="input" defaultValue="">
            <option value="">{t('fAny')}</option>
            {['lead', 'payout_run', 'document', 'bank', 'user', 'project', 'employer', 'job'].map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="af-id">{t('fEntityId')}</label>
          <input id="af-id" name="entity_id" className="input" />
        </div>
        <div className="field">
          <label htmlFor="af-from">{t('fFrom')}</label>
          <input id="af-from" name="from" type="date" className="input" />
        </div>
        <div className="field">
          <label htmlFor="af-to">{t('fTo')}</label>
          <input id="af-to" name="to" type="date" className="input" />
        </div>
        <button type="submit" className="button">
          {t('apply')}
        </button>
      </form>
      <QueryView query={log} isEmpty={(d) => d.rows.length === 0}>
        {(data) => (
          <>
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{t('colWhen')}</th>
                    <th scope="col">{t('colWho')}</th>
                    <th scope="col">{t('colAction')}</th>
                    <th scope="col">{t('colRecord')}</th>
                    <th scope="col">{t('colChange')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((a) => (
                    <tr key={a.audit_id}>
                      <td>{when(a.created_on)}</td>
                      <td>
                        {a.actor_name ?? '—'} {a.actor_user_id !== null && <span className="muted">PMW{a.actor_user_id}</span>}
                      </td>
                      <td>
                        <code>{a.action}</code>
                      </td>
                      <td>
                        {a.entity_type} {a.entity_id}
                      </td>
                      <td>
                        <details>
                          <summary>{t('showChange')}</summary>
                          <pre className="ops__json">{JSON.stringify(a.before, null, 1)}</pre>
                          <pre className="ops__json">{JSON.stringify(a.after, null, 1)}</pre>
                        </details>
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
    </section>
  );
}
