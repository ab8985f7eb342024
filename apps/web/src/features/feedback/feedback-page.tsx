import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { parseFeedbackLink, type FeedbackPageData } from '@pmw/contract/feedback-rules';
import { ApiError, isRefusal } from '../../shared/api-client';
import { Loader } from '../../shared/loader';
import { LoadFailed } from '../../shared/query-view';
import { fetchTask } from './feedback-actions';
import { FeedbackView } from './feedback-view';
import { t } from './messages';
import './feedback.css';

/** The feedback page inside the app's router (the development server): the same view, its task fetched here. */
export function FeedbackPage() {
  const params = useParams();
  const link = useMemo(
    () => parseFeedbackLink({ jobTaskId: params.jobTaskId, refValue: params.refValue, userId: params.userId, otp: params.otp }),
    [params.jobTaskId, params.refValue, params.userId, params.otp],
  );
  const task = useQuery({
    queryKey: ['feedback-task', link],
    queryFn: () => fetchTask(link!),
    enabled: !!link,
    retry: (count, err) => !isRefusal(err) && count < 1,
  });
  const data: FeedbackPageData = { link, task: task.data ?? null, problem: null };
  if (link && task.isError) {
    const status = task.error instanceof ApiError ? task.error.httpStatus : 0;
    if (status === 404 || status === 400) data.problem = { kind: 'invalid', message: '' };
    else if (status === 429) data.problem = { kind: 'locked', message: task.error.message };
    else {
      return (
        <FeedbackView
          data={data}
          fallback={
            <section className="fb-card card fb-center">
              <LoadFailed
                failed={t('somethingWentWrong')}
                retry={t('tryAgain')}
                error={task.error}
                busy={task.isFetching}
                onRetry={() => void task.refetch()}
              />
            </section>
          }
        />
      );
    }
  }
  if (link && task.isPending) {
    return (
      <FeedbackView
        data={data}
        fallback={
          <div className="fb-center">
            <Loader label={t('loading')} />
          </div>
        }
      />
    );
  }
  return <FeedbackView data={data} />;
}
