import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@pmw/contract/time';
import { Loader } from '../../shared/loader';
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
        {list.isPending && <Loader label={t('loading')} />}
        {list.isError && (
          <div className="empty" role="alert">
            <p>{list.error.message}</p>
            <button type="button" className="button button--ghost" onClick={() => void list.refetch()}>
              {t('retry')}
            </button>
          </div>
        )}
        {list.data && list.data.length === 0 && <p className="empty">{t('noCallbacks')}</p>}
        {list.data && list.data.length > 0 && (
          <ul className="desk-list">
            {list.data.map((c) => (
              <li key={c.callback_request_id} className="card desk-callback">
                <div>
                  <Link to={`/ops/support/ticket/${c.ticket_id}`}>{t('openTicket', { id: c.ticket_id })}</Link>
                  <p className="desk-row__title">{c.ticket_title}</p>
                  <p className="muted">
                    {c.worker_name} · <a href={`tel:+91${c.worker_mobile}`} aria-label={t('call', { mobile: c.worker_mobile })}>{c.worker_mobile}</a>
                  </p>
                </div>
                <p className="muted">{t('requestedOn', { time: formatDateTime(c.requested_on) })}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
