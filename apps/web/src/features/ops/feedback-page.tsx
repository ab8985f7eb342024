import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { feedbackRoutes } from '@pmw/contract/feedback';
import type { RouteData } from '@pmw/contract/api';
import { api } from '../../shared/api-client';
import { EmptyState, QueryView, when } from './common';
import { DataTable, type Column } from './data-table';
import { t } from './messages';

const LIMIT = 50;

/** Partners' task feedback, as the feedback module lists it for ops. */
export function FeedbackPage() {
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: ['ops', 'feedback', page], queryFn: () => api(feedbackRoutes.opsList, { query: { limit: LIMIT, offset: (page - 1) * LIMIT } }) });
  return (
    <section aria-labelledby="fb-title">
      <h1 id="fb-title">{t('feedbackTitle')}</h1>
      <QueryView query={list} isEmpty={(d) => d.rows.length === 0} empty={<EmptyState text={t('feedbackEmpty')} />}>
        {(data) => (
          <DataTable label={t('feedbackTitle')} columns={feedbackColumns} rows={data.rows} rowId={(f) => f.feedback_id} paging={{ page, limit: LIMIT, count: data.count, onPage: setPage }} />
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
