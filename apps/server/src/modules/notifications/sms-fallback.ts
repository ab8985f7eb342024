import { NOTIFY_CHANNEL } from '@pmw/contract/notifications';
import type { DbOrTx } from '../../db/client';
import { notificationOutbox } from '../../db/schema/notifications';

type OutboxRow = typeof notificationOutbox.$inferSelect;

/**
 * WhatsApp rows that failed for good go by SMS instead: one SMS row per
 * failed row (`fallback_of` is unique), however often the failure is reported
 * (the sender giving up, then the platform's webhook saying so too). Answers
 * how many SMS rows it queued.
 */
export async function queueSmsFallback(tx: DbOrTx, rows: OutboxRow[], now = new Date()): Promise<number> {
  const failed = rows.filter((r) => r.channel === NOTIFY_CHANNEL.whatsapp);
  if (!failed.length) return 0;
  const queued = await tx
    .insert(notificationOutbox)
    .values(
      failed.map((r) => ({
        notification_id: r.notification_id,
        user_id: r.user_id,
        mobile: r.mobile,
        kind: r.kind,
        channel: NOTIFY_CHANNEL.sms,
        link: r.link,
        locale: r.locale,
        data: r.data,
        text: r.text,
        subject: r.subject,
        due_at: now,
        fallback_of: r.outbox_id,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: notificationOutbox.outbox_id });
  return queued.length;
}
