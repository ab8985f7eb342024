import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { feedbackRoutes } from '@pmw/contract/feedback';
import { api } from '../../shared/api-client';
import { Pager, QueryView, when } from './common';
import { t } from './messages';

const LIMIT = 50;

/** Partners' task feedback, as the feedback module lists it for ops. */
export function FeedbackPage() {
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: ['ops', 'feedback', page], queryFn: () => api(feedbackRoutes.opsList, { query: { limit: LIMIT, offset: (page - 1) * LIMIT } }) });
  return (
    <section aria-labelledby="fb-title">
      <h1 id="fb-title">{t('feedbackTitle')}</h1>
      <QueryView query={list} isEmpty={(d) => d.rows.length === 0}>
        {(data) => (
          <>
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{t('colDate')}</th>
                    <th scope="col">{t('colPartner')}</th>
                    <th scope="col">{t('colProject')}</th>
                    <th scope="col">★</th>
                    <th scope="col">{t('comment')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((f) => (
                    <tr key={f.feedback_id}>
                      <td>{when(f.created_on)}</td>
                      <td>
                        {f.first_name ?? '—'} <span className="muted">{f.pmw_id}</span>
                      </td>
                      <td>{f.job_title ?? '—'}</td>
                      <td>{f.rating}</td>
                      <td>{f.comment}</td>
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
