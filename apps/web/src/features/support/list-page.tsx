import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@pmw/contract/auth';
import { hostMessages, isClosedStatus, isPendingStatus, ticketTypeCode, ticketTypeText, type Ticket } from '@pmw/contract/support';
import { supportCatalogue } from '@pmw/contract/texts/support';
import { QueryView } from '../../shared/query-view';
import { TicketTypeIcon } from '../../shared/ticket-type-icon';
import { FROM_LIST, hasEarlierPage } from './back-to-list';
import { isEmbedded, postToHost } from './embedded';
import { fetchTickets, keys } from './support-api';
import { t } from './messages';
import { formatDateTime, storedTextOf, textOf } from '../../shared/i18n';
import { LanguageSwitch } from '../../shared/language-switch';
import { SupportNotificationBell } from './notification-bell';

/** /support: the worker's queries, open and closed. */
export function ListPage({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const [tab, setTab] = useState<'open' | 'closed'>('open');
  const tickets = useQuery({ queryKey: keys.tickets, queryFn: () => fetchTickets(user.user_id), staleTime: 0 });
  const embedded = isEmbedded();

  // Opened straight in a browser there is nothing behind the list: back goes to the portal, never to a blank tab.
  const back = () => {
    if (embedded) postToHost(hostMessages.closeTicket(user.user_id));
    else if (hasEarlierPage()) void navigate(-1);
    else void navigate('/partner/');
  };
  const raise = () => navigate(`/support/create?user_id=${user.user_id}`, { state: FROM_LIST });
  const open = (ticket: Ticket) => {
    if (embedded) postToHost(hostMessages.openTicket(ticket.ticket_id, user.user_id));
    else navigate(`/support/ticket?user_id=${user.user_id}&ticket_id=${ticket.ticket_id}`, { state: FROM_LIST });
  };

  const all = tickets.data ?? [];
  const anyClosed = all.some((x) => isClosedStatus(x.status));
  const shown = all.filter((x) => (anyClosed && tab === 'closed' ? isClosedStatus(x.status) : !isClosedStatus(x.status)));

  return (
    <div className="support">
      <header className="support__header">
        <button type="button" className="icon-button" aria-label={t('back')} onClick={back}>
          ←
        </button>
        <h1>{t('listTitle')}</h1>
        <SupportNotificationBell />
        <LanguageSwitch className="lang-switch--on-brand" />
      </header>
      <main className="support__body">
        <QueryView query={tickets} failed={t('ticketsLoadFailed')} retry={t('retry')} loading={t('loading')}>
          {() => (
            <>
              {all.length === 0 && (
                <section className="support-empty">
                  <p className="support-empty__greeting">{t('emptyGreeting')}</p>
                  <button type="button" className="button" onClick={raise}>
                    {t('raiseQuery')}
                  </button>
                </section>
              )}
              {all.length > 0 && (
                <>
                  {anyClosed && (
                    <div className="support-tabs" role="tablist" aria-label={t('tabsLabel')}>
                      {(['open', 'closed'] as const).map((key) => (
                        <button
                          key={key}
                          type="button"
                          role="tab"
                          id={`support-tab-${key}`}
                          aria-selected={tab === key}
                          aria-controls="support-tab-panel"
                          className="support-tabs__tab"
                          onClick={() => setTab(key)}
                        >
                          {key === 'open' ? t('openTab') : t('closedTab')}
                        </button>
                      ))}
                    </div>
                  )}
                  <div
                    id="support-tab-panel"
                    role={anyClosed ? 'tabpanel' : undefined}
                    aria-labelledby={anyClosed ? `support-tab-${tab}` : undefined}
                  >
                    {shown.length === 0 ? (
                      <div className="empty">
                        <p>{t('noHistory')}</p>
                        {/* Without an open query the worker still needs a way to raise one. */}
                        {tab === 'open' && (
                          <button type="button" className="button" onClick={raise}>
                            {t('raiseQuery')}
                          </button>
                        )}
                      </div>
                    ) : (
                      <ul className="ticket-cards">
                        {shown.map((ticket) => (
                          <li key={ticket.ticket_id}>
                            <button type="button" className="ticket-card card" onClick={() => open(ticket)}>
                              <span className="ticket-card__top">
                                <span className="ticket-card__id">
                                  {t('queryNumber', { id: ticket.ticket_id })}
                                  {isPendingStatus(ticket.status) && <span className="red-dot" role="img" aria-label={t('pending')} />}
                                </span>
                                <time dateTime={ticket.created_on}>{formatDateTime(ticket.created_on)}</time>
                              </span>
                              <span className="ticket-card__main">
                                <TicketTypeIcon type={ticket.ticket_type} />
                                <span className="ticket-card__text">
                                  <span className="ticket-card__title">
                                    {storedTextOf(supportCatalogue, { code: ticket.title_code }, ticket.ticket_title)}
                                  </span>
                                  {ticket.ticket_title !== ticketTypeText(ticket.ticket_type) && (
                                    <span className="ticket-card__type">
                                      {textOf(supportCatalogue, ticketTypeCode(ticket.ticket_type))}
                                    </span>
                                  )}
                                  {ticket.jobData && <span className="ticket-card__project">{ticket.jobData.job_title}</span>}
                                </span>
                              </span>
                            </button>
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                  {tab === 'open' && shown.length > 0 && (
                    <div className="support__actions">
                      <button type="button" className="button button--block" onClick={raise}>
                        {t('raiseNewQuery')}
                      </button>
                    </div>
                  )}
                </>
              )}
            </>
          )}
        </QueryView>
      </main>
    </div>
  );
}
