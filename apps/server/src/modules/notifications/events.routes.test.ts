import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { notificationListSchema, notificationSettingsSchema } from '@pmw/contract/notifications';
import { ticketSchema } from '@pmw/contract/support';
import { APPLICATION_STATUS } from '@pmw/contract/hiring';
import {
  applications,
  interviewSlots,
  mobileLocales,
  notificationOutbox,
  notifications,
  pushSubscriptions,
  slotBookings,
  smsOutbox,
  users,
} from '../../db/schema/index';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { insertLead, loginSupportAgent } from '../ops/ops-fixtures.test-helper';
import type { createLocalPush } from '../../providers/push';

/**
 * The events added to the notification service, each through the flow that
 * causes it: the text a person gets, in their language, once; the kinds a
 * person turned off are not texted; a person who allowed a browser gets a push.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ NOTIFY_MERGE_SECONDS: '0' });
  admin = await loginOps(t);
});
afterAll(async () => t.close());

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: { cookie } });
const listOf = (userId: number, kind: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.kind, kind)))
    .orderBy(desc(notifications.notification_id));
/** Sends what is queued (past the merge window) and answers the texts the mobile got, newest first. */
async function textsTo(mobile: string): Promise<string[]> {
  while ((await t.services.outbox.runOnce(new Date(Date.now() + 60_000))) > 0) {
    // Until nothing is due.
  }
  const rows = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, mobile)).orderBy(desc(smsOutbox.outbox_id));
  return rows.filter((r) => !r.otp).map((r) => r.text);
}
let nextUser = 6100;
async function person(name: string, locale?: 'hi') {
  const user_id = nextUser++;
  const mobile = `98765${String(user_id).padStart(5, '0')}`;
  await t.database.db.insert(users).values({ user_id, mobile, first_name: name });
  if (locale) await t.database.db.insert(mobileLocales).values({ mobile, locale });
  return { user_id, mobile };
}

describe('a candidate who joins', () => {
  it("tells the referring partner once, with the candidate's first name and the amount credited", async () => {
    const partner = await person('Leela');
    const candidate = await person('Sunil Kumar');
    const [app] = await t.database.db
      .insert(applications)
      .values({
        user_id: candidate.user_id,
        recruiter_id: partner.user_id,
        job_id: 261,
        job_location_id: 2611,
        status: APPLICATION_STATUS.SELECTED,
      })
      .returning({ id: applications.application_id });
    const set = (status: string) => post('/ops/applications/status', admin, { application_ids: [app!.id], status });
    expect((await set('JOINED')).statusCode).toBe(200);
    // Asked again: already joined, nothing more said.
    await set('JOINED');
    const rows = await listOf(partner.user_id, 'candidate_joined');
    expect(rows.map((r) => [r.audience, r.link])).toEqual([['partner', '/partner/projects']]);
    expect(rows[0]!.text).toMatch(/^Candidate joined: Sunil for .+\. ₹[\d,]+ added to your wallet\. - PickMyWork$/);
    expect(await textsTo(partner.mobile)).toEqual([rows[0]!.text]);
  });
});

describe('support answering a worker who is not looking', () => {
  it('tells the worker of an answer and of the resolution, each once, linking to the ticket; Hindi for a Hindi reader', async () => {
    const ravi = { user_id: 102, mobile: '9876500002' };
    await t.database.db.insert(mobileLocales).values({ mobile: ravi.mobile, locale: 'hi' }).onConflictDoNothing();
    const worker = await loginWorker(t, ravi.mobile);
    const agent = await loginSupportAgent(t);
    const ticket = ticketSchema.parse(
      body(await post('/support/user/ticket/add', worker, { ticket_type: 50, ticket_title: 'Payment' })).data,
    );
    expect(
      (await post('/ops/support/ticket/chat/add', agent, { ticket_id: ticket.ticket_id, chat_message: 'Which payment?' })).statusCode,
    ).toBe(200);
    await t.services.support.noticesIdle();
    const answered = await listOf(ravi.user_id, 'support_answered');
    expect(answered.map((r) => [r.audience, r.text, r.link])).toEqual([
      [
        'worker',
        `सपोर्ट ने आपकी क्वेरी #${ticket.ticket_id} का जवाब दिया। पढ़ने के लिए ऐप खोलें। - PickMyWork`,
        `/support/ticket?user_id=${ravi.user_id}&ticket_id=${ticket.ticket_id}`,
      ],
    ]);
    await post('/ops/support/ticket/resolve', agent, { ticket_id: ticket.ticket_id });
    await t.services.support.noticesIdle();
    expect((await listOf(ravi.user_id, 'support_resolved')).map((r) => r.text)).toEqual([
      `सपोर्ट ने आपकी क्वेरी #${ticket.ticket_id} हल कर दी। जवाब को रेटिंग देने के लिए ऐप खोलें। - PickMyWork`,
    ]);
    // The worker's own list (the support area's bell) has both, newest first.
    const list = notificationListSchema.parse(body(await get('/support/user/notifications', worker)).data);
    expect(list.rows.slice(0, 2).map((r) => r.kind)).toEqual(['support_resolved', 'support_answered']);
    await t.database.db.delete(mobileLocales).where(eq(mobileLocales.mobile, ravi.mobile));
  });
});

describe('an interview', () => {
  it('booked, and reminded the day before in daytime IST only, once however often the job runs', async () => {
    const candidate = await person('Gita');
    const [app] = await t.database.db
      .insert(applications)
      .values({ user_id: candidate.user_id, recruiter_id: 101, job_id: 261, job_location_id: 2611, status: APPLICATION_STATUS.APPLIED })
      .returning({ id: applications.application_id });
    // 11:00 IST on 3 December; the job looks on 2 December.
    const start = new Date('2031-12-03T05:30:00.000Z');
    const [slot] = await t.database.db
      .insert(interviewSlots)
      .values({
        job_id: 261,
        job_location_id: 2611,
        start_time: start,
        end_time: new Date(start.getTime() + 3_600_000),
        capacity: 3,
        booked: 0,
      })
      .returning({ id: interviewSlots.slot_id });
    const cookie = await loginWorker(t, candidate.mobile);
    const booked = await post('/user/job/slot/book', cookie, {
      user_id: candidate.user_id,
      slot_id: slot!.id,
      job_id: 261,
      booking_date: '2031-12-03',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect((await listOf(candidate.user_id, 'interview_booked')).map((r) => r.text)).toEqual([
      expect.stringMatching(/^Interview booked for .+ on 03 Dec 2031, 11:00 AM at .+\. - PickMyWork$/),
    ]);
    expect(app).toBeDefined();

    // At 07:00 IST the day before: too early to text anyone.
    expect(await t.services.hiring.remindTomorrow(new Date('2031-12-02T01:30:00.000Z'))).toEqual({ reminded: 0 });
    // At 10:15 IST: one reminder; the next look (another process, a quarter hour later) makes none.
    expect((await t.services.hiring.remindTomorrow(new Date('2031-12-02T04:45:00.000Z'))).reminded).toBeGreaterThanOrEqual(1);
    expect(await t.services.hiring.remindTomorrow(new Date('2031-12-02T05:00:00.000Z'))).toEqual({ reminded: 0 });
    const reminders = await listOf(candidate.user_id, 'interview_reminder');
    expect(reminders.map((r) => r.text)).toEqual([
      expect.stringMatching(/^Reminder: your interview for .+ is tomorrow, 03 Dec 2031, 11:00 AM, at .+\. - PickMyWork$/),
    ]);
    const texts = await textsTo(candidate.mobile);
    expect(texts.filter((x) => x.startsWith('Reminder:'))).toHaveLength(1);
    expect(texts.filter((x) => x.startsWith('Interview booked'))).toHaveLength(1);
    await t.database.db.delete(slotBookings).where(eq(slotBookings.slot_id, slot!.id));
  });
});

describe("a person's choices", () => {
  it('turns a kind off (not texted, still in the bell), keeps money kinds on, and is per person', async () => {
    const asha = await loginWorker(t, '9876500001');
    const settings = notificationSettingsSchema.parse(body(await get('/partner/notifications/settings', asha)).data);
    expect(settings.kinds.find((k) => k.kind === 'lead_approved')).toEqual({ kind: 'lead_approved', on: true, locked: false });
    expect(settings.kinds.find((k) => k.kind === 'payout_sent')).toEqual({ kind: 'payout_sent', on: true, locked: true });

    const off = await post('/partner/notifications/settings', asha, { kind: 'lead_approved', on: false });
    expect(notificationSettingsSchema.parse(body(off).data).kinds.find((k) => k.kind === 'lead_approved')?.on).toBe(false);
    const refused = await post('/partner/notifications/settings', asha, { kind: 'payout_failed', on: false });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toBe('Payout messages cannot be turned off');
    expect((await post('/partner/notifications/settings', asha, { kind: 'otp', on: false })).statusCode).toBe(400);

    const before = (await textsTo('9876500001')).length;
    const id = await insertLead(t, { payout_paise: 20_000 });
    await post('/ops/leads/approve', admin, { form_response_ids: [id] });
    expect((await listOf(101, 'lead_approved'))[0]!.text).toContain('₹200');
    expect(await textsTo('9876500001')).toHaveLength(before);
    const [row] = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.user_id, 101), eq(notificationOutbox.kind, 'lead_approved')))
      .orderBy(desc(notificationOutbox.outbox_id))
      .limit(1);
    expect(row).toMatchObject({ state: 'skipped', gateway_answer: 'Turned off by the person' });

    // Ravi did not turn it off: texted.
    const ravisLead = await insertLead(t, { partner_user_id: 102, payout_paise: 20_000 });
    await post('/ops/leads/approve', admin, { form_response_ids: [ravisLead] });
    expect((await textsTo('9876500002'))[0]).toMatch(/^Lead approved: .+ ₹200 added to your wallet\. - PickMyWork$/);

    // On again: texted again.
    await post('/partner/notifications/settings', asha, { kind: 'lead_approved', on: true });
    await post('/ops/leads/approve', admin, { form_response_ids: [await insertLead(t, { payout_paise: 30_000 })] });
    expect((await textsTo('9876500001'))[0]).toContain('₹300');
    expect((await get('/partner/notifications/settings', '')).statusCode).toBe(401);
    expect((await get('/team/notifications/settings', asha)).statusCode).toBe(401);
  });
});

describe('web push', () => {
  it('pushes to each browser the person allowed, forgets one on unsubscribe, and refuses an endpoint that is not a web address', async () => {
    const partner = await person('Meera');
    const cookie = await loginWorker(t, partner.mobile);
    expect(body(await get('/partner/notifications/push/key', cookie)).data).toEqual({ public_key: null });
    const keys = { p256dh: 'BPx1', auth: 'a1' };
    for (const endpoint of ['javascript:alert(1)', 'ftp://push.example/x', 'https://push.example/a\u0000']) {
      expect((await post('/partner/notifications/push/subscribe', cookie, { endpoint, keys })).statusCode).toBe(400);
    }
    const sub = await post('/partner/notifications/push/subscribe', cookie, { endpoint: 'https://push.example/send/one', keys });
    expect(body(sub).data).toEqual({ subscribed: true });
    // The same browser again is one subscription.
    await post('/partner/notifications/push/subscribe', cookie, { endpoint: 'https://push.example/send/one', keys });
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, partner.user_id))).toHaveLength(1);

    const push = t.services.providers.push as ReturnType<typeof createLocalPush>;
    const sentBefore = push.sent.length;
    const bank = await t.services.banks.add(partner.user_id, { ifsc_code: 'HDFC0000001', account_no: '50100123456107' });
    await post(`/ops/banks/${bank.bank_detail_id}/status`, admin, { status: 1 });
    await textsTo(partner.mobile);
    const pushed = push.sent.slice(sentBefore);
    expect(pushed.map((p) => [p.target.endpoint, p.message])).toEqual([
      [
        'https://push.example/send/one',
        {
          title: 'PickMyWork',
          body: 'Your bank account ending 6107 is verified. - PickMyWork',
          url: '/partner/profile/bank',
          tag: 'bank_verified',
        },
      ],
    ]);
    const rows = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.user_id, partner.user_id), inArray(notificationOutbox.kind, ['bank_verified'])));
    expect(rows.map((r) => [r.channel, r.state]).sort()).toEqual([
      ['push', 'sent'],
      ['sms', 'sent'],
    ]);

    await post('/partner/notifications/push/unsubscribe', cookie, { endpoint: 'https://push.example/send/one' });
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, partner.user_id))).toHaveLength(0);
    expect((await post('/partner/notifications/push/subscribe', '', { endpoint: 'https://push.example/x', keys })).statusCode).toBe(401);
  });
});
