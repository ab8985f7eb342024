import { and, asc, count, desc, eq, gte, inArray, isNotNull, not, sql, type SQL } from 'drizzle-orm';
import {
  mayOptOut,
  mergeable,
  NOTIFY_CHANNEL,
  NOTIFY_KINDS_OF,
  notificationLink,
  type NotificationSettings,
  type NotifyChannel,
  renderNotification,
  type NotifyAudience,
  type NotifyData,
  type NotifyEvent,
  type Notification,
  type NotificationList,
  type OpsOutboxRow,
  OUTBOX_STATE,
  isNotifyEvent,
} from '@pmw/contract/notifications';
import { AppError, notFound } from '../../errors';
import type { Db, DbOrTx } from '../../db/client';
import {
  notificationChannels,
  notificationOptOuts,
  notificationOutbox,
  notifications,
  pushSubscriptions,
} from '../../db/schema/notifications';
import type { PushTarget } from '../../providers/push';
import type { WhatsAppStatus } from '../../providers/whatsapp';
import { queueSmsFallback } from './sms-fallback';
import type { UsersService } from '../users/users.service';
import { smsLocaleFor, type SmsLocale } from '../locale/sms-locale';
import { say } from '@pmw/contract/texts/said';

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
  /** The language of the request when the person is the one acting now (their choice on the page, or their browser's). */
  locale?: SmsLocale | undefined;
  /** What it is about, for the module that made it to read its delivery later (`deliveryOf`) or take it back (`withdraw`). */
  subject?: string | undefined;
  /**
   * Seconds from the change (its transaction's start) before the texts may go: what an approval
   * queues waits out the time in which ops may still undo it.
   */
  hold_seconds?: number | undefined;
}

/** What `withdraw` did: texts taken back before they went, and texts of the subject already claimed or sent. */
export interface Withdrawn {
  withdrawn: number;
  gone: number;
}

/** How a subject's texts went: how many were queued, and the newest one's state, when it was sent and what failed. */
export interface Delivery {
  count: number;
  state: string;
  sent_on: Date | null;
  /** The gateway's answer when the newest one failed for good. */
  error: string | null;
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
  /** Whether the server has WhatsApp: only then may a person choose it instead of SMS. */
  whatsapp?: boolean;
}) {
  const whatsappAvailable = deps.whatsapp ?? false;
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
    channel: r.channel,
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

  async function hasPush(tx: DbOrTx, userId: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: pushSubscriptions.push_subscription_id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.user_id, userId))
      .limit(1);
    return !!row;
  }

  /** Whether the person chose WhatsApp instead of SMS (whether or not the server has it now). */
  async function choseWhatsApp(tx: DbOrTx, userId: number): Promise<boolean> {
    const [row] = await tx
      .select({ on: notificationChannels.whatsapp })
      .from(notificationChannels)
      .where(eq(notificationChannels.user_id, userId))
      .limit(1);
    return row?.on ?? false;
  }

  async function settings(userId: number, audience: NotifyAudience): Promise<NotificationSettings> {
    const off = new Set(
      (await db.select({ kind: notificationOptOuts.kind }).from(notificationOptOuts).where(eq(notificationOptOuts.user_id, userId))).map(
        (r) => r.kind,
      ),
    );
    return {
      kinds: NOTIFY_KINDS_OF[audience].map((kind) => ({ kind, on: !mayOptOut(kind) || !off.has(kind), locked: !mayOptOut(kind) })),
      whatsapp: { available: whatsappAvailable, on: whatsappAvailable && (await choseWhatsApp(db, userId)) },
    };
  }

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
      const locale = mobile ? await smsLocaleFor(tx as Db, mobile, input.locale) : 'en';
      const text = renderNotification(input.event, input.data, locale);
      let notificationId: number | null = null;
      const link = notificationLink(input.event, input.audience, input.data);
      if (input.user_id) {
        const [row] = await tx
          .insert(notifications)
          .values({
            user_id: input.user_id,
            audience: input.audience,
            kind: input.event,
            text,
            link,
            dedupe_key: input.dedupe_key ?? null,
          })
          .onConflictDoNothing()
          .returning({ id: notifications.notification_id });
        if (!row) return { created: false };
        notificationId = row.id;
      }
      if (mobile) {
        const row = {
          notification_id: notificationId,
          user_id: input.user_id ?? null,
          mobile,
          kind: input.event,
          link,
          locale,
          data: input.data as unknown as Record<string, string | number>,
          text,
          subject: input.subject ?? null,
          due_at: input.hold_seconds
            ? sql<Date>`greatest(${new Date(Date.now() + deps.mergeMs).toISOString()}::timestamptz, now() + make_interval(secs => ${input.hold_seconds}))`
            : new Date(Date.now() + deps.mergeMs),
          // By the database's clock, from the change's transaction: the clock an undo's window is measured by.
          not_before: input.hold_seconds ? sql<Date>`now() + make_interval(secs => ${input.hold_seconds})` : null,
        };
        // WhatsApp instead of the SMS for a person who chose it (while the server has it); SMS again if it fails for good.
        const textChannel =
          whatsappAvailable && input.user_id && (await choseWhatsApp(tx, input.user_id)) ? NOTIFY_CHANNEL.whatsapp : NOTIFY_CHANNEL.sms;
        const rows: (typeof row & { channel: NotifyChannel })[] = [{ ...row, channel: textChannel }];
        // A push too when the person has allowed a browser; the worker sends it to each of their browsers.
        if (input.user_id && (await hasPush(tx, input.user_id))) rows.push({ ...row, channel: NOTIFY_CHANNEL.push });
        await tx.insert(notificationOutbox).values(rows);
        deps.queued?.(Math.max(deps.mergeMs, (input.hold_seconds ?? 0) * 1000));
      }
      return { created: true };
    },

    /**
     * Takes back, in the caller's transaction, the texts made about a subject
     * since a time that have not gone yet: they are locked (so the worker cannot
     * claim them meanwhile) and end skipped, with the reason for ops to read. With
     * `inApp` the notifications they belong to leave the person's list too.
     * Answers how many were taken back and how many had been claimed or sent.
     */
    async withdraw(tx: DbOrTx, q: { subject: string; since?: Date | undefined; reason: string; inApp: boolean }): Promise<Withdrawn> {
      const rows = await tx
        .select({ id: notificationOutbox.outbox_id, state: notificationOutbox.state, notification_id: notificationOutbox.notification_id })
        .from(notificationOutbox)
        .where(and(eq(notificationOutbox.subject, q.subject), q.since ? gte(notificationOutbox.created_on, q.since) : undefined))
        .for('update');
      const queued = rows.filter((r) => r.state === OUTBOX_STATE.queued);
      if (queued.length)
        await tx
          .update(notificationOutbox)
          .set({ state: OUTBOX_STATE.skipped, gateway_answer: q.reason, ...(q.inApp ? { notification_id: null } : {}) })
          .where(
            inArray(
              notificationOutbox.outbox_id,
              queued.map((r) => r.id),
            ),
          );
      const inApp = [...new Set(queued.flatMap((r) => (r.notification_id === null ? [] : [r.notification_id])))];
      if (q.inApp && inApp.length) {
        // A row of the same notification that is not withdrawn (it went already) keeps it in the list.
        const kept = await tx
          .select({ id: notificationOutbox.notification_id })
          .from(notificationOutbox)
          .where(and(inArray(notificationOutbox.notification_id, inApp), isNotNull(notificationOutbox.notification_id)));
        const keep = new Set(kept.map((r) => r.id));
        const drop = inApp.filter((id) => !keep.has(id));
        if (drop.length) await tx.delete(notifications).where(inArray(notifications.notification_id, drop));
      }
      return { withdrawn: queued.length, gone: rows.length - queued.length };
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
      if (!row) throw notFound(say('ops.notificationNotFound'));
      if (row.state !== OUTBOX_STATE.failed) throw new AppError('CONFLICT', say('ops.onlyFailedResend'));
      const [after] = await tx
        .update(notificationOutbox)
        .set({ state: OUTBOX_STATE.queued, attempts: 0, due_at: new Date(), claim_token: null, lease_until: null })
        .where(eq(notificationOutbox.outbox_id, outboxId))
        .returning();
      deps.queued?.(0);
      return { before: outboxView(row), after: outboxView(after!) };
    },

    settings,

    /** WhatsApp instead of SMS, on or off, for the person (refused while the server has no WhatsApp). */
    async setWhatsApp(userId: number, audience: NotifyAudience, on: boolean): Promise<NotificationSettings> {
      if (!whatsappAvailable) throw new AppError('CONFLICT', say('partner.whatsappUnavailable'));
      await db
        .insert(notificationChannels)
        .values({ user_id: userId, whatsapp: on })
        .onConflictDoUpdate({ target: notificationChannels.user_id, set: { whatsapp: on, updated_on: new Date() } });
      return settings(userId, audience);
    },

    /**
     * The platform's word on WhatsApp messages: delivered and read are kept as
     * the answer; a failed one is marked failed and goes by SMS instead, once.
     * Answers how many statuses matched a message of ours.
     */
    async applyWhatsAppStatuses(statuses: WhatsAppStatus[]): Promise<number> {
      let applied = 0;
      let fallbacks = 0;
      for (const s of statuses) {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .select()
            .from(notificationOutbox)
            .where(and(eq(notificationOutbox.provider_message_id, s.message_id), eq(notificationOutbox.channel, NOTIFY_CHANNEL.whatsapp)))
            .for('update')
            .limit(1);
          if (!row) return;
          applied++;
          // A merged message is the person's rows of one kind and language sent under one claim; its status is
          // theirs (a claim also holds other people's rows, which are left alone).
          const merged = row.claim_token && isNotifyEvent(row.kind) && mergeable(row.kind);
          const group = merged
            ? await tx
                .select()
                .from(notificationOutbox)
                .where(
                  and(
                    eq(notificationOutbox.claim_token, row.claim_token!),
                    eq(notificationOutbox.channel, NOTIFY_CHANNEL.whatsapp),
                    eq(notificationOutbox.mobile, row.mobile),
                    eq(notificationOutbox.kind, row.kind),
                    eq(notificationOutbox.locale, row.locale),
                  ),
                )
                .for('update')
            : [row];
          const ids = group.map((r) => r.outbox_id);
          if (s.status === 'failed') {
            await tx
              .update(notificationOutbox)
              .set({ state: OUTBOX_STATE.failed, gateway_answer: `failed: ${s.error ?? 'no reason given'}`.slice(0, 500) })
              .where(inArray(notificationOutbox.outbox_id, ids));
            fallbacks += await queueSmsFallback(tx, group);
          } else if (row.state === OUTBOX_STATE.sent) {
            await tx
              .update(notificationOutbox)
              .set({ gateway_answer: `${s.status}: ${s.message_id}`.slice(0, 500) })
              .where(inArray(notificationOutbox.outbox_id, ids));
          }
        });
      }
      if (fallbacks) deps.queued?.(0);
      return applied;
    },

    /** How the texts made about each subject went (the newest decides the state), for the module that made them. */
    async deliveryOf(subjects: string[]): Promise<Map<string, Delivery>> {
      const out = new Map<string, Delivery>();
      if (!subjects.length) return out;
      const rows = await db
        .select({
          subject: notificationOutbox.subject,
          state: notificationOutbox.state,
          sent_on: notificationOutbox.sent_on,
          answer: notificationOutbox.gateway_answer,
          channel: notificationOutbox.channel,
        })
        .from(notificationOutbox)
        .where(and(inArray(notificationOutbox.subject, subjects), not(eq(notificationOutbox.channel, NOTIFY_CHANNEL.push))))
        .orderBy(asc(notificationOutbox.outbox_id));
      for (const r of rows) {
        const before = out.get(r.subject!);
        out.set(r.subject!, {
          count: (before?.count ?? 0) + 1,
          state: r.state,
          sent_on: r.sent_on ?? before?.sent_on ?? null,
          error: r.state === OUTBOX_STATE.failed ? r.answer : null,
        });
      }
      return out;
    },

    /** Turns a kind on or off for the person; a kind they may not turn off stays on. */
    async setKind(userId: number, audience: NotifyAudience, kind: NotifyEvent, on: boolean): Promise<NotificationSettings> {
      if (!on && !mayOptOut(kind)) throw new AppError('CONFLICT', say('partner.payoutNoticesLocked'));
      if (on) {
        await db.delete(notificationOptOuts).where(and(eq(notificationOptOuts.user_id, userId), eq(notificationOptOuts.kind, kind)));
      } else {
        await db.insert(notificationOptOuts).values({ user_id: userId, kind }).onConflictDoNothing();
      }
      return settings(userId, audience);
    },

    /** Whether the person turned the kind off (a kind that may not be turned off never is). */
    async optedOut(userId: number, kind: string): Promise<boolean> {
      if (isNotifyEvent(kind) && !mayOptOut(kind)) return false;
      const [row] = await db
        .select({ kind: notificationOptOuts.kind })
        .from(notificationOptOuts)
        .where(and(eq(notificationOptOuts.user_id, userId), eq(notificationOptOuts.kind, kind)))
        .limit(1);
      return !!row;
    },

    /** Keeps a browser's push subscription for the person; the same browser subscribing again (or for another person) moves it. */
    async subscribe(userId: number, sub: { endpoint: string; keys: { p256dh: string; auth: string } }): Promise<{ subscribed: boolean }> {
      await db
        .insert(pushSubscriptions)
        .values({ user_id: userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { user_id: userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth, created_on: new Date() },
        });
      return { subscribed: true };
    },

    /** Forgets the caller's subscription of this browser (another person's is left alone). */
    async unsubscribe(userId: number, endpoint: string): Promise<{ subscribed: boolean }> {
      await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.user_id, userId), eq(pushSubscriptions.endpoint, endpoint)));
      return { subscribed: false };
    },

    /** The person's browsers, for the worker. */
    async pushTargets(userId: number): Promise<(PushTarget & { id: number })[]> {
      const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, userId));
      return rows.map((r) => ({ id: r.push_subscription_id, endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth }));
    },

    /** A browser its push service says is gone. */
    async dropPushTarget(id: number): Promise<void> {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.push_subscription_id, id));
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
