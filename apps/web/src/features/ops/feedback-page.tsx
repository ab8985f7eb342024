import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FEEDBACK_LINK_STATE, feedbackRoutes, type FeedbackLinkState, type OpsFeedbackTask } from '@pmw/contract/feedback';
import type { RouteData } from '@pmw/contract/api';
import { api, apiWithMessage } from '../../shared/api-client';
import { showError, showSuccess } from '../../shared/message-bar';
import { EmptyState, QueryView, when } from './common';
import { DataTable, type Column } from './data-table';
import { t } from './messages';

const LIMIT = 50;

/** Partners' task feedback, as the feedback module lists it for ops. */
export function FeedbackPage() {
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['ops', 'feedback', page],
    queryFn: () => api(feedbackRoutes.opsList, { query: { limit: LIMIT, offset: (page - 1) * LIMIT } }),
  });
  return (
    <section aria-labelledby="fb-title">
      <h1 id="fb-title">{t('feedbackTitle')}</h1>
      <QueryView query={list} isEmpty={(d) => d.rows.length === 0} empty={<EmptyState text={t('feedbackEmpty')} />}>
        {(data) => (
          <DataTable
            label={t('feedbackTitle')}
            columns={feedbackColumns}
            rows={data.rows}
            rowId={(f) => f.feedback_id}
            paging={{ page, limit: LIMIT, count: data.count, onPage: setPage }}
          />
        )}
      </QueryView>
      <FeedbackTasks />
    </section>
  );
}

const stateText: Record<FeedbackLinkState, string> = {
  [FEEDBACK_LINK_STATE.notSent]: t('fbStateNotSent'),
  [FEEDBACK_LINK_STATE.sent]: t('fbStateSent'),
  [FEEDBACK_LINK_STATE.opened]: t('fbStateOpened'),
  [FEEDBACK_LINK_STATE.rated]: t('fbStateRated'),
  [FEEDBACK_LINK_STATE.locked]: t('fbStateLocked'),
};

/** The tasks approved leads made, each link's state, and Send again. */
function FeedbackTasks() {
  const [page, setPage] = useState(1);
  const client = useQueryClient();
  const tasks = useQuery({
    queryKey: ['ops', 'feedback-tasks', page],
    queryFn: () => api(feedbackRoutes.opsTasks, { query: { limit: LIMIT, offset: (page - 1) * LIMIT } }),
  });
  const resend = useMutation({
    mutationFn: (id: number) => apiWithMessage(feedbackRoutes.opsResend, { params: { job_task_id: id } }),
    onSuccess: (r) => {
      showSuccess(r.message);
      void client.invalidateQueries({ queryKey: ['ops', 'feedback-tasks'] });
    },
    onError: showError,
  });
  const columns: Column<OpsFeedbackTask>[] = [
    { id: 'task', header: t('colTask'), cell: (x) => x.job_task_id },
    {
      id: 'partner',
      header: t('colPartner'),
      cell: (x) => (
        <>
          {x.first_name ?? '—'} <span className="muted">{x.pmw_id}</span>
        </>
      ),
    },
    { id: 'project', header: t('colProject'), cell: (x) => x.job_title ?? '—' },
    { id: 'merchant', header: t('colMerchant'), cell: (x) => x.merchant_mobile },
    {
      id: 'state',
      header: t('colLinkState'),
      cell: (x) => (
        <>
          {stateText[x.state]}
          {x.sms_sent_at && <span className="muted"> · {t('fbSentAt', { when: when(x.sms_sent_at) })}</span>}
          {x.sms_error && <span className="muted"> · {x.sms_error}</span>}
        </>
      ),
    },
    {
      id: 'send',
      header: t('colActions'),
      cell: (x) =>
        x.state === FEEDBACK_LINK_STATE.rated ? null : (
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={resend.isPending}
            aria-label={t('fbSendAgainFor', { id: x.job_task_id })}
            onClick={() => resend.mutate(x.job_task_id)}
          >
            {t('fbSendAgain')}
          </button>
        ),
    },
  ];
  return (
    <section aria-labelledby="fbt-title">
      <h2 id="fbt-title">{t('fbTasksTitle')}</h2>
      <p className="muted">{t('fbTasksHint')}</p>
      <QueryView query={tasks} isEmpty={(d) => d.rows.length === 0}>
        {(data) => (
          <DataTable
            label={t('fbTasksTitle')}
            columns={columns}
            rows={data.rows}
            rowId={(x) => x.job_task_id}
            paging={{ page, limit: LIMIT, count: data.count, onPage: setPage }}
          />
        )}
      </QueryView>
    </section>
  );
}

type FeedbackRow = RouteData<typeof feedbackRoutes.opsList>['rows'][number];
const feedbackColumns: Column<FeedbackRow>[] = [
  { id: 'date', header: t('colDate'), cell: (f) => when(f.created_on) },
  {
    id: 'partner',
    header: t('colPartner'),
    cell: (f) => (
      <>
        {f.first_name ?? '—'} <span className="muted">{f.pmw_id}</span>
      </>
    ),
  },
  { id: 'project', header: t('colProject'), cell: (f) => f.job_title ?? '—' },
  { id: 'rating', header: t('colRating'), cell: (f) => f.rating },
  { id: 'comment', header: t('comment'), cell: (f) => f.comment },
];
