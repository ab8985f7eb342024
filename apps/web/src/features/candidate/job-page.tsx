import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { decodeApplicationParams, payRange, type CandidateState } from '@pmw/contract/hiring';
import { ApiError } from '../../shared/api-client';
import { Loader } from '../../shared/loader';
import { fetchJob, jobQueryKey } from './candidate-api';
import { t } from './messages';
import './candidate.css';
import { tx } from '../../shared/i18n';
import { LanguageSwitch } from '../../shared/language-switch';
import { LoadFailed } from '../../shared/query-view';

/** /application/{job}/{location}/{recruiter}: the public job page a partner's link opens. */
export function JobPage() {
  const params = useParams();
  const navigate = useNavigate();
  const ids = decodeApplicationParams(params.jobId ?? '', params.locationId ?? '', params.recruiterId ?? '');
  const job = useQuery({
    queryKey: jobQueryKey(ids?.job_id ?? 0, ids?.recruiter_id ?? 0),
    queryFn: () => fetchJob(ids!.job_id, ids!.recruiter_id),
    enabled: !!ids,
    retry: (count, err) => !(err instanceof ApiError && err.httpStatus < 500) && count < 1,
  });

  if (!ids) return <Navigate to="/" replace />;
  if (job.isPending) {
    return (
      <div className="page-loader">
        <Loader label={t('loading')} />
      </div>
    );
  }
  if (job.isError) {
    if (job.error instanceof ApiError && job.error.httpStatus === 404) return <Navigate to="/" replace />;
    return (
      <main className="center-page">
        <LoadFailed failed={t('loadFailed')} retry={t('retry')} error={job.error} busy={job.isFetching} onRetry={() => void job.refetch()} />
      </main>
    );
  }
  const data = job.data;
  const location = data.JobLocations.find((l) => l.job_location_id === ids.job_location_id);
  if (!location) return <Navigate to="/" replace />;
  const range = payRange(data);
  const pay = range && tx(range);
  const closed = data.application_archive_status !== 0;
  const state: CandidateState = { ...ids, job_title: data.job_title };
  const facts: [string, string | null][] = [
    [t('type'), data.type],
    [t('domain'), data.domain],
    [t('city'), location.city],
    [t('pay'), pay],
    [t('duration'), data.duration ? t('durationMonths', { n: data.duration }) : null],
  ];

  return (
    <main className="candidate">
      <div className="page-lang">
        <LanguageSwitch />
      </div>
      <div className="job-banner" style={{ background: data.Employer.theme_color ?? 'var(--brand)' }}>
        {data.banner_url ? <img src={data.banner_url} alt="" /> : <span aria-hidden="true">{data.Employer.employer_name.slice(0, 1)}</span>}
      </div>
      <article className="card job-card">
        <p className="job-employer">
          {data.logo_url && <img src={data.logo_url} alt="" className="job-logo" />}
          {data.Employer.employer_name}
        </p>
        <h1>{data.job_title}</h1>
        {data.tag_line && <p className="job-tagline">{data.tag_line}</p>}
        <dl className="job-facts">
          {facts
            .filter((f): f is [string, string] => !!f[1])
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
        {data.perks.length > 0 && (
          <section aria-labelledby="perks">
            <h2 id="perks">{t('perks')}</h2>
            <ul className="job-perks">
              {data.perks.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </section>
        )}
        <section aria-labelledby="location">
          <h2 id="location">{t('location')}</h2>
          <p>
            {location.address ? `${location.address}, ` : ''}
            {location.city}
            {location.pincode ? ` ${location.pincode}` : ''}
          </p>
        </section>
        {data.description && (
          <section aria-labelledby="description">
            <h2 id="description">{t('description')}</h2>
            <p className="job-description">{data.description}</p>
          </section>
        )}
      </article>
      <div className="sticky-action">
        {closed && <p className="muted">{data.application_archive_message ?? t('applicationsClosed')}</p>}
        <button type="button" className="button button--block" disabled={closed} onClick={() => navigate('/detailsPage', { state })}>
          {t('applyNow')}
        </button>
      </div>
    </main>
  );
}
