import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TICKET_STATUS, TICKET_TYPES, ticketStatuses, ticketTypeText } from '@pmw/contract/support';
import { formatDateTime } from '@pmw/contract/time';
import { QueryView } from '../../shared/query-view';
import { useSearchState } from '../../shared/use-search-state';
import { TicketTypeIcon } from '../../shared/ticket-type-icon';
import { deskKeys, fetchInbox } from './desk-api';
import { t } from './messages';

const PAGE = 25;

/** The inbox: oldest waiting first, filtered by status, type, waiting for us and call-back requested (kept in the URL). */
export function InboxPage() {
  // What a person just chose shows at once; the URL follows (see useSearchState).
  const [params, changeParams] = useSearchState();
  const status = params.get('status') ?? '';
  const type = params.get('type') ?? '';
  const waiting = params.get('waiting') === '1';
  const callback = params.get('callback') === '1';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const query = {
    ...(status ? { status } : {}),
    ...(type ? { ticket_type: Number(type) } : {}),
    ...(waiting ? { waiting: true } : {}),
    ...(callback ? { callback: true } : {}),
    limit: PAGE,
    offset: page * PAGE,
  };
  const inbox = useQuery({
    queryKey: deskKeys.inbox(query),
    queryFn: () => fetchInbox(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const set = (key: string, value: string | null) =>
    changeParams((next) => {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
      if (key !== 'page') next.delete('page');
    });
  const pages = inbox.data ? Math.max(1, Math.ceil(inbox.data.count / PAGE)) : 1;

  return (
    <main className="desk__main">
      <form className="desk-filters card" aria-label={t('filters')} onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="desk-status">{t('status')}</label>
          <select id="desk-status" className="input" value={status} onChange={(e) => set('status', e.target.value)}>
            <option value="">{t('all')}</option>
            {ticketStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}` as 'status.0')}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="desk-type">{t('type')}</label>
          <select id="desk-type" className="input" value={type} onChange={(e) => set('type', e.target.value)}>
            <option value="">{t('all')}</option>
            {TICKET_TYPES.map((x) => (
              <option key={x.type} value={x.type}>
                {x.text}
              </option>
            ))}
          </select>
        </div>
        <label className="desk-check">
          <input type="checkbox" checked={waiting} onChange={(e) => set('waiting', e.target.checked ? '1' : null)} />
          {t('waiting')}
        </label>
        <label className="desk-check">
          <input type="checkbox" checked={callback} onChange={(e) => set('callback', e.target.checked ? '1' : null)} />
          {t('callbackRequested')}
        </label>
      </form>

      <QueryView query={inbox} failed={t('loadError')} retry={t('retry')} loading={t('loading')}>
        {(data) => (
          <>
            <p className="muted" aria-live="polite">
              {t('count', { n: data.count })}
            </p>
            {data.rows.length === 0 ? (
              <p className="empty">{t('noTickets')}</p>
            ) : (
              <ul className="desk-list">
                {data.rows.map((row) => (
                  <li key={row.ticket_id}>
                    <Link
                      to={`/ops/support/ticket/${row.ticket_id}`}
                      className="desk-row card"
                      aria-label={t('openTicket', { id: row.ticket_id })}
                    >
                      <TicketTypeIcon type={row.ticket_type} size={36} />
                      <span className="desk-row__main">
                        <span className="desk-row__top">
                          <strong>#{row.ticket_id}</strong>
                          <span
                            className={`badge ${row.waiting_since ? 'badge--warning' : row.status === TICKET_STATUS.CLOSED ? '' : 'badge--success'}`}
                          >
                            {t(`status.${row.status}` as 'status.0')}
                          </span>
                          {row.callback_requested && <span className="badge badge--danger">{t('callbackRequested')}</span>}
                        </span>
                        <span className="desk-row__title">{row.ticket_title}</span>
                        <span className="muted">
                          {ticketTypeText(row.ticket_type)} · {row.worker_name ?? ''} {row.worker_mobile}
                        </span>
                        {row.last_message && <span className="desk-row__last">{row.last_message}</span>}
                        <span className="muted desk-row__time">
                          {row.waiting_since
                            ? t('waitingSince', { time: formatDateTime(row.waiting_since) })
                            : formatDateTime(row.modified_on)}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {pages > 1 && (
              <nav className="desk-pager" aria-label={t('page', { n: page + 1, total: pages })}>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={page === 0}
                  onClick={() => set('page', String(page - 1))}
                >
                  {t('prev')}
                </button>
                <span>{t('page', { n: page + 1, total: pages })}</span>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  disabled={page + 1 >= pages}
                  onClick={() => set('page', String(page + 1))}
                >
                  {t('next')}
                </button>
              </nav>
            )}
          </>
        )}
      </QueryView>
    </main>
  );
}
