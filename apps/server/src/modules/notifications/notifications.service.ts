import { and, count, desc, eq, inArray, not, type SQL } from 'drizzle-orm';
import {
  notificationLink,
  renderNotification,
  type NotifyAudience,
  type NotifyData,
  type NotifyEvent,
  type Notification,
  type NotificationList,
  type OpsOutboxRow,
  OUTBOX_STATE,
} from '@pmw/contract/notifications';
import { AppError, notFound } from '../../errors';
import type { Db, DbOrTx } from '../../db/client';
import { notificationOutbox, notifications } from '../../db/schema/notifications';
import type { UsersService } from '../users/users.service';
import { smsLocaleFor } from '../locale/sms-locale';

export interface NotifyInput<E extends NotifyEvent> {
  event: E;
  audience: NotifyAudience;
  /** The person, when they have an account: their in-app list gets the notification and their mobile the SMS. */
  user_id?: number | null | undefined;
  /** Someone without an account (or another mobile than the account's): SMS only. */
  mobile?: string | undefined;
  data: NotifyData[E];
  /** One notification per key and person, however often the caller runs (a retried action). */
  dedupe_key?: string | undefined;
}

/**
 * The one way a module tells a person something. `notify` is called inside
 * the transaction of the change that caused it, so the in-app notification
 * and its queued SMS commit with that change or not at all; the outbox worker
 * sends the SMS after the commit.
 */
export function createNotificationsService(deps: {
  db: Db;
  users: Pick<UsersService, 'byId'>;
  mergeMs: number;
  queued?: (dueInMs: number) => void;
}) {
  const { db } = deps;

  async function mobileOf(tx: DbOrTx, userId: number): Promise<string | undefined> {
    return (await deps.users.byId(userId, tx))?.mobile;
  }

  const view = (r: typeof notifications.$inferSelect): Notification => ({
    notification_id: r.notification_id,
    kind: r.kind,
    text: r.text,
    link: r.link,
    read: r.read,
    created_on: r.created_on.toISOString(),
  });

  const outboxView = (r: typeof notificationOutbox.$inferSelect): OpsOutboxRow => ({
    outbox_id: r.outbox_id,
    user_id: r.user_id,
    mobile: r.mobile,
    kind: r.kind,
    state: r.state as OpsOutboxRow['state'],
    attempts: r.attempts,
    text: r.text,
    sent_text: r.sent_text,
    gateway_answer: r.gateway_answer,
    created_on: r.created_on.toISOString(),
    sent_on: r.sent_on?.toISOString() ?? null,
  });

  async function unread(userId: number, audience: NotifyAudience): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.user_id, userId), eq(notifications.audience, audience), not(notifications.read)));
    return row?.n ?? 0;
  }

  return {
    /** Records a notification (and queues its SMS) in the caller's transaction; answers false when its dedupe key was used already. */
    async notify<E extends NotifyEvent>(tx: DbOrTx, input: NotifyInput<E>): Promise<{ created: boolean }> {
      const mobile = input.mobile ?? (input.user_id ? await mobileOf(tx, input.user_id) : undefined);
      // The language of the person's last login (their choice on the page, remembered per mobile), else English.
      const locale = mobile ? await smsLocaleFor(tx as Db, mobile, undefined) : 'en';
      const text = renderNotification(input.event, input.data, locale);
      let notificationId: number | null = null;
      if (input.user_id) {
        const [row] = await tx
          .insert(notifications)
          .values({
            user_id: input.user_id,
            audience: input.audience,
            kind: input.event,
            text,
            link: notificationLink(input.event, input.audience, input.data),
            dedupe_key: input.dedupe_key ?? null,
          })
          .onConflictDoNothing()
          .returning({ id: notifications.notification_id });
        if (!row) return { created: false };
        notificationId = row.id;
      }
      if (mobile) {
        await tx.insert(notificationOutbox).values({
          notification_id: notificationId,
          user_id: input.user_id ?? null,
          mobile,
          kind: input.event,
          locale,
          data: input.data as unknown as Record<string, string | number>,
          text,
          due_at: new Date(Date.now() + deps.mergeMs),
        });
        deps.queued?.(deps.mergeMs);
      }
      return { created: true };
    },

    async list(userId: number, audience: NotifyAudience, page: { limit: number; offset: number }): Promise<NotificationList> {
      const rows = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.user_id, userId), eq(notifications.audience, audience)))
        .orderBy(desc(notifications.notification_id))
        .limit(page.limit)
        .offset(page.offset);
      return { unread: await unread(userId, audience), rows: rows.map(view) };
    },

    /** The SMS outbox for the ops console, newest first. */
    async outboxPage(q: {
      user_id?: number | undefined;
      kind?: string | undefined;
      state?: string | undefined;
      page: number;
      limit: number;
    }): Promise<{ count: number; rows: OpsOutboxRow[] }> {
      const where: SQL[] = [];
      if (q.user_id !== undefined) where.push(eq(notificationOutbox.user_id, q.user_id));
      if (q.kind !== undefined) where.push(eq(notificationOutbox.kind, q.kind));
      if (q.state !== undefined) where.push(eq(notificationOutbox.state, q.state));
      const cond = where.length ? and(...where) : undefined;
      const rows = await db
        .select()
        .from(notificationOutbox)
        .where(cond)
        .orderBy(desc(notificationOutbox.outbox_id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      const [total] = await db.select({ n: count() }).from(notificationOutbox).where(cond);
      return { count: total?.n ?? 0, rows: rows.map(outboxView) };
    },

    /** A failed SMS queued again with fresh tries, in the caller's transaction (which records who asked). */
    async resend(tx: DbOrTx, outboxId: number): Promise<{ before: OpsOutboxRow; after: OpsOutboxRow }> {
      const [row] = await tx.select().from(notificationOutbox).where(eq(notificationOutbox.outbox_id, outboxId)).for('update').limit(1);
      if (!row) throw notFound('Notification not found');
      if (row.state !== OUTBOX_STATE.failed) throw new AppError('CONFLICT', 'Only a failed notification can be sent again');
      const [after] = await tx
        .update(notificationOutbox)
        .set({ state: OUTBOX_STATE.queued, attempts: 0, due_at: new Date(), claim_token: null, lease_until: null })
        .where(eq(notificationOutbox.outbox_id, outboxId))
        .returning();
      deps.queued?.(0);
      return { before: outboxView(row), after: outboxView(after!) };
    },

    /** Marks the caller's own notifications read; ids of anyone else's are ignored. Answers the unread count left. */
    async markRead(userId: number, audience: NotifyAudience, ids: number[]): Promise<{ unread: number }> {
      await db
        .update(notifications)
        .set({ read: true })
        .where(and(eq(notifications.user_id, userId), eq(notifications.audience, audience), inArray(notifications.notification_id, ids)));
      return { unread: await unread(userId, audience) };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
