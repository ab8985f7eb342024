import { count, inArray, min } from 'drizzle-orm';
import { NOTIFY_CHANNEL, OUTBOX_STATE } from '@pmw/contract/notifications';
import type { Db } from '../../db/client';
import { notificationOutbox } from '../../db/schema/notifications';
import type { Metrics } from '../../lib/metrics';

/**
 * The outbox as Prometheus sees it when it scrapes: rows by channel and state
 * (a growing `failed` means the gateway refuses; a growing `queued` that no
 * worker drains), and how long the oldest row waiting has been due. Both read
 * the due index (rows queued or sending) or one grouped count.
 */
export function registerNotificationMetrics(metrics: Metrics, db: Db): void {
  if (!metrics.enabled) return;
  metrics.gauge({
    name: 'pmw_notification_outbox',
    help: 'Notification outbox rows by channel (sms, push) and state (queued, sending, sent, failed, skipped)',
    labelNames: ['channel', 'state'],
    async collect(set) {
      const rows = await db
        .select({ channel: notificationOutbox.channel, state: notificationOutbox.state, n: count() })
        .from(notificationOutbox)
        .groupBy(notificationOutbox.channel, notificationOutbox.state);
      // Every pair at 0 too, so an alert on one does not see "no data".
      for (const channel of Object.values(NOTIFY_CHANNEL)) for (const state of Object.values(OUTBOX_STATE)) set(0, { channel, state });
      for (const r of rows) set(Number(r.n), { channel: r.channel, state: r.state });
    },
  });
  metrics.gauge({
    name: 'pmw_notification_outbox_oldest_due_seconds',
    help: 'Seconds the oldest queued or sending outbox row has been due (0 when none): growing means no worker is sending',
    async collect(set) {
      const [row] = await db
        .select({ due: min(notificationOutbox.due_at) })
        .from(notificationOutbox)
        .where(inArray(notificationOutbox.state, [OUTBOX_STATE.queued, OUTBOX_STATE.sending]));
      const due = row?.due ? new Date(row.due).getTime() : null;
      set(due === null ? 0 : Math.max(0, (Date.now() - due) / 1000));
    },
  });
}
