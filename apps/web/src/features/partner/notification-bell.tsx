import { useNavigate } from 'react-router';
import { notificationRoutes } from '@pmw/contract/notifications';
import { NotificationBell } from '../../shared/notification-bell';
import { t } from './messages';

/** The bell in the portal's top bar: the partner's notifications, each a link to the lead, payout or profile tab. */
export function PartnerNotificationBell() {
  const navigate = useNavigate();
  return (
    <NotificationBell
      className="notify-bell--on-brand"
      queryKey={['partner', 'notifications']}
      list={notificationRoutes.partnerList}
      read={notificationRoutes.partnerRead}
      go={(link) => void navigate(link)}
      settings={{ label: t('notificationSettings'), go: () => void navigate('/partner/notifications') }}
      words={{
        title: t('notifications'),
        unread: (n) => (n === 1 ? t('notificationsUnreadOne') : t('notificationsUnread', { count: n })),
        failed: t('notificationsLoadFailed'),
        empty: t('notificationsEmpty'),
        markAll: t('notificationsMarkAll'),
        isNew: t('notificationUnread'),
        close: t('close'),
      }}
    />
  );
}
