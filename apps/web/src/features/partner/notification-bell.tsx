import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationRoutes, type Notification, type NotificationList } from '@pmw/contract/notifications';
import { api } from '../../shared/api-client';
import { Dialog } from '../../shared/dialog';
import { formatDateTime } from '../../shared/i18n';
import { showError } from '../../shared/message-bar';
import { QueryView } from '../../shared/query-view';
import { t } from './messages';

const LIST_KEY = ['partner', 'notifications'] as const;
/** How often the count is asked again while the portal is open (it is also asked when the tab comes back). */
const REFRESH_MS = 60_000;

const unreadWords = (n: number) => (n === 1 ? t('notificationsUnreadOne') : t('notificationsUnread', { count: n }));

/** The bell in the portal's top bar: the unread count, and the list of notifications, each a link to what it is about. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: LIST_KEY,
    queryFn: () => api(notificationRoutes.partnerList, { query: { limit: 30, offset: 0 } }),
    refetchInterval: REFRESH_MS,
  });
  const read = useMutation({
    mutationFn: (ids: number[]) => api(notificationRoutes.partnerRead, { body: { notification_ids: ids } }),
    onSuccess: (answer, ids) => {
      queryClient.setQueryData<NotificationList>(LIST_KEY, (old) =>
        old ? { unread: answer.unread, rows: old.rows.map((r) => (ids.includes(r.notification_id) ? { ...r, read: true } : r)) } : old,
      );
    },
    onError: showError,
  });
  const unread = list.data?.unread ?? 0;

  function openOne(n: Notification) {
    if (!n.read) read.mutate([n.notification_id]);
    setOpen(false);
    if (n.link) void navigate(n.link);
  }
  const unreadIds = (list.data?.rows ?? []).filter((r) => !r.read).map((r) => r.notification_id);

  return (
    <>
      <button
        type="button"
        className="icon-button notify-bell"
        aria-label={unread ? unreadWords(unread) : t('notifications')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">🔔</span>
        {unread > 0 && (
          <span className="notify-bell__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <Dialog
        open={open}
        title={t('notifications')}
        onClose={() => setOpen(false)}
        footer={
          <>
            {unreadIds.length > 0 && (
              <button type="button" className="button button--ghost" disabled={read.isPending} onClick={() => read.mutate(unreadIds)}>
                {t('notificationsMarkAll')}
              </button>
            )}
            <button type="button" className="button" onClick={() => setOpen(false)}>
              {t('close')}
            </button>
          </>
        }
      >
        <QueryView query={list} failed={t('notificationsLoadFailed')} isEmpty={(d) => d.rows.length === 0} empty={<p className="muted">{t('notificationsEmpty')}</p>}>
          {(data) => (
            <ul className="notify-list">
              {data.rows.map((n) => (
                <li key={n.notification_id}>
                  <button type="button" className={`notify-list__item ${n.read ? '' : 'notify-list__item--unread'}`} onClick={() => openOne(n)}>
                    {!n.read && <span className="notify-list__new">{t('notificationUnread')}</span>}
                    <span className="notify-list__text">{n.text}</span>
                    <time className="muted" dateTime={n.created_on}>
                      {formatDateTime(n.created_on)}
                    </time>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Dialog>
    </>
  );
}
