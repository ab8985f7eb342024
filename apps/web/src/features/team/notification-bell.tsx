import { notificationRoutes } from '@pmw/contract/notifications';
import { NotificationBell } from '../../shared/notification-bell';
import { t } from './messages';
import { teamPaths } from './area-nav';

/** The member's notifications (their leads approved, rejected or needing details), in the team area's header. */
export function TeamNotificationBell({ go }: { go: (path: string) => void }) {
  return (
    <NotificationBell
      queryKey={['team', 'notifications']}
      list={notificationRoutes.teamList}
      read={notificationRoutes.teamRead}
      go={go}
      settings={{ label: t('notificationSettings'), go: () => go(teamPaths.notifications) }}
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
