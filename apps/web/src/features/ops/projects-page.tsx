import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { opsProjectRoutes } from '@pmw/contract/ops-projects';
import { api } from '../../shared/api-client';
import { QueryView, rupees, when } from './common';
import { t } from './messages';

/** Every project, newest change first, with a search and a link to edit. */
export function ProjectsPage() {
  const [q, setQ] = useState('');
  const [typed, setTyped] = useState('');
  const list = useQuery({ queryKey: ['ops', 'projects', q], queryFn: () => api(opsProjectRoutes.list, { query: { q } }) });
  return (
    <section aria-labelledby="projects-title">
      <div className="ops__heading">
        <h1 id="projects-title">{t('projectsTitle')}</h1>
        <Link className="button" to="/ops/projects/new">
          {t('newProject')}
        </Link>
      </div>
      <form
        className="ops__filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(typed.trim());
        }}
      >
        <div className="field ops__grow">
          <label htmlFor="proj-q">{t('searchProjects')}</label>
          <input id="proj-q" type="search" className="input" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </div>
        <button type="submit" className="button">
          {t('searchButton')}
        </button>
      </form>
      <QueryView query={list} isEmpty={(d) => d.length === 0}>
        {(rows) => (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('colId')}</th>
                  <th scope="col">{t('colProject')}</th>
                  <th scope="col">{t('category')}</th>
                  <th scope="col">{t('colPayout')}</th>
                  <th scope="col">{t('colFlags')}</th>
                  <th scope="col">{t('colForm')}</th>
                  <th scope="col">{t('colDate')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((p) => (
                  <tr key={p.job_id}>
                    <td>{p.job_id}</td>
                    <td>
                      <Link to={`/ops/projects/${p.job_id}`} aria-label={`${t('edit')} ${p.job_title}`}>
                        {p.job_title}
                      </Link>
                      <div className="muted">{p.employer_name}</div>
                    </td>
                    <td>{p.category}</td>
                    <td>{rupees(p.payout_paise)}</td>
                    <td>
                      {p.archive_status === 1 && <span className="badge badge--danger">{t('archived')}</span>} {p.on_hold && <span className="badge badge--warning">{t('onHold')}</span>}{' '}
                      {p.is_credit_flow && <span className="badge">{t('creditFlow')}</span>} {p.action_status === 20 && <span className="badge">{t('shareLink')}</span>}
                    </td>
                    <td>{p.has_form ? t('hasForm') : <span className="muted">{t('noForm')}</span>}</td>
                    <td>{when(p.modified_on)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryView>
    </section>
  );
}
