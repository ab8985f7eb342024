import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { decodeApplicationParams } from '@pmw/contract/hiring';
import { ApiError, isRefusal } from '../../shared/api-client';
import { Loader } from '../../shared/loader';
import { LoadFailed } from '../../shared/query-view';
import { fetchJob, jobQueryKey } from './candidate-api';
import { JobView } from './job-view';
import { t } from './messages';
import './candidate.css';

/** /application/{job}/{location}/{recruiter} inside the app's router (the development server): the same view, fetched here. */
export function JobPage() {
  const params = useParams();
  const navigate = useNavigate();
  const ids = decodeApplicationParams(params.jobId ?? '', params.locationId ?? '', params.recruiterId ?? '');
  const job = useQuery({
    queryKey: jobQueryKey(ids?.job_id ?? 0, ids?.recruiter_id ?? 0),
    queryFn: () => fetchJob(ids!.job_id, ids!.recruiter_id),
    enabled: !!ids,
    retry: (count, err) => !isRefusal(err) && count < 1,
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
        <LoadFailed
          failed={t('loadFailed')}
          retry={t('retry')}
          error={job.error}
          busy={job.isFetching}
          onRetry={() => void job.refetch()}
        />
      </main>
    );
  }
  if (!job.data.JobLocations.some((l) => l.job_location_id === ids.job_location_id)) return <Navigate to="/" replace />;
  return <JobView data={{ ids, job: job.data }} onApply={(state) => void navigate('/detailsPage', { state })} />;
}
