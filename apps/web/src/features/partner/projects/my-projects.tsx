import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryView } from '../../../shared/query-view';
import { fetchMyProjects, myProjectsQueryKey } from './projects-api';
import { t } from './messages';

/** The projects this partner works on, with lead counts by status, each opening the report filtered to it. */
export function MyProjects() {
  const mine = useQuery({ queryKey: myProjectsQueryKey, queryFn: fetchMyProjects });
  return (
    <section aria-labelledby="my-projects-title" className="my-projects">
      <h2 id="my-projects-title">{t('myProjects')}</h2>
      <QueryView
        query={mine}
        failed={t('myProjectsLoadFailed')}
        retry={t('retry')}
        loading={t('loading')}
        isEmpty={(d) => d.length === 0}
        empty={t('myProjectsEmpty')}
      >
        {(list) => (
          <ul className="my-project-list">
            {list.map((p) => {
              const tiles: [string, number][] = [
                [t('pending'), p.counts.pending],
                [t('verified'), p.counts.verified],
                [t('rejected'), p.counts.rejected],
                [t('expired'), p.counts.archived],
              ];
              if (p.applications > 0) tiles.push([t('applications'), p.applications], [t('slotsBooked'), p.slots_booked]);
              return (
                <li key={p.job_id}>
                  <Link
                    className="card my-project"
                    to={`/partner/report?job_id=${p.job_id}`}
                    aria-label={t('viewReport', { project: p.job_title })}
                  >
                    <span className="my-project__title">
                      <strong>{p.job_title}</strong>
                      <span className="muted">
                        {p.employer_name} · {p.category_title}
                      </span>
                    </span>
                    <span className="my-project__counts">
                      {tiles.map(([label, n]) => (
                        <span key={label} className="count-tile">
                          <b>{n}</b> {label}
                        </span>
                      ))}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
