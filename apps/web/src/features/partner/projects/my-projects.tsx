import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Loader } from '../../../shared/loader';
import { fetchMyProjects, myProjectsQueryKey } from './projects-api';
import { t } from './messages';

/** The projects this partner works on, with lead counts by status, each opening the report filtered to it. */
export function MyProjects() {
  const mine = useQuery({ queryKey: myProjectsQueryKey, queryFn: fetchMyProjects });
  return (
    <section aria-labelledby="my-projects-title" className="my-projects">
      <h2 id="my-projects-title">{t('myProjects')}</h2>
      {mine.isPending && <Loader label={t('loading')} />}
      {mine.isError && (
        <div className="empty" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button" onClick={() => void mine.refetch()}>
            {t('retry')}
          </button>
        </div>
      )}
      {mine.isSuccess && mine.data.length === 0 && <p className="empty">{t('myProjectsEmpty')}</p>}
      <ul className="my-project-list">
        {mine.data?.map((p) => {
          const tiles: [string, number][] = [
            [t('pending'), p.counts.pending],
            [t('verified'), p.counts.verified],
            [t('rejected'), p.counts.rejected],
            [t('expired'), p.counts.archived],
          ];
          if (p.applications > 0) tiles.push([t('applications'), p.applications], [t('slotsBooked'), p.slots_booked]);
          return (
            <li key={p.job_id}>
              <Link className="card my-project" to={`/partner/report?job_id=${p.job_id}`} aria-label={t('viewReport', { project: p.job_title })}>
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
    </section>
  );
}
