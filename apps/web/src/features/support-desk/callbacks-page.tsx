import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@pmw/contract/time';
import { QueryView } from '../../shared/query-view';
import { deskKeys, fetchCallbacks } from './desk-api';
import { t } from './messages';

/** Workers who asked to be called back, oldest first; a completed call moves them to 'Called'. */
export function CallbacksPage() {
  const [status, setStatus] = useState<'PENDING' | 'DONE'>('PENDING');
  const list = useQuery({ queryKey: deskKeys.callbacks(status), queryFn: () => fetchCallbacks(status), staleTime: 0 });
  return (
    <main className="desk__main">
      <h2>{t('callbackList')}</h2>
      <div className="desk-tabs" role="tablist" aria-label={t('callbackList')}>
        {(['PENDING', 'DONE'] as const).map((s) => (
          <button key={s} type="button" role="tab" aria-selected={status === s} className="desk-tabs__tab" onClick={() => setStatus(s)}>
            {s === 'PENDING' ? t('pendingCallbacks') : t('doneCallbacks')}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        <QueryView
          query={list}
          failed={t('callbacksLoadError')}
          retry={t('retry')}
          loading={t('loading')}
          isEmpty={(d) => d.length === 0}
          empty={t('noCallbacks')}
        >
          {(rows) => (
            <ul className="desk-list">
              {rows.map((c) => (
                <li key={c.callback_request_id} className="card desk-callback">
                  <div>
                    <Link to={`/ops/support/ticket/${c.ticket_id}`}>{t('openTicket', { id: c.ticket_id })}</Link>
                    <p className="desk-row__title">{c.ticket_title}</p>
                    <p className="muted">
                      {c.worker_name} ·{' '}
                      <a href={`tel:+91${c.worker_mobile}`} aria-label={t('call', { mobile: c.worker_mobile })}>
                        {c.worker_mobile}
                      </a>
                    </p>
                  </div>
                  <p className="muted">{t('requestedOn', { time: formatDateTime(c.requested_on) })}</p>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </div>
    </main>
  );
}
