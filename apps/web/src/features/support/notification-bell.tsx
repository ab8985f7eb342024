import { useNavigate } from 'react-router';
import { notificationRoutes } from '@pmw/contract/notifications';
import { NotificationBell } from '../../shared/notification-bell';
import { t } from './messages';

/** The worker's notifications (support answered or resolved a query, an interview booked or moved), each a link to its ticket. */
export function SupportNotificationBell() {
  const navigate = useNavigate();
  return (
    <NotificationBell
      queryKey={['support', 'notifications']}
      list={notificationRoutes.workerList}
      read={notificationRoutes.workerRead}
      go={(link) => void navigate(link)}
      words={{
        title: t('notifications'),
        unread: (n) => (n === 1 ? t('notificationsUnreadOne') : t('notificationsUnread', { count: n })),
        failed: t('notificationsLoadFailed'),
        empty: t('notificationsEmpty'),
        markAll: t('notificationsMarkAll'),
        isNew: t('notificationUnread'),
        close: t('notificationsClose'),
      }}
    />
  );
}
