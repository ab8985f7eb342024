import { notificationSettingsRoutes } from '@pmw/contract/notifications';
import { NotificationSettingsPanel } from '../../shared/notification-settings';
import { t } from './messages';

/** /partner/notifications: which kinds of message reach the partner, and alerts on this phone. */
export function NotificationsPage() {
  return (
    <section>
      <h1 className="page-title">{t('notificationSettings')}</h1>
      <NotificationSettingsPanel
        routes={notificationSettingsRoutes.partner}
        queryKey={['partner', 'notification-settings']}
        serviceWorker={{ url: '/partner/sw.js', scope: '/partner/' }}
      />
    </section>
  );
}
