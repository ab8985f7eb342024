import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notificationListSchema, notificationReadSchema } from '@pmw/contract/notifications';
import { teamOtpSentSchema } from '@pmw/contract/team';
import { mobileLocales, notificationOutbox, notifications, users } from '../../db/schema/index';
import { body, cookieHeader, createTestApp, latestOtp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { insertLead, pastUndoWindow } from '../ops/ops-fixtures.test-helper';
import type { createLocalPush } from '../../providers/push';
import { say } from '@pmw/contract/texts/said';

const ASHA = { user_id: 101, mobile: '9876500001' };
const RAVI = { user_id: 102, mobile: '9876500002' };
const MEENA = { user_id: 111, mobile: '9876500011' };

let t: TestApp;
let admin: string;
let asha: string;
let ravi: string;
beforeAll(async () => {
  t = await createTestApp({ NOTIFY_MERGE_SECONDS: '0', PAYOUT_SIMULATED_SETTLE_SECONDS: '0' });
  admin = await loginOps(t);
  asha = await loginWorker(t, ASHA.mobile);
  ravi = await loginWorker(t, RAVI.mobile);
});
afterAll(async () => t.close());

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: { cookie } });
const list = async (cookie: string, url = '/partner/notifications') => notificationListSchema.parse(body(await get(url, cookie)).data);
/** The texts the console provider "sent" to a mobile, newest first, OTPs left out. */
async function texts(mobile: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v2/dev/outbox?mobile=${mobile}` });
  return body<{ otp: string; text: string }[]>(res)
    .data.filter((e) => !e.otp)
    .map((e) => e.text);
}
async function clear(userId: number) {
  await t.database.db.delete(notificationOutbox).where(eq(notificationOutbox.user_id, userId));
  await t.database.db.delete(notifications).where(eq(notifications.user_id, userId));
}

describe('a lead approved by ops', () => {
  it("is one notification in the partner's list and one SMS, in English", async () => {
    await clear(ASHA.user_id);
    const id = await insertLead(t, { payout_paise: 50_000 });
    expect((await post('/ops/leads/approve', admin, { form_response_ids: [id] })).statusCode).toBe(200);
    const mine = await list(asha);
    expect(mine.unread).toBe(1);
    expect(mine.rows).toHaveLength(1);
    expect(mine.rows[0]).toMatchObject({ kind: 'lead_approved', read: false, link: `/partner/report?search=${id}` });
    expect(mine.rows[0]!.text).toMatch(/^Lead approved: Test for .+\. ₹500 added to your wallet\. - PickMyWork$/);
    // Queued with the approval; the worker sends it once the approval can no longer be undone.
    expect(await t.services.outbox.runOnce()).toBe(0);
    expect(await t.services.outbox.runOnce(pastUndoWindow())).toBe(1);
    expect((await texts(ASHA.mobile))[0]).toBe(mine.rows[0]!.text);
    expect(await t.services.outbox.runOnce(pastUndoWindow())).toBe(0);
  });

  it('is in Hindi for a partner whose last login was in Hindi', async () => {
    await clear(RAVI.user_id);
    await t.database.db
      .insert(mobileLocales)
      .values({ mobile: RAVI.mobile, locale: 'hi' })
      .onConflictDoUpdate({ target: mobileLocales.mobile, set: { locale: 'hi' } });
    const id = await insertLead(t, { partner_user_id: RAVI.user_id });
    await post('/ops/leads/reject', admin, { form_response_ids: [id], comment: 'Duplicate customer' });
    const mine = await list(ravi);
    expect(mine.rows[0]!.text).toMatch(/^लीड अस्वीकृत: .+ के लिए Test। कारण: Duplicate customer - PickMyWork$/);
    await t.services.outbox.runOnce();
    expect((await texts(RAVI.mobile))[0]).toBe(mine.rows[0]!.text);
    await t.database.db.delete(mobileLocales).where(eq(mobileLocales.mobile, RAVI.mobile));
  });

  it("a team member's lead that needs details tells the member in the team area", async () => {
    await clear(MEENA.user_id);
    const id = await insertLead(t, { partner_user_id: null, team_member_user_id: MEENA.user_id });
    await post('/ops/leads/needs-details', admin, { form_response_ids: [id], comment: 'Upload the PAN' });
    const sent = await post('/team/otp/send', '', { mobile: MEENA.mobile, feature: 'MT', team_code: 'TEAM01' });
    const { request_id } = teamOtpSentSchema.parse(body(sent).data);
    const login = await post('/team/login/otp', '', {
      request_id,
      team_code: 'TEAM01',
      first_name: 'Meena',
      mobile: MEENA.mobile,
      otp: await latestOtp(t, MEENA.mobile),
    });
    const meena = cookieHeader(login);
    const mine = await list(meena, '/team/notifications');
    expect(mine.rows).toHaveLength(1);
    expect(mine.rows[0]).toMatchObject({ kind: 'lead_needs_details', link: 'report' });
    expect(mine.rows[0]!.text).toContain('Upload the PAN');
    // A team session does not open the partner portal's list.
    expect((await get('/partner/notifications', meena)).statusCode).toBe(401);
  });

  it("a team member who allowed the team app's alerts gets the push too, linking into the team area", async () => {
    await clear(MEENA.user_id);
    const sent = await post('/team/otp/send', '', { mobile: MEENA.mobile, feature: 'MT', team_code: 'TEAM01' });
    const { request_id } = teamOtpSentSchema.parse(body(sent).data);
    const login = await post('/team/login/otp', '', {
      request_id,
      team_code: 'TEAM01',
      first_name: 'Meena',
      mobile: MEENA.mobile,
      otp: await latestOtp(t, MEENA.mobile),
    });
    const meena = cookieHeader(login);
    const endpoint = 'https://push.example/send/meena-phone';
    const sub = await post('/team/notifications/push/subscribe', meena, { endpoint, keys: { p256dh: 'BPx1', auth: 'a1' } });
    expect(body(sub).data).toEqual({ subscribed: true });
    const push = t.services.providers.push as ReturnType<typeof createLocalPush>;
    const before = push.sent.length;
    const id = await insertLead(t, { partner_user_id: null, team_member_user_id: MEENA.user_id });
    await post('/ops/leads/needs-details', admin, { form_response_ids: [id], comment: 'Upload the PAN' });
    while ((await t.services.outbox.runOnce()) > 0);
    const pushed = push.sent.slice(before).filter((p) => p.target.endpoint === endpoint);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.message).toMatchObject({ url: 'report', tag: 'lead_needs_details' });
    expect(pushed[0]!.message.body).toContain('Upload the PAN');
    const rows = await t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.user_id, MEENA.user_id));
    expect(rows.map((r) => [r.channel, r.state]).sort()).toEqual([
      ['push', 'sent'],
      ['sms', 'sent'],
    ]);
    await post('/team/notifications/push/unsubscribe', meena, { endpoint });
  });
});

describe('the read marks', () => {
  it("mark only the caller's own notifications read", async () => {
    await clear(ASHA.user_id);
    await insertLead(t).then((id) => post('/ops/leads/approve', admin, { form_response_ids: [id] }));
    const [row] = (await list(asha)).rows;
    const other = await post('/partner/notifications/read', ravi, { notification_ids: [row!.notification_id] });
    expect(other.statusCode).toBe(200);
    expect((await list(asha)).unread).toBe(1);
    const own = await post('/partner/notifications/read', asha, { notification_ids: [row!.notification_id] });
    expect(notificationReadSchema.parse(body(own).data)).toEqual({ unread: 0 });
    expect((await list(asha)).rows[0]!.read).toBe(true);
  });

  it('refuses an empty list, a bad id and a caller without a session', async () => {
    expect((await post('/partner/notifications/read', asha, { notification_ids: [] })).statusCode).toBe(400);
    expect((await post('/partner/notifications/read', asha, { notification_ids: ['x'] })).statusCode).toBe(400);
    expect((await get('/partner/notifications?limit=0', asha)).statusCode).toBe(400);
    expect((await get('/partner/notifications', '')).statusCode).toBe(401);
    expect((await get('/team/notifications', asha)).statusCode).toBe(401);
    expect((await post('/support/user/notifications/read', '', { notification_ids: [1] })).statusCode).toBe(401);
  });

  it('pages newest first', async () => {
    await clear(ASHA.user_id);
    for (let i = 0; i < 3; i++) await insertLead(t).then((id) => post('/ops/leads/approve', admin, { form_response_ids: [id] }));
    const all = await list(asha);
    const page = notificationListSchema.parse(body(await get('/partner/notifications?limit=1&offset=1', asha)).data);
    expect(page.rows).toEqual([all.rows[1]]);
    expect(all.rows[0]!.notification_id).toBeGreaterThan(all.rows[1]!.notification_id);
  });
});

describe('one transaction', () => {
  it('a change rolled back leaves no notification and no SMS', async () => {
    await clear(ASHA.user_id);
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.services.notifications.notify(tx, {
          event: 'kyc_verified',
          audience: 'partner',
          user_id: ASHA.user_id,
          data: { document: 'PAN' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.database.db.select().from(notifications).where(eq(notifications.user_id, ASHA.user_id))).toEqual([]);
    expect(await t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.user_id, ASHA.user_id))).toEqual([]);
  });

  it('a dedupe key makes one notification however often it is used', async () => {
    await clear(ASHA.user_id);
    for (let i = 0; i < 2; i++) {
      await t.database.db.transaction((tx) =>
        t.services.notifications.notify(tx, {
          event: 'kyc_verified',
          audience: 'partner',
          user_id: ASHA.user_id,
          data: { document: 'PAN' },
          dedupe_key: 'k1',
        }),
      );
    }
    expect(
      await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.user_id, ASHA.user_id), eq(notifications.kind, 'kyc_verified'))),
    ).toHaveLength(1);
    expect(await t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.user_id, ASHA.user_id))).toHaveLength(1);
  });
});

describe('a bulk approval', () => {
  // A second app of its own and fifty approvals: slow on a busy machine, hence its own time limit.
  it('of 50 leads is one merged SMS for the partner, and 50 notifications in the list', async () => {
    const merging = await createTestApp({ NOTIFY_MERGE_SECONDS: '60' });
    try {
      const ops = await loginOps(merging);
      const ids: number[] = [];
      for (let i = 0; i < 50; i++) ids.push(await insertLead(merging, { payout_paise: 50_000 }));
      const res = await merging.app.inject({
        method: 'POST',
        url: '/api/v2/ops/leads/approve',
        headers: { cookie: ops },
        payload: { form_response_ids: ids },
      });
      expect(res.statusCode).toBe(200);
      // Nothing is due inside the merge window.
      expect(await merging.services.outbox.runOnce()).toBe(0);
      expect(await merging.services.outbox.runOnce(new Date(Date.now() + 61_000))).toBe(50);
      const out = await merging.app.inject({ method: 'GET', url: `/api/v2/dev/outbox?mobile=${ASHA.mobile}` });
      const sent = body<{ otp: string; text: string }[]>(out).data.filter((e) => !e.otp);
      expect(sent.map((e) => e.text)).toEqual(['50 leads approved, ₹25,000. - PickMyWork']);
      const rows = await merging.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.user_id, ASHA.user_id));
      expect(rows.every((r) => r.state === 'sent' && r.sent_text === '50 leads approved, ₹25,000. - PickMyWork')).toBe(true);
      expect(await merging.database.db.select().from(notifications).where(eq(notifications.user_id, ASHA.user_id))).toHaveLength(50);
    } finally {
      await merging.close();
    }
  }, 120_000);
});

describe('money and KYC', () => {
  const ONE = { user_id: 4301, mobile: '9876504301' };
  const only = async (kind: string) =>
    await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, ONE.user_id), eq(notifications.kind, kind)));

  it('a KYC document and a bank verified, then rejected, each tell the owner once, with the reason', async () => {
    await t.database.db.insert(users).values({ user_id: ONE.user_id, mobile: ONE.mobile, first_name: 'Nila' }).onConflictDoNothing();
    const pan = await t.services.documents.add(
      { kind: 'worker', id: ONE.user_id },
      { user_id: ONE.user_id, type: 'PAN', number: 'ABCPN1234K' },
    );
    expect((await post(`/ops/kyc/${pan.document_id}/status`, admin, { status: 1 })).statusCode).toBe(200);
    // Asked again: nothing changed, nothing said.
    await post(`/ops/kyc/${pan.document_id}/status`, admin, { status: 1 });
    expect((await only('kyc_verified')).map((n) => [n.text, n.link])).toEqual([
      ['Your PAN card is verified. - PickMyWork', '/partner/profile/doc'],
    ]);
    await post(`/ops/kyc/${pan.document_id}/status`, admin, { status: 2, reason: 'Photo is blurred' });
    expect((await only('kyc_rejected')).map((n) => n.text)).toEqual([
      'Your PAN card was rejected: Photo is blurred. Upload it again in your profile. - PickMyWork',
    ]);

    const bank = await t.services.banks.add(ONE.user_id, { ifsc_code: 'HDFC0000001', account_no: '50100123454301' });
    expect((await post(`/ops/banks/${bank.bank_detail_id}/status`, admin, { status: 2, reason: 'Name does not match' })).statusCode).toBe(
      200,
    );
    expect((await only('bank_rejected')).map((n) => [n.text, n.link])).toEqual([
      [
        'Your bank account ending 4301 was rejected: Name does not match. Add it again in your profile. - PickMyWork',
        '/partner/profile/bank',
      ],
    ]);
    await post(`/ops/banks/${bank.bank_detail_id}/status`, admin, { status: 1 });
    expect((await only('bank_verified')).map((n) => n.text)).toEqual(['Your bank account ending 4301 is verified. - PickMyWork']);
  });

  it('a transfer paid tells the partner once, with the amount, the bank ending and the UTR; a returned one says why', async () => {
    // Nila has a verified PAN and bank from the test above.
    await post(`/ops/kyc/${(await t.services.documents.list(ONE.user_id)).find((d) => d.type === 'PAN')!.document_id}/status`, admin, {
      status: 1,
    });
    await t.services.wallet.post({
      user_id: ONE.user_id,
      type: 1,
      amount_paise: 123_450,
      reason: say('wallet.leadApproved'),
      idempotency_key: 'test:notify:payout',
      affects_earnings: true,
    });
    const run = await post('/ops/payouts/runs', admin, { request_key: 'notify-run-0001', user_ids: [ONE.user_id], mode: 'provider' });
    expect(run.statusCode).toBe(200);
    const utr = body<{ items: { utr: string }[] }>(run).data.items[0]!.utr;
    expect(utr).toMatch(/^SIMU/);
    // The same run asked again, and a poll reporting the same outcome, say nothing more.
    await post('/ops/payouts/runs', admin, { request_key: 'notify-run-0001', user_ids: [ONE.user_id], mode: 'provider' });
    await post(`/ops/payouts/runs/${body<{ payout_run_id: number }>(run).data.payout_run_id}/poll`, admin);
    const paid = `Payout of ₹1,234.50 sent to your bank account ending 4301. Reference ${utr}. - PickMyWork`;
    expect((await only('payout_sent')).map((n) => [n.text, n.link])).toEqual([[paid, '/partner/earnings']]);
    await t.services.outbox.runOnce();
    expect(await texts(ONE.mobile)).toContain(paid);

    // An account the simulated bank closes (ending 0000): the money comes back and the partner is told why, in Hindi.
    const FAILS = { user_id: 4302, mobile: '9876504302' };
    await t.database.db.insert(users).values({ user_id: FAILS.user_id, mobile: FAILS.mobile, first_name: 'Arjun' });
    await t.database.db.insert(mobileLocales).values({ mobile: FAILS.mobile, locale: 'hi' });
    const pan = await t.services.documents.add(
      { kind: 'worker', id: FAILS.user_id },
      { user_id: FAILS.user_id, type: 'PAN', number: 'ABCPA4302K' },
    );
    await post(`/ops/kyc/${pan.document_id}/status`, admin, { status: 1 });
    const bank = await t.services.banks.add(FAILS.user_id, { ifsc_code: 'HDFC0000001', account_no: '501001230000' });
    await t.services.banks.setStatus(bank.bank_detail_id, 1);
    await t.services.wallet.post({
      user_id: FAILS.user_id,
      type: 1,
      amount_paise: 90_000,
      reason: say('wallet.leadApproved'),
      idempotency_key: 'test:notify:payout-fails',
      affects_earnings: true,
    });
    await post('/ops/payouts/runs', admin, { request_key: 'notify-run-0002', user_ids: [FAILS.user_id], mode: 'provider' });
    const failed = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, FAILS.user_id), eq(notifications.kind, 'payout_failed')));
    expect(failed.map((n) => n.text)).toEqual([
      expect.stringMatching(/^₹900 का भुगतान नहीं हो सका: .*closed or invalid.*। पैसे आपके वॉलेट में वापस आ गए। - PickMyWork$/),
    ]);
    expect(
      await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.user_id, FAILS.user_id), eq(notifications.kind, 'payout_sent'))),
    ).toEqual([]);
  });
});

describe('the ops console', () => {
  it('lists the outbox by person, kind and state, and sends a failed one again (audited)', async () => {
    await clear(ASHA.user_id);
    await t.database.db.transaction((tx) =>
      t.services.notifications.notify(tx, { event: 'kyc_verified', audience: 'partner', user_id: ASHA.user_id, data: { document: 'PAN' } }),
    );
    const [row] = await t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.user_id, ASHA.user_id));
    await t.database.db
      .update(notificationOutbox)
      .set({ state: 'failed', attempts: 8, gateway_answer: 'SMS gateway answered 400: DLT template mismatch' })
      .where(eq(notificationOutbox.outbox_id, row!.outbox_id));

    const listed = body<{ count: number; rows: { outbox_id: number; state: string; gateway_answer: string }[] }>(
      await get(`/ops/notifications?user_id=${ASHA.user_id}&state=failed&kind=kyc_verified`, admin),
    ).data;
    expect(listed.count).toBe(1);
    expect(listed.rows[0]).toMatchObject({
      outbox_id: row!.outbox_id,
      state: 'failed',
      gateway_answer: 'SMS gateway answered 400: DLT template mismatch',
    });
    expect((await get('/ops/notifications?state=lost', admin)).statusCode).toBe(400);

    const again = await post(`/ops/notifications/${row!.outbox_id}/resend`, admin);
    expect(again.statusCode).toBe(200);
    expect(body(again).data).toMatchObject({ state: 'queued', attempts: 0 });
    // Only a failed one.
    expect((await post(`/ops/notifications/${row!.outbox_id}/resend`, admin)).statusCode).toBe(409);
    expect((await post('/ops/notifications/999999/resend', admin)).statusCode).toBe(404);
    await t.services.outbox.runOnce();
    expect((await texts(ASHA.mobile))[0]).toBe('Your PAN card is verified. - PickMyWork');
    const audit = body<{ rows: { action: string; entity_id: string }[] }>(await get('/ops/audit?action=notification.resend', admin)).data
      .rows;
    expect(audit.map((a) => a.entity_id)).toContain(String(row!.outbox_id));

    // A partner, or no one, sees none of it.
    expect((await get('/ops/notifications', asha)).statusCode).toBe(401);
    expect((await post(`/ops/notifications/${row!.outbox_id}/resend`, '')).statusCode).toBe(401);
  });
});
