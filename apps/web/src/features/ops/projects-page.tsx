import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { RouteData } from '@pmw/contract/api';
import { opsProjectRoutes } from '@pmw/contract/ops-projects';
import { api } from '../../shared/api-client';
import { EmptyState, QueryView, rupees, when } from './common';
import { DataTable, type Column } from './data-table';
import { FilterForm } from './filter-form';
import { t } from './messages';
import { PROJECT_ACTION_STATUS, PROJECT_ARCHIVE_STATUS } from '@pmw/contract/project-status';

/** Every project, newest change first, with a search and a link to edit. */
export function ProjectsPage() {
  const [q, setQ] = useState('');
  const list = useQuery({ queryKey: ['ops', 'projects', q], queryFn: () => api(opsProjectRoutes.list, { query: { q } }) });
  return (
    <section aria-labelledby="projects-title">
      <div className="ops__heading">
        <h1 id="projects-title">{t('projectsTitle')}</h1>
        <Link className="button" to="/ops/projects/new">
          {t('newProject')}
        </Link>
      </div>
      <FilterForm
        search
        submitLabel={t('searchButton')}
        fields={[{ name: 'q', label: t('searchProjects'), type: 'search', grow: true }]}
        onApply={(f) => setQ(f.q ?? '')}
      />
      <QueryView
        query={list}
        isEmpty={(d) => d.length === 0}
        empty={
          q ? (
            <EmptyState text={t('projectsNoMatch')} />
          ) : (
            <EmptyState
              text={t('projectsEmpty')}
              links={[
                { to: '/ops/categories', label: t('goCategories') },
                { to: '/ops/employers', label: t('goEmployers') },
                { to: '/ops/projects/new', label: t('goNewProject') },
              ]}
            />
          )
        }
      >
        {(rows) => <DataTable label={t('projectsTitle')} columns={projectColumns} rows={rows} rowId={(p) => p.job_id} />}
      </QueryView>
    </section>
  );
}

type OpsProjectRow = RouteData<typeof opsProjectRoutes.list>[number];
const projectColumns: Column<OpsProjectRow>[] = [
  { id: 'id', header: t('colId'), cell: (p) => p.job_id, sortValue: (p) => p.job_id },
  {
    id: 'project',
    header: t('colProject'),
    sortValue: (p) => p.job_title,
    cell: (p) => (
      <>
        <Link to={`/ops/projects/${p.job_id}`} aria-label={`${t('edit')} ${p.job_title}`}>
          {p.job_title}
        </Link>
        <div className="muted">{p.employer_name}</div>
      </>
    ),
  },
  { id: 'category', header: t('category'), cell: (p) => p.category, sortValue: (p) => p.category },
  { id: 'payout', header: t('colPayout'), cell: (p) => rupees(p.payout_paise), sortValue: (p) => p.payout_paise },
  {
    id: 'flags',
    header: t('colFlags'),
    cell: (p) => (
      <>
        {p.archive_status === PROJECT_ARCHIVE_STATUS.archived && <span className="badge badge--danger">{t('archived')}</span>}{' '}
        {p.on_hold && <span className="badge badge--warning">{t('onHold')}</span>}{' '}
        {p.is_credit_flow && <span className="badge">{t('creditFlow')}</span>}{' '}
        {p.action_status === PROJECT_ACTION_STATUS.shareLink && <span className="badge">{t('shareLink')}</span>}
      </>
    ),
  },
  { id: 'form', header: t('colForm'), cell: (p) => (p.has_form ? t('hasForm') : <span className="muted">{t('noForm')}</span>) },
  { id: 'date', header: t('colDate'), cell: (p) => when(p.modified_on), sortValue: (p) => p.modified_on },
];
