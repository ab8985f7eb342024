import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notificationSettingsSchema } from '@pmw/contract/notifications';
import { mobileLocales, notificationOutbox, notifications } from '../../db/schema/index';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { insertLead, pastUndoWindow } from '../ops/ops-fixtures.test-helper';
import { createCloudApiWhatsApp, signWhatsAppWebhook, WhatsAppRefusedError } from '../../providers/whatsapp';

const ASHA = { user_id: 101, mobile: '9876500001' };
const APP_SECRET = 'stand-in-app-secret-0123456789';
const VERIFY_TOKEN = 'verify-token-42';
const PHONE_ID = '109876543210';
const TOKEN = 'EAAG-stand-in-system-user-token';

/**
 * A stand-in for the WhatsApp Business Cloud API: `POST /v21.0/{phone-number-id}/messages`
 * with a bearer token and a template message, answering the message id the
 * real one does; numbers can be made to refuse (131026, undeliverable) or fail (503).
 */
interface Received {
  auth: string | undefined;
  path: string;
  body: {
    messaging_product: string;
    to: string;
    type: string;
    template: { name: string; language: { code: string }; components: { type: string; parameters: { type: string; text: string }[] }[] };
    biz_opaque_callback_data?: string;
  };
}
const received: Received[] = [];
const refuse = new Set<string>();
let failNext = 0;
let server: Server;
let apiUrl: string;
let seq = 0;

function startStandIn(): Promise<void> {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const json = (status: number, v: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(v));
      };
      if (req.method !== 'POST' || req.url !== `/v21.0/${PHONE_ID}/messages`)
        return json(404, { error: { message: 'Unknown path', code: 100 } });
      if (req.headers.authorization !== `Bearer ${TOKEN}`)
        return json(401, { error: { message: 'Invalid OAuth access token', type: 'OAuthException', code: 190 } });
      const b = JSON.parse(raw) as Received['body'];
      received.push({ auth: req.headers.authorization, path: req.url, body: b });
      if (failNext > 0) {
        failNext--;
        return json(503, { error: { message: 'Service temporarily unavailable', code: 2 } });
      }
      if (refuse.has(b.to)) return json(400, { error: { message: 'Message undeliverable', type: 'OAuthException', code: 131026 } });
      json(200, { messaging_product: 'whatsapp', contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id: `wamid.HBgM${++seq}` }] });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
      resolve();
    }),
  );
}

/** A status webhook as the platform posts it. */
const statusBody = (id: string, status: string, errors?: { code: number; title: string }[]) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA_ID',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '918000000000', phone_number_id: PHONE_ID },
              statuses: [{ id, status, timestamp: '1700000000', recipient_id: '919876500001', ...(errors ? { errors } : {}) }],
            },
          },
        ],
      },
    ],
  });

let t: TestApp;
let admin: string;
let asha: string;

beforeAll(async () => {
  await startStandIn();
  t = await createTestApp({
    NOTIFY_MERGE_SECONDS: '0',
    NOTIFY_MAX_ATTEMPTS: '3',
    WHATSAPP_PROVIDER: 'http',
    WHATSAPP_API_URL: apiUrl,
    WHATSAPP_PHONE_NUMBER_ID: PHONE_ID,
    WHATSAPP_ACCESS_TOKEN: TOKEN,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    WHATSAPP_TEMPLATES: JSON.stringify({ lead_approved: 'pmw_lead_approved_v2', lead_rejected: 'pmw_lead_rejected_v1' }),
  });
  admin = await loginOps(t);
  asha = await loginWorker(t, ASHA.mobile);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});
beforeEach(async () => {
  received.length = 0;
  refuse.clear();
  failNext = 0;
  await t.database.db.delete(notificationOutbox).where(eq(notificationOutbox.user_id, ASHA.user_id));
  await t.database.db.delete(notifications).where(eq(notifications.user_id, ASHA.user_id));
});

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: { cookie } });
const webhook = (raw: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/notifications/whatsapp/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
    payload: raw,
  });
/** The texts the console SMS provider sent to a mobile, OTPs left out. */
async function smsTexts(mobile: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v2/dev/outbox?mobile=${mobile}` });
  return body<{ otp: string; text: string }[]>(res)
    .data.filter((e) => !e.otp)
    .map((e) => e.text);
}
const rowsOf = async (userId: number) =>
  t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.user_id, userId)).orderBy(notificationOutbox.outbox_id);
/** Runs the outbox until nothing is due, once the approvals' undo window has passed. */
const drain = async () => {
  while ((await t.services.outbox.runOnce(pastUndoWindow())) > 0);
};

async function chooseWhatsApp(on: boolean) {
  const res = await post('/partner/notifications/settings', asha, { whatsapp: on });
  expect(res.statusCode).toBe(200);
  return notificationSettingsSchema.parse(body(res).data);
}

describe('WhatsApp instead of SMS', () => {
  it('is off until the person chooses it, and then their notifications go as template messages', async () => {
    const before = notificationSettingsSchema.parse(body(await get('/partner/notifications/settings', asha)).data);
    expect(before.whatsapp).toEqual({ available: true, on: false });
    expect((await chooseWhatsApp(true)).whatsapp).toEqual({ available: true, on: true });
    await t.database.db
      .insert(mobileLocales)
      .values({ mobile: ASHA.mobile, locale: 'hi' })
      .onConflictDoUpdate({ target: mobileLocales.mobile, set: { locale: 'hi' } });
    const smsBefore = (await smsTexts(ASHA.mobile)).length;

    const id = await insertLead(t, { payout_paise: 50_000 });
    expect((await post('/ops/leads/approve', admin, { form_response_ids: [id] })).statusCode).toBe(200);
    expect((await rowsOf(ASHA.user_id)).map((r) => [r.channel, r.state])).toEqual([['whatsapp', 'queued']]);
    await drain();

    expect(received).toHaveLength(1);
    const sent = received[0]!;
    expect(sent.auth).toBe(`Bearer ${TOKEN}`);
    expect(sent.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: '919876500001',
      type: 'template',
      template: { name: 'pmw_lead_approved_v2', language: { code: 'hi' } },
    });
    const params = sent.body.template.components[0]!.parameters;
    expect(params.map((p) => p.type)).toEqual(['text', 'text', 'text']);
    expect(params[0]!.text).toBe('Test');
    expect(params[2]!.text).toBe('₹500');
    const [row] = await rowsOf(ASHA.user_id);
    expect(row).toMatchObject({ channel: 'whatsapp', state: 'sent', provider_message_id: `wamid.HBgM${seq}` });
    expect(sent.body.biz_opaque_callback_data).toBe(`pmw-${row!.outbox_id}`);
    // No SMS beside it.
    expect((await smsTexts(ASHA.mobile)).length).toBe(smsBefore);
    await t.database.db.delete(mobileLocales).where(eq(mobileLocales.mobile, ASHA.mobile));
  });

  it("answers the platform's check of the webhook address with its challenge, only with our token", async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `/api/v2/notifications/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/v2/notifications/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
  });

  it('keeps signed statuses, refuses a forged signature, and sends a failed message by SMS once', async () => {
    await chooseWhatsApp(true);
    const id = await insertLead(t);
    await post('/ops/leads/reject', admin, { form_response_ids: [id], comment: 'Duplicate customer' });
    await drain();
    const [row] = await rowsOf(ASHA.user_id);
    const wamid = row!.provider_message_id!;
    expect(received[0]!.body.template.name).toBe('pmw_lead_rejected_v1');

    const delivered = statusBody(wamid, 'delivered');
    const ok = await webhook(delivered, signWhatsAppWebhook(delivered, APP_SECRET));
    expect(ok.statusCode).toBe(200);
    expect(body<{ applied: number }>(ok).data.applied).toBe(1);
    expect((await rowsOf(ASHA.user_id))[0]).toMatchObject({ state: 'sent', gateway_answer: `delivered: ${wamid}` });

    const failed = statusBody(wamid, 'failed', [{ code: 131026, title: 'Message undeliverable' }]);
    // Forged: signed with another secret, or the body changed after signing, or no signature.
    expect((await webhook(failed, signWhatsAppWebhook(failed, 'not-our-secret'))).statusCode).toBe(401);
    expect((await webhook(failed, signWhatsAppWebhook(delivered, APP_SECRET))).statusCode).toBe(401);
    expect((await webhook(failed)).statusCode).toBe(401);
    expect((await rowsOf(ASHA.user_id)).map((r) => r.state)).toEqual(['sent']);

    const smsBefore = (await smsTexts(ASHA.mobile)).length;
    // The platform may say it twice: one SMS.
    expect((await webhook(failed, signWhatsAppWebhook(failed, APP_SECRET))).statusCode).toBe(200);
    expect((await webhook(failed, signWhatsAppWebhook(failed, APP_SECRET))).statusCode).toBe(200);
    const rows = await rowsOf(ASHA.user_id);
    expect(rows.map((r) => [r.channel, r.state])).toEqual([
      ['whatsapp', 'failed'],
      ['sms', 'queued'],
    ]);
    expect(rows[0]!.gateway_answer).toBe('failed: 131026 Message undeliverable');
    expect(rows[1]!.fallback_of).toBe(rows[0]!.outbox_id);
    await drain();
    const texts = await smsTexts(ASHA.mobile);
    expect(texts.length).toBe(smsBefore + 1);
    expect(texts[0]).toMatch(/^Lead rejected: Test for .+\. Reason: Duplicate customer - PickMyWork$/);
    expect((await rowsOf(ASHA.user_id)).map((r) => r.state)).toEqual(['failed', 'sent']);
    // The bell still has the one notification.
    expect(await t.database.db.select().from(notifications).where(eq(notifications.user_id, ASHA.user_id))).toHaveLength(1);
  });

  it("a failed merged message goes as one merged SMS; another person's message sent in the same round is left alone", async () => {
    await chooseWhatsApp(true);
    const ravi = await loginWorker(t, '9876500002');
    expect((await post('/partner/notifications/settings', ravi, { whatsapp: true })).statusCode).toBe(200);
    await t.database.db.delete(notificationOutbox).where(eq(notificationOutbox.user_id, 102));
    const ids = [await insertLead(t), await insertLead(t), await insertLead(t, { partner_user_id: 102 })];
    expect((await post('/ops/leads/approve', admin, { form_response_ids: ids })).statusCode).toBe(200);
    expect(await t.services.outbox.runOnce(pastUndoWindow())).toBe(3);
    // Asha's two approvals are one merged template message; Ravi's is his own.
    expect(received.map((r) => [r.body.to, r.body.template.name])).toEqual(
      expect.arrayContaining([
        ['919876500001', 'lead_approved_merged'],
        ['919876500002', 'pmw_lead_approved_v2'],
      ]),
    );
    expect(received).toHaveLength(2);
    const ashaRows = await rowsOf(ASHA.user_id);
    const wamid = ashaRows.find((r) => r.provider_message_id)!.provider_message_id!;
    const failed = statusBody(wamid, 'failed', [{ code: 131049, title: 'Not delivered to maintain healthy ecosystem engagement' }]);
    expect((await webhook(failed, signWhatsAppWebhook(failed, APP_SECRET))).statusCode).toBe(200);
    expect((await rowsOf(ASHA.user_id)).map((r) => [r.channel, r.state])).toEqual([
      ['whatsapp', 'failed'],
      ['whatsapp', 'failed'],
      ['sms', 'queued'],
      ['sms', 'queued'],
    ]);
    expect((await rowsOf(102)).map((r) => [r.channel, r.state])).toEqual([['whatsapp', 'sent']]);
    const smsBefore = (await smsTexts(ASHA.mobile)).length;
    await drain();
    const texts = await smsTexts(ASHA.mobile);
    expect(texts.length).toBe(smsBefore + 1);
    expect(texts[0]).toMatch(/^2 leads approved, ₹[\d,]+\. - PickMyWork$/);
    await post('/partner/notifications/settings', ravi, { whatsapp: false });
  });

  it('a number the platform refuses goes by SMS at once, without retries; a platform that fails is retried', async () => {
    await chooseWhatsApp(true);
    refuse.add('919876500001');
    const id = await insertLead(t);
    await post('/ops/leads/approve', admin, { form_response_ids: [id] });
    const smsBefore = (await smsTexts(ASHA.mobile)).length;
    await drain();
    expect(received).toHaveLength(1);
    let rows = await rowsOf(ASHA.user_id);
    expect(rows.map((r) => [r.channel, r.state, r.attempts])).toEqual([
      ['whatsapp', 'failed', 1],
      ['sms', 'sent', 1],
    ]);
    expect(rows[0]!.gateway_answer).toBe('WhatsApp answered 400 (131026): Message undeliverable');
    expect((await smsTexts(ASHA.mobile)).length).toBe(smsBefore + 1);

    // 503 twice, then accepted: sent by WhatsApp on the third try, no SMS.
    refuse.clear();
    failNext = 2;
    await t.database.db.delete(notificationOutbox).where(eq(notificationOutbox.user_id, ASHA.user_id));
    const id2 = await insertLead(t);
    await post('/ops/leads/approve', admin, { form_response_ids: [id2] });
    for (let i = 0; i < 3; i++) await t.services.outbox.runOnce(new Date(Date.now() + (i + 1) * 60_000));
    rows = await rowsOf(ASHA.user_id);
    expect(rows.map((r) => [r.channel, r.state, r.attempts])).toEqual([['whatsapp', 'sent', 3]]);
    expect((await smsTexts(ASHA.mobile)).length).toBe(smsBefore + 1);
  });

  it('turned off again, texts go by SMS', async () => {
    expect((await chooseWhatsApp(false)).whatsapp.on).toBe(false);
    const id = await insertLead(t);
    await post('/ops/leads/approve', admin, { form_response_ids: [id] });
    expect((await rowsOf(ASHA.user_id)).map((r) => r.channel)).toEqual(['sms']);
    const rows = await t.database.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.user_id, ASHA.user_id), eq(notificationOutbox.channel, 'whatsapp')));
    expect(rows).toHaveLength(0);
  });
});

describe('the Cloud API adapter', () => {
  const adapter = () =>
    createCloudApiWhatsApp({
      url: apiUrl,
      phoneNumberId: PHONE_ID,
      accessToken: TOKEN,
      appSecret: APP_SECRET,
      verifyToken: VERIFY_TOKEN,
      templates: { kyc_verified: 'pmw_kyc_ok' },
    });
  const message = { mobile: '9876500077', template: 'kyc_verified', locale: 'en' as const, params: ['PAN card'], text: 'x' };

  it('refusals are for good, outages and throttles are retried', async () => {
    received.length = 0;
    refuse.add('919876500077');
    await expect(adapter().send(message)).rejects.toBeInstanceOf(WhatsAppRefusedError);
    refuse.clear();
    failNext = 1;
    const outage = await adapter()
      .send(message)
      .catch((e: unknown) => e);
    expect(outage).toBeInstanceOf(Error);
    expect(outage).not.toBeInstanceOf(WhatsAppRefusedError);
    const sent = await adapter().send(message);
    expect(sent.message_id).toMatch(/^wamid\./);
    expect(received.at(-1)!.body.template).toEqual({
      name: 'pmw_kyc_ok',
      language: { code: 'en' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'PAN card' }] }],
    });
    // A bad token is a refusal (401): the SMS stands in rather than retrying for hours.
    const badToken = createCloudApiWhatsApp({
      ...{ url: apiUrl, phoneNumberId: PHONE_ID, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, templates: {} },
      accessToken: 'wrong-token-0000000000',
    });
    await expect(badToken.send(message)).rejects.toBeInstanceOf(WhatsAppRefusedError);
  });

  it('checks the X-Hub-Signature-256 of a body', () => {
    const raw = statusBody('wamid.1', 'read');
    expect(adapter().verifySignature(raw, signWhatsAppWebhook(raw, APP_SECRET))).toBe(true);
    expect(adapter().verifySignature(raw, signWhatsAppWebhook(raw, 'other'))).toBe(false);
    expect(adapter().verifySignature(`${raw} `, signWhatsAppWebhook(raw, APP_SECRET))).toBe(false);
    expect(adapter().verifySignature(raw, undefined)).toBe(false);
    expect(adapter().verifySignature(raw, 'sha256=')).toBe(false);
  });
});

describe('without WhatsApp on the server', () => {
  it('offers no choice, refuses one, and the webhook is not there', async () => {
    const plain = await createTestApp();
    try {
      const cookie = await loginWorker(plain, ASHA.mobile);
      const res = await plain.app.inject({ method: 'GET', url: '/api/v2/partner/notifications/settings', headers: { cookie } });
      expect(notificationSettingsSchema.parse(body(res).data).whatsapp).toEqual({ available: false, on: false });
      const refused = await plain.app.inject({
        method: 'POST',
        url: '/api/v2/partner/notifications/settings',
        headers: { cookie },
        payload: { whatsapp: true },
      });
      expect(refused.statusCode).toBe(409);
      expect(body(refused).message).toBe('Messages by WhatsApp are not available yet');
      const hook = await plain.app.inject({ method: 'GET', url: '/api/v2/notifications/whatsapp/webhook?hub.mode=subscribe' });
      expect(hook.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('the local WhatsApp provider', () => {
  it('writes the message to the dev outbox, as the console SMS does', async () => {
    const local = await createTestApp({ NOTIFY_MERGE_SECONDS: '0', WHATSAPP_PROVIDER: 'local' });
    try {
      const cookie = await loginWorker(local, ASHA.mobile);
      const admin2 = await loginOps(local);
      await local.app.inject({
        method: 'POST',
        url: '/api/v2/partner/notifications/settings',
        headers: { cookie },
        payload: { whatsapp: true },
      });
      const id = await insertLead(local, { payout_paise: 70_000 });
      await local.app.inject({
        method: 'POST',
        url: '/api/v2/ops/leads/approve',
        headers: { cookie: admin2 },
        payload: { form_response_ids: [id] },
      });
      while ((await local.services.outbox.runOnce(pastUndoWindow())) > 0);
      const [row] = await local.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.user_id, ASHA.user_id));
      expect(row).toMatchObject({ channel: 'whatsapp', state: 'sent' });
      expect(row!.provider_message_id).toMatch(/^wamid\.local-/);
      const res = await local.app.inject({ method: 'GET', url: `/api/v2/dev/outbox?mobile=${ASHA.mobile}` });
      const texts = body<{ otp: string; text: string }[]>(res).data.filter((e) => !e.otp);
      expect(texts[0]!.text).toBe(row!.text);
      expect(texts[0]!.text).toMatch(/^Lead approved: Test for .+\. ₹700 added to your wallet\. - PickMyWork$/);
    } finally {
      await local.close();
    }
  });
});
