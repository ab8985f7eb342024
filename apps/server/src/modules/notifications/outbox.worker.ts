import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isLocale } from '@pmw/contract/locale';
import {
  isNotifyEvent,
  mayOptOut,
  mergeable,
  NOTIFY_CHANNEL,
  OUTBOX_STATE,
  renderMerged,
  smsTemplateKey,
  whatsappMessage,
  type NotifyData,
} from '@pmw/contract/notifications';
import type { Db } from '../../db/client';
import { notificationOptOuts, notificationOutbox, pushSubscriptions } from '../../db/schema/notifications';
import type { SmsProvider } from '../../providers/sms';
import { createLocalPush, type PushProvider } from '../../providers/push';
import { WhatsAppRefusedError, type WhatsAppProvider } from '../../providers/whatsapp';
import { queueSmsFallback } from './sms-fallback';

type OutboxRow = typeof notificationOutbox.$inferSelect;
/** Rows that may go as one text: one person's (mobile), one kind, one channel, one language. */
const groupKey = (r: { mobile: string; kind: string; channel: string; locale: string }) =>
  [r.mobile, r.kind, r.channel, r.locale].join('\u0000');

/** Seconds before each retry: the first within seconds, then longer; the last step repeats. */
export const RETRY_BACKOFF_SECONDS = [2, 5, 15, 60, 300, 900, 3600];
export const retryDelayMs = (attempts: number) =>
  RETRY_BACKOFF_SECONDS[Math.min(Math.max(attempts, 1), RETRY_BACKOFF_SECONDS.length) - 1]! * 1000;

/** Rows claimed at once; a bigger backlog is drained in rounds. */
const BATCH = 200;
const ANSWER_MAX = 500;

export interface OutboxWorkerOptions {
  db: Db;
  sms: SmsProvider;
  /** Web push; without it pushes are recorded by a local stand-in. */
  push?: PushProvider | undefined;
  /** WhatsApp, for people who chose it; without it their WhatsApp rows go by SMS. */
  whatsapp?: WhatsAppProvider | null | undefined;
  logger?: Pick<FastifyBaseLogger, 'warn' | 'error'> | undefined;
  /** Looks between wakes; 0 means only nudges and runOnce send. */
  pollMs: number;
  maxAttempts: number;
  /** How long a claim holds; a process that died holding one loses it after this. */
  leaseMs?: number;
}

/**
 * Sends the SMS outbox. A claim (rows locked with `for update skip locked`,
 * set to sending with a lease and a token) commits before the gateway is
 * called, and the result is written only where the token still holds: two
 * processes never take one row, and a row whose process died is taken again
 * once its lease has run out. Rows of one person and kind that are due
 * together go as one merged text.
 */
export function createOutboxWorker(opts: OutboxWorkerOptions) {
  const { db, sms } = opts;
  const push = opts.push ?? createLocalPush();
  const leaseMs = opts.leaseMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  let running = false;
  let current: Promise<unknown> | undefined;

  async function claim(now: Date): Promise<{ token: string; rows: OutboxRow[] }> {
    const token = randomUUID();
    const rows = await db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: notificationOutbox.outbox_id,
          mobile: notificationOutbox.mobile,
          kind: notificationOutbox.kind,
          channel: notificationOutbox.channel,
          locale: notificationOutbox.locale,
        })
        .from(notificationOutbox)
        .where(
          or(
            and(eq(notificationOutbox.state, OUTBOX_STATE.queued), lte(notificationOutbox.due_at, now)),
            and(eq(notificationOutbox.state, OUTBOX_STATE.sending), lt(notificationOutbox.lease_until, now)),
          ),
        )
        .orderBy(asc(notificationOutbox.due_at), asc(notificationOutbox.outbox_id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (!due.length) return [];
      const ids = due.map((r) => r.id);
      // A group that is due takes its later rows with it: one text for the person, not one per row.
      const groups = new Map<string, { mobile: string; kind: string; channel: string; locale: string }>();
      for (const r of due) if (isNotifyEvent(r.kind) && mergeable(r.kind)) groups.set(groupKey(r), r);
      for (const g of groups.values()) {
        const later = await tx
          .select({ id: notificationOutbox.outbox_id })
          .from(notificationOutbox)
          .where(
            and(
              eq(notificationOutbox.mobile, g.mobile),
              eq(notificationOutbox.kind, g.kind),
              eq(notificationOutbox.channel, g.channel),
              eq(notificationOutbox.locale, g.locale),
              eq(notificationOutbox.state, OUTBOX_STATE.queued),
              notInArray(notificationOutbox.outbox_id, ids),
              // A row held back (an approval that may still be undone) waits its own time.
              or(isNull(notificationOutbox.not_before), lte(notificationOutbox.not_before, now)),
            ),
          )
          .for('update', { skipLocked: true });
        ids.push(...later.map((r) => r.id));
      }
      return tx
        .update(notificationOutbox)
        .set({
          state: OUTBOX_STATE.sending,
          claim_token: token,
          lease_until: new Date(now.getTime() + leaseMs),
          attempts: sql`${notificationOutbox.attempts} + 1`,
        })
        .where(inArray(notificationOutbox.outbox_id, ids))
        .returning();
    });
    return { token, rows };
  }

  /** The texts to send: rows of one (person, kind, language) together for mergeable kinds, one row alone otherwise. */
  function groups(rows: OutboxRow[]): OutboxRow[][] {
    const byKey = new Map<string, OutboxRow[]>();
    for (const r of rows.sort((a, b) => a.outbox_id - b.outbox_id)) {
      const key = isNotifyEvent(r.kind) && mergeable(r.kind) ? groupKey(r) : `#${r.outbox_id}`;
      byKey.set(key, [...(byKey.get(key) ?? []), r]);
    }
    return [...byKey.values()];
  }

  /** Whether the person turned this kind off (money kinds cannot be). */
  async function optedOut(row: OutboxRow): Promise<boolean> {
    if (!row.user_id || (isNotifyEvent(row.kind) && !mayOptOut(row.kind))) return false;
    const [off] = await db
      .select({ kind: notificationOptOuts.kind })
      .from(notificationOptOuts)
      .where(and(eq(notificationOptOuts.user_id, row.user_id), eq(notificationOptOuts.kind, row.kind)))
      .limit(1);
    return !!off;
  }

  /**
   * Pushes the text to each browser the person allowed; a browser its push
   * service says is gone is forgotten. Throws (to be retried) when a push
   * service fails; answers null when no browser is left.
   */
  async function pushTo(row: OutboxRow, text: string, merged: boolean): Promise<string | null> {
    if (!row.user_id) return null;
    const targets = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, row.user_id));
    const answers: string[] = [];
    for (const t of targets) {
      const res = await push.send(t, { title: 'PickMyWork', body: text, url: merged ? null : row.link, tag: row.kind });
      if (res.gone) await db.delete(pushSubscriptions).where(eq(pushSubscriptions.push_subscription_id, t.push_subscription_id));
      else answers.push(res.answer);
    }
    return answers.length ? answers.join(', ') : null;
  }

  /** A WhatsApp template message for the group; a refusal for good when the server has no WhatsApp now (the SMS stands in). */
  async function whatsappTo(group: OutboxRow[], text: string): Promise<{ answer: string; messageId: string }> {
    const first = group[0]!;
    if (!opts.whatsapp) throw new WhatsAppRefusedError('WhatsApp is turned off on the server');
    if (!isNotifyEvent(first.kind)) throw new WhatsAppRefusedError(`No WhatsApp template for ${first.kind}`);
    const locale = isLocale(first.locale) ? first.locale : 'en';
    const datas = group.map((r) => r.data as unknown as NotifyData[typeof first.kind]);
    const { key, params } = whatsappMessage(first.kind, datas, locale);
    const sent = await opts.whatsapp.send({
      mobile: first.mobile,
      template: key,
      locale,
      params,
      text,
      reference: `pmw-${first.outbox_id}`,
    });
    return { answer: sent.answer, messageId: sent.message_id };
  }

  function render(group: OutboxRow[]): { text: string; template: string } {
    const first = group[0]!;
    const locale = isLocale(first.locale) ? first.locale : 'en';
    if (!isNotifyEvent(first.kind)) return { text: first.text, template: first.kind };
    const datas = group.map((r) => r.data as unknown as NotifyData[typeof first.kind]);
    return { text: renderMerged(first.kind, datas, locale), template: smsTemplateKey(first.kind, locale, group.length > 1) };
  }

  async function sendGroup(token: string, group: OutboxRow[]) {
    const ids = group.map((r) => r.outbox_id);
    const mine = and(inArray(notificationOutbox.outbox_id, ids), eq(notificationOutbox.claim_token, token));
    // The lease is renewed before each text, so a long round (a slow gateway) never outlives it;
    // a row whose claim was lost meanwhile (taken again by another process) is left to that one.
    const held = await db
      .update(notificationOutbox)
      .set({ lease_until: new Date(Date.now() + leaseMs) })
      .where(and(mine, eq(notificationOutbox.state, OUTBOX_STATE.sending)))
      .returning({ id: notificationOutbox.outbox_id });
    if (held.length !== ids.length) return;
    let text: string | undefined;
    const first = group[0]!;
    if (await optedOut(first)) {
      await db
        .update(notificationOutbox)
        .set({ state: OUTBOX_STATE.skipped, gateway_answer: 'Turned off by the person', lease_until: null })
        .where(mine);
      return;
    }
    try {
      const message = render(group);
      text = message.text;
      let messageId: string | null = null;
      let answer: string | null;
      if (first.channel === NOTIFY_CHANNEL.push) answer = await pushTo(first, message.text, group.length > 1);
      else if (first.channel === NOTIFY_CHANNEL.whatsapp) ({ answer, messageId } = await whatsappTo(group, message.text));
      else answer = await sms.send({ mobile: first.mobile, text: message.text, template: message.template, reference: `pmw-${ids[0]}` });
      if (answer === null) {
        await db
          .update(notificationOutbox)
          .set({ state: OUTBOX_STATE.skipped, gateway_answer: 'No browser to push to', lease_until: null })
          .where(mine);
        return;
      }
      await db
        .update(notificationOutbox)
        .set({
          state: OUTBOX_STATE.sent,
          gateway_answer: answer.slice(0, ANSWER_MAX),
          sent_text: text,
          sent_on: new Date(),
          lease_until: null,
        })
        .where(mine);
      // The platform's status webhooks name the message by its id: kept on the group's first row.
      if (messageId)
        await db
          .update(notificationOutbox)
          .set({ provider_message_id: messageId })
          .where(and(eq(notificationOutbox.outbox_id, first.outbox_id), eq(notificationOutbox.claim_token, token)));
    } catch (err) {
      const answer = (err instanceof Error ? err.message : String(err)).slice(0, ANSWER_MAX);
      const attempts = Math.max(...group.map((r) => r.attempts));
      // A refusal for good (WhatsApp only) is not retried: the SMS stands in at once.
      const giveUp = attempts >= opts.maxAttempts || err instanceof WhatsAppRefusedError;
      const channel = first.channel === NOTIFY_CHANNEL.sms ? 'SMS' : first.channel;
      opts.logger?.warn({ outbox_ids: ids, attempts, answer }, giveUp ? `${channel} failed for good` : `${channel} failed; will retry`);
      const fallbacks = await db.transaction(async (tx) => {
        const updated = await tx
          .update(notificationOutbox)
          .set(
            giveUp
              ? { state: OUTBOX_STATE.failed, gateway_answer: answer, lease_until: null }
              : {
                  state: OUTBOX_STATE.queued,
                  gateway_answer: answer,
                  lease_until: null,
                  claim_token: null,
                  due_at: new Date(Date.now() + retryDelayMs(attempts)),
                },
          )
          .where(mine)
          .returning();
        return giveUp ? queueSmsFallback(tx, updated) : 0;
      });
      if (fallbacks) wake(0);
      else if (!giveUp) wake(retryDelayMs(attempts));
    }
  }

  /** One round: claims what is due at `now` and sends it. Answers how many rows it took. */
  async function runOnce(now: Date = new Date()): Promise<number> {
    const { token, rows } = await claim(now);
    for (const group of groups(rows)) await sendGroup(token, group);
    return rows.length;
  }

  async function drain() {
    try {
      while (running && (await runOnce()) > 0) {
        // Until nothing is due.
      }
    } catch (err) {
      opts.logger?.error({ err }, 'SMS outbox round failed');
    }
  }

  function wake(inMs: number) {
    if (!running) return;
    const at = Date.now() + Math.max(0, inMs);
    if (timer && timerAt <= at) return;
    if (timer) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(tick, Math.max(0, inMs));
    timer.unref?.();
  }

  function tick() {
    timer = undefined;
    timerAt = Infinity;
    if (current) {
      // A round is under way: look again when it ends.
      void current.then(() => wake(0));
      return;
    }
    current = drain().finally(() => {
      current = undefined;
      if (opts.pollMs > 0) wake(opts.pollMs);
    });
  }

  return {
    runOnce,
    /** Something was queued and is due in `dueInMs`: look then (a little after, so its transaction has committed). */
    nudge(dueInMs: number) {
      wake(dueInMs + 100);
    },
    start() {
      if (running) return;
      running = true;
      wake(0);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      timerAt = Infinity;
      await current;
    },
  };
}
export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
