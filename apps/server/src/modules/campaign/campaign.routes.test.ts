import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  addTaskResponseSchema,
  campaignTaskFormSchema,
  campaignTasksSchema,
  creditOtpSentSchema,
  customerSchema,
  eligibilitySchema,
  ownerProfileSchema,
} from '@pmw/contract/campaign';
import { fileAddedSchema, fileUrlSchema, signedUploadSchema } from '@pmw/contract/files';
import { errorEnvelopeSchema } from '@pmw/contract/api';
import { creditConsents, customers, formResponseData, formResponses, sessions, taskForms } from '../../db/schema/index';
import { body, cookieHeader, createTestApp, latestOtp, loginWorker, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const api = '/api/v2/utm';

const get = (url: string, cookie = '') => t.app.inject({ method: 'GET', url: api + url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: unknown, cookie = '') =>
  t.app.inject({ method: 'POST', url: api + url, payload: payload as Record<string, unknown>, headers: cookie ? { cookie } : {} });

/** Cookies merged across answers, as a browser keeps them. */
function jar(previous: string, res: { cookies: { name: string; value: string }[] }): string {
  const map = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]),
  );
  for (const c of res.cookies) {
    if (c.value) map.set(c.name, c.value);
    else map.delete(c.name);
  }
  return [...map].map(([k, v]) => `${k}=${v}`).join('; ');
}

async function uploadImage(cookie: string, name = 'shop.png'): Promise<{ file_id: number; cookie: string }> {
  const signedRes = await t.app.inject({
    method: 'PUT',
    url: `${api}/file/s3/url/signed`,
    headers: cookie ? { cookie } : {},
    payload: { file_name: name, file_purpose: 'UTM_LINK' },
  });
  expect(signedRes.statusCode).toBe(200);
  const jarred = jar(cookie, signedRes);
  const signed = signedUploadSchema.parse(body(signedRes).data);
  const put = await t.app.inject({ method: 'PUT', url: signed.url, payload: PNG, headers: { 'content-type': signed.content_type } });
  expect(put.statusCode).toBe(200);
  const added = await t.app.inject({
    method: 'POST',
    url: `${api}/file/add`,
    headers: { cookie: jarred },
    payload: { file_key: signed.key, file_name: name, file_purpose: 'UTM_LINK' },
  });
  expect(added.statusCode).toBe(200);
  return { file_id: fileAddedSchema.parse(body(added).data).file_id, cookie: jarred };
}

async function sendLeadOtp(mobile: string) {
  const res = await post('/customer/otp/send', { mobile, utm_code: 'asha01', purpose: 'LEAD' });
  expect(res.statusCode).toBe(200);
  expect(body(res).message).toBe('OTP sent to Mobile');
  return latestOtp(t, mobile);
}

/** The card form: mobile, name, PAN, city (dropdown), optional image. */
const cardInputs = (mobile: string, extra: { input_id: number; value: unknown }[] = []) => [
  { input_id: 1, value: mobile },
  { input_id: 2, value: 'Meena Iyer' },
  { input_id: 3, value: 'abcpm1234k' },
  { input_id: 4, value: 'Pune' },
  ...extra,
];

const leadsFor = async (mobile: string) =>
  (await t.database.db.select({ n: count() }).from(formResponses).where(eq(formResponses.customer_mobile, mobile)))[0]!.n;

describe('owner profile, products and forms', () => {
  it("shows the code owner's profile and says an unknown code is an invalid link", async () => {
    const res = await get('/asha01/profile');
    expect(res.statusCode).toBe(200);
    expect(ownerProfileSchema.parse(body(res).data)).toMatchObject({ utm_code: 'asha01', first_name: 'Asha', last_name: 'Verma' });
    const unknown = await get('/nobody99/profile');
    expect(unknown.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(unknown.json()).message).toBe('Invalid Link/QR Code');
    const bad = await get('/bad%20code!/profile');
    expect(bad.statusCode).toBe(400);
  });

  it('lists products by category: no hiring, archived or on-hold projects, and no partner payout', async () => {
    const res = await get('/asha01/tasks?job_id=400');
    const data = campaignTasksSchema.parse(body(res).data);
    expect(data.utm_selected).toBe(400);
    expect(data.categories.length).toBeGreaterThanOrEqual(3);
    const cards = data.categories.find((c) => c.job_category_id === 1)!;
    expect(cards.title).toBe('Credit Cards');
    expect(cards.products.length).toBeGreaterThanOrEqual(12);
    const ids = data.categories.flatMap((c) => c.products.map((p) => p.job_id));
    expect(ids).not.toContain(261); // hiring
    expect(ids).not.toContain(212); // archived
    expect(ids).not.toContain(222); // on hold
    expect(JSON.stringify(body(res).data)).not.toContain('payout');
    for (const p of cards.products) expect(p.customerFeatures.length).toBeLessThanOrEqual(3);
    const notListed = campaignTasksSchema.parse(body(await get('/asha01/tasks?job_id=261')).data);
    expect(notListed.utm_selected).toBeNull();
    expect((await get('/nobody99/tasks')).statusCode).toBe(404);
  });

  it("answers a product's lead form and Details texts, and 404 for a product not on the page", async () => {
    const res = await get('/asha01/task/form?job_id=351');
    const form = campaignTaskFormSchema.parse(body(res).data);
    expect(form).toMatchObject({ form_id: 351, job_id: 351, is_credit_flow: true, is_otp_required: true });
    expect(form.formData.input[0]).toMatchObject({ input_id: 1, input_category: 'MOBILE' });
    expect(form.customerCriteria).toContain(';;');
    expect((await get('/asha01/task/form?job_id=261')).statusCode).toBe(404);
    expect((await get('/asha01/task/form?job_id=212')).statusCode).toBe(404);
    expect((await get('/asha01/task/form?job_id=abc')).statusCode).toBe(400);
  });

  it('says a paused, held, hiring or missing product is not available right now', async () => {
    for (const jobId of [212, 222, 261, 99999]) {
      const res = await get(`/asha01/task/form?job_id=${jobId}`);
      expect(res.statusCode, String(jobId)).toBe(404);
      expect(body(res).message).toBe('This product is not available right now');
    }
  });
});

describe('a verified lead', () => {
  it('takes a lead with an uploaded image after the OTP, attributes it to the code owner and remembers the customer', async () => {
    const mobile = '9811100001';
    const { file_id, cookie } = await uploadImage('');
    expect(cookie).toContain('pmw_customer=');
    const otp = await sendLeadOtp(mobile);
    const res = await post(
      '/task/response',
      {
        form_id: 400,
        feature: 'UTM',
        input: cardInputs('+91 98111-00001', [{ input_id: 5, value: String(file_id) }]),
        utm_code: 'asha01',
        otp,
        utm_job_id: 400,
        idempotency_key: 'k-first-lead-0001',
      },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Lead added successfully');
    const data = addTaskResponseSchema.parse(body(res).data);
    expect(data.link).toBe('https://apply.sahyogbank.example/card/400');
    expect(data.customer).toMatchObject({ mobile, name: 'Meena Iyer' });

    const [lead] = await t.database.db.select().from(formResponses).where(eq(formResponses.form_response_id, data.form_response_id));
    expect(lead).toMatchObject({
      partner_user_id: 101,
      job_id: 400,
      form_id: 400,
      customer_mobile: mobile,
      customer_name: 'Meena Iyer',
      payout_paise: 100000,
      status: 0,
    });
    const values = await t.database.db.select().from(formResponseData).where(eq(formResponseData.form_response_id, data.form_response_id));
    expect(values.find((v) => v.input_id === 3)?.value).toBe('ABCPM1234K');
    expect(values.find((v) => v.input_id === 5)?.file_id).toBe(file_id);

    // The device now carries the customer's session.
    const session = customerSchema.nullable().parse(body(await get('/customer/session', jar(cookie, res))).data);
    expect(session).toMatchObject({ mobile, name: 'Meena Iyer' });

    // The partner the lead counts for may open its image; another partner may not.
    const asha = await loginWorker(t, '9876500001');
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/v2/partner/file/fetch/with/url?file_id=${file_id}`,
      headers: { cookie: asha },
    });
    expect(fileUrlSchema.parse(body(seen).data)[0]!.file_id).toBe(file_id);
    const ravi = await loginWorker(t, '9876500002');
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/v2/partner/file/fetch/with/url?file_id=${file_id}`,
      headers: { cookie: ravi },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('makes one lead from a double tap and from a retry with the same key', async () => {
    const mobile = '9811100002';
    const otp = await sendLeadOtp(mobile);
    const payload = { form_id: 401, input: cardInputs(mobile), utm_code: 'asha01', otp, idempotency_key: 'k-double-tap-0002' };
    const [a, b] = await Promise.all([post('/task/response', payload), post('/task/response', payload)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const idA = addTaskResponseSchema.parse(body(a).data).form_response_id;
    expect(addTaskResponseSchema.parse(body(b).data).form_response_id).toBe(idA);
    const retry = await post('/task/response', payload);
    expect(addTaskResponseSchema.parse(body(retry).data).form_response_id).toBe(idA);
    expect(await leadsFor(mobile)).toBe(1);
  });

  it('refuses the same mobile for the same product inside the duplicate window, and allows another product', async () => {
    const mobile = '9811100003';
    let otp = await sendLeadOtp(mobile);
    const first = await post('/task/response', {
      form_id: 402,
      input: cardInputs(mobile),
      utm_code: 'asha01',
      otp,
      idempotency_key: 'k-dup-000000001',
    });
    expect(first.statusCode).toBe(200);
    const cookie = jar('', first);
    // Same device, same customer: the session stands in for the OTP, the window does not move.
    const again = await post(
      '/task/response',
      { form_id: 402, input: cardInputs(mobile), utm_code: 'asha01', idempotency_key: 'k-dup-000000002' },
      cookie,
    );
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('A lead for 9811100003 was already added for Nirmal Easy EMI Card in the last 30 days');
    const other = await post(
      '/task/response',
      { form_id: 403, input: cardInputs(mobile), utm_code: 'asha01', idempotency_key: 'k-dup-000000003' },
      cookie,
    );
    expect(other.statusCode).toBe(200);
    // A lead older than the window no longer blocks.
    await t.database.db
      .update(formResponses)
      .set({ created_on: new Date(Date.now() - 31 * 86_400_000) })
      .where(and(eq(formResponses.customer_mobile, mobile), eq(formResponses.job_id, 402)));
    otp = await sendLeadOtp(mobile);
    const later = await post('/task/response', {
      form_id: 402,
      input: cardInputs(mobile),
      utm_code: 'asha01',
      otp,
      idempotency_key: 'k-dup-000000004',
    });
    expect(later.statusCode).toBe(200);
  });

  it('needs the OTP for a mobile the device has not verified, and says what is wrong with it', async () => {
    const mobile = '9811100004';
    const none = await post('/task/response', { form_id: 404, input: cardInputs(mobile), utm_code: 'asha01' });
    expect(none.statusCode).toBe(400);
    expect(body(none).message).toBe('Please verify your mobile number with the OTP');
    const otp = await sendLeadOtp(mobile);
    const wrong = await post('/task/response', {
      form_id: 404,
      input: cardInputs(mobile),
      utm_code: 'asha01',
      otp: otp === '0000' ? '1111' : '0000',
    });
    expect(body(wrong).code).toBe('OTP_INVALID');
    const badFormat = await post('/task/response', { form_id: 404, input: cardInputs(mobile), utm_code: 'asha01', otp: '12' });
    expect(badFormat.statusCode).toBe(400);
    // Another device's session does not verify this mobile.
    const other = await post('/customer/otp/send', { mobile: '9811100005', utm_code: 'asha01', purpose: 'LOGIN' });
    expect(other.statusCode).toBe(200);
    const login = await post('/customer/login', {
      mobile: '9811100005',
      otp: await latestOtp(t, '9811100005'),
      utm_code: 'asha01',
      name: 'Kiran',
    });
    const cookie = cookieHeader(login);
    const notMine = await post('/task/response', { form_id: 404, input: cardInputs(mobile), utm_code: 'asha01' }, cookie);
    expect(body(notMine).message).toBe('Please verify your mobile number with the OTP');
    expect(await leadsFor(mobile)).toBe(0);
  });

  it('checks every value against the form and names the problem', async () => {
    const mobile = '9811100006';
    const cases: [unknown[], string][] = [
      [[{ input_id: 2, value: 'A' }], 'Mobile number is required'],
      [cardInputs('98111'), 'Invalid Mobile Number'],
      [
        [
          { input_id: 1, value: mobile },
          { input_id: 3, value: 'ABCPM1234K' },
          { input_id: 4, value: 'Pune' },
        ],
        'Customer Name is required',
      ],
      [
        cardInputs(mobile).map((v) => (v.input_id === 3 ? { input_id: 3, value: '12345' } : v)),
        'Invalid PAN number, it should look like ABCDE1234F',
      ],
      [
        cardInputs(mobile).map((v) => (v.input_id === 4 ? { input_id: 4, value: 'Paris' } : v)),
        'Please choose one of the options for City',
      ],
      [[...cardInputs(mobile), { input_id: 5, value: 'not-a-file' }], 'Please upload Application Form Photo'],
      [[...cardInputs(mobile), { input_id: 99, value: 'x' }], 'This field is not on the form'],
    ];
    for (const [input, message] of cases) {
      const res = await post('/task/response', { form_id: 405, input, utm_code: 'asha01', otp: '1234' });
      expect(res.statusCode, message).toBe(400);
      expect(body(res).message).toBe(message);
    }
    // A file the visitor did not upload.
    const { file_id } = await uploadImage('', 'someone-else.png');
    const otp = await sendLeadOtp(mobile);
    const stolen = await post('/task/response', {
      form_id: 405,
      input: [...cardInputs(mobile), { input_id: 5, value: String(file_id) }],
      utm_code: 'asha01',
      otp,
    });
    expect(stolen.statusCode).toBe(404);
    expect(await leadsFor(mobile)).toBe(0);
  });

  it('refuses forms that are not on the page, a job id that does not match, and an unknown code', async () => {
    const base = { input: cardInputs('9811100007'), otp: '1234' };
    expect((await post('/task/response', { ...base, form_id: 261, utm_code: 'asha01' })).statusCode).toBe(404);
    expect((await post('/task/response', { ...base, form_id: 212, utm_code: 'asha01' })).statusCode).toBe(404);
    expect((await post('/task/response', { ...base, form_id: 99999, utm_code: 'asha01' })).statusCode).toBe(404);
    expect((await post('/task/response', { ...base, form_id: 400, utm_job_id: 401, utm_code: 'asha01' })).statusCode).toBe(404);
    const unknown = await post('/task/response', { ...base, form_id: 400, utm_code: 'nobody99' });
    expect(body(unknown).message).toBe('Invalid Link/QR Code');
    expect((await post('/task/response', { ...base, form_id: 400 })).statusCode).toBe(400);
  });

  it('takes uploads only for the campaign purpose', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${api}/file/s3/url/signed`,
      payload: { file_name: 'a.png', file_purpose: 'USER_PAN_FILE' },
    });
    expect(res.statusCode).toBe(400);
    const add = await t.app.inject({
      method: 'POST',
      url: `${api}/file/add`,
      payload: { file_key: 'x', file_name: 'a.png', file_purpose: 'UTM_LINK' },
    });
    expect(add.statusCode).toBe(401);
  });
});

describe('customers and sessions stay their own', () => {
  const login = async (mobile: string, name: string, cookie = '') => {
    expect((await post('/customer/otp/send', { mobile, utm_code: 'asha01', purpose: 'LOGIN' }, cookie)).statusCode).toBe(200);
    const res = await post('/customer/login', { mobile, otp: await latestOtp(t, mobile), utm_code: 'asha01', name }, cookie);
    expect(res.statusCode).toBe(200);
    return res;
  };
  const storedName = async (mobile: string) =>
    (await t.database.db.select({ name: customers.name }).from(customers).where(eq(customers.mobile, mobile)))[0]?.name;

  it('never renames a verified customer through a lead on a form without OTP', async () => {
    const mobile = '9811100031';
    await login(mobile, 'Sunita Rao');
    await t.database.db.update(taskForms).set({ is_otp_required: false }).where(eq(taskForms.form_id, 408));
    await t.services.catalogue.invalidate();
    try {
      const res = await post('/task/response', {
        form_id: 408,
        input: cardInputs(mobile).map((v) => (v.input_id === 2 ? { input_id: 2, value: 'Someone Else' } : v)),
        utm_code: 'asha01',
        idempotency_key: 'k-rename-000031',
      });
      expect(res.statusCode).toBe(200);
      // The answer does not show the stored name to someone who did not prove the mobile.
      expect(addTaskResponseSchema.parse(body(res).data).customer.name).toBe('Someone Else');
      expect(await storedName(mobile)).toBe('Sunita Rao');
      // The customer themself, verified by OTP, still renames.
      await login(mobile, 'Sunita R. Rao');
      expect(await storedName(mobile)).toBe('Sunita R. Rao');
    } finally {
      await t.database.db.update(taskForms).set({ is_otp_required: true }).where(eq(taskForms.form_id, 408));
      await t.services.catalogue.invalidate();
    }
  });

  it('gives a new session token when the customer is verified, and moves the anonymous uploads to them', async () => {
    const mobile = '9811100032';
    // An existing customer of another device, so the anonymous visitor row cannot take the mobile.
    await login(mobile, 'Imran Khan');
    const { file_id, cookie: anonymous } = await uploadImage('', 'before-login.png');
    const res = await login(mobile, 'Imran Khan', anonymous);
    const verified = jar(anonymous, res);
    const token = (c: string) => /pmw_customer=([^;]+)/.exec(c)?.[1];
    expect(token(verified)).toBeDefined();
    expect(token(verified)).not.toBe(token(anonymous));
    // The anonymous token is not the verified customer's session.
    expect(body(await get('/customer/session', anonymous)).data).toBeNull();
    expect(customerSchema.nullable().parse(body(await get('/customer/session', verified)).data)).toMatchObject({ mobile });
    // The file uploaded before the OTP belongs to the verified customer now.
    const url = await get(`/file/fetch/with/url?file_id=${file_id}`, verified);
    expect(url.statusCode).toBe(200);
    expect(fileUrlSchema.parse(body(url).data)[0]!.file_id).toBe(file_id);
  });

  it('gives a new session token on every login, even on a device already signed in as that customer', async () => {
    const mobile = '9811100037';
    const first = jar('', await login(mobile, 'Leela Rao'));
    const again = jar(first, await login(mobile, 'Leela Rao', first));
    const token = (c: string) => /pmw_customer=([^;]+)/.exec(c)?.[1];
    expect(token(again)).toBeDefined();
    expect(token(again)).not.toBe(token(first));
    // The token before the login ends with it.
    expect(body(await get('/customer/session', first)).data).toBeNull();
    expect(customerSchema.nullable().parse(body(await get('/customer/session', again)).data)).toMatchObject({ mobile });
  });

  it('a verified lead of a new customer also starts a new session, and the uploaded file stays theirs', async () => {
    // No customer has this mobile yet: the visitor's own row becomes the customer, under a new token all the same.
    const mobile = '9811100033';
    const { file_id, cookie: anonymous } = await uploadImage('', 'lead-photo.png');
    const otp = await sendLeadOtp(mobile);
    const res = await post(
      '/task/response',
      {
        form_id: 407,
        input: cardInputs(mobile, [{ input_id: 5, value: String(file_id) }]),
        utm_code: 'asha01',
        otp,
        idempotency_key: 'k-fixation-00033',
      },
      anonymous,
    );
    expect(res.statusCode).toBe(200);
    const verified = jar(anonymous, res);
    expect(/pmw_customer=([^;]+)/.exec(verified)?.[1]).not.toBe(/pmw_customer=([^;]+)/.exec(anonymous)?.[1]);
    expect(body(await get('/customer/session', anonymous)).data).toBeNull();
    expect((await get(`/file/fetch/with/url?file_id=${file_id}`, verified)).statusCode).toBe(200);
  });

  it("answers a replayed key with the caller's own lead, never another customer's", async () => {
    const first = '9811100034';
    const second = '9811100035';
    const key = 'k-replayed-000034';
    const a = await post('/task/response', {
      form_id: 403,
      input: cardInputs(first),
      utm_code: 'asha01',
      otp: await sendLeadOtp(first),
      idempotency_key: key,
    });
    expect(a.statusCode).toBe(200);
    const b = await post('/task/response', {
      form_id: 403,
      input: cardInputs(second),
      utm_code: 'asha01',
      otp: await sendLeadOtp(second),
      idempotency_key: key,
    });
    expect(b.statusCode).toBe(200);
    const lead = addTaskResponseSchema.parse(body(b).data);
    expect(lead.customer.mobile).toBe(second);
    expect(lead.form_response_id).not.toBe(addTaskResponseSchema.parse(body(a).data).form_response_id);
    expect(await leadsFor(second)).toBe(1);
    // Without any proof of the first mobile, its key answers nothing of the first lead either.
    const c = await post('/task/response', { form_id: 403, input: cardInputs(first), utm_code: 'asha01', idempotency_key: key });
    expect(c.statusCode).toBe(400);
    expect(JSON.stringify(body(c))).not.toContain(String(addTaskResponseSchema.parse(body(a).data).form_response_id));
  });

  it('makes one lead from 20 parallel submits of one key', async () => {
    const mobile = '9811100036';
    const otp = await sendLeadOtp(mobile);
    const payload = { form_id: 402, input: cardInputs(mobile), utm_code: 'asha01', otp, idempotency_key: 'k-twenty-000036' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('/task/response', payload)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((r) => addTaskResponseSchema.parse(body(r).data).form_response_id)).size).toBe(1);
    expect(await leadsFor(mobile)).toBe(1);
  });
});

describe('customer login and Not you?', () => {
  it('logs a customer in by OTP, keeps them on the device, and signs out', async () => {
    const mobile = '9811100008';
    const sent = await post('/customer/otp/send', { mobile, utm_code: 'asha01', purpose: 'LOGIN' });
    expect(sent.statusCode).toBe(200);
    const otp = await latestOtp(t, mobile);
    // A LOGIN code does not verify a lead, and the other way round.
    const wrongPurpose = await post('/task/response', { form_id: 406, input: cardInputs(mobile), utm_code: 'asha01', otp });
    expect(body(wrongPurpose).code).toBe('OTP_INVALID');
    const login = await post('/customer/login', { mobile, otp, utm_code: 'asha01', name: 'Farah' });
    expect(login.statusCode).toBe(200);
    const customer = customerSchema.parse(body(login).data);
    expect(customer).toMatchObject({ mobile, name: 'Farah' });
    const cookie = cookieHeader(login);
    expect(customerSchema.nullable().parse(body(await get('/customer/session', cookie)).data)).toMatchObject({
      customer_id: customer.customer_id,
    });
    // The remembered customer submits without another OTP.
    const lead = await post(
      '/task/response',
      { form_id: 406, input: cardInputs(mobile), utm_code: 'asha01', idempotency_key: 'k-session-000001' },
      cookie,
    );
    expect(lead.statusCode).toBe(200);
    const out = await post('/customer/logout', {}, cookie);
    expect(out.statusCode).toBe(200);
    expect(body(await get('/customer/session', cookie)).data).toBeNull();
    const after = await post('/task/response', { form_id: 407, input: cardInputs(mobile), utm_code: 'asha01' }, cookie);
    expect(body(after).message).toBe('Please verify your mobile number with the OTP');
  });

  it('takes an expired session for no session: the lead needs the OTP again', async () => {
    const mobile = '9811100018';
    await post('/customer/otp/send', { mobile, utm_code: 'asha01', purpose: 'LOGIN' });
    const login = await post('/customer/login', { mobile, otp: await latestOtp(t, mobile), utm_code: 'asha01', name: 'Gita' });
    const customer = customerSchema.parse(body(login).data);
    const cookie = cookieHeader(login);
    await t.database.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(and(eq(sessions.kind, 'customer'), eq(sessions.subject_id, customer.customer_id)));
    const lead = await post(
      '/task/response',
      { form_id: 406, input: cardInputs(mobile), utm_code: 'asha01', idempotency_key: 'k-expired-000018' },
      cookie,
    );
    expect(lead.statusCode).toBe(400);
    expect(body(lead).message).toBe('Please verify your mobile number with the OTP');
  });

  it('says an empty or bad mobile in the spec words', async () => {
    expect(body(await post('/customer/otp/send', { mobile: '', utm_code: 'asha01' })).message).toBe('Mobile number is required');
    expect(body(await post('/customer/otp/send', { mobile: '12345', utm_code: 'asha01' })).message).toBe('Invalid Mobile Number');
    expect(body(await post('/customer/otp/send', { mobile: '9811100009', utm_code: 'nobody99' })).message).toBe('Invalid Link/QR Code');
  });
});

describe('the credit-profile flow', () => {
  const loanInputs = (mobile: string, pan: string, income = '60000') => [
    { input_id: 1, value: mobile },
    { input_id: 2, value: 'Sunil Rao' },
    { input_id: 3, value: pan },
    { input_id: 4, value: income },
    { input_id: 5, value: '₹1-3 lakh' },
  ];

  async function consent(mobile: string, pan: string) {
    const res = await post('/credit/otp/send', {
      mobile,
      name: 'Sunil Rao',
      pan_no: pan,
      feature: 'UTM',
      project_name: 'Nirmal Shopping Credit Card',
      utm_code: 'asha01',
    });
    expect(res.statusCode).toBe(200);
    const sent = creditOtpSentSchema.parse(body(res).data);
    return { consentId: sent.consentId, otp: await latestOtp(t, mobile) };
  }

  const check = (c: { consentId: string; otp: string }, mobile: string, pan: string, earning: unknown, job_ids = [351, 377]) =>
    post('/credit/eligibility', {
      consent_id: c.consentId,
      otp: c.otp,
      feature: 'UTM',
      pan_no: pan,
      mobile,
      name: 'Sunil Rao',
      earning,
      job_ids,
    });

  it('finds an eligible customer eligible, records the consent, and takes the lead with it', async () => {
    const mobile = '9822200001';
    const pan = 'ABCPR7512F'; // score 750, age 30
    const c = await consent(mobile, pan);
    const res = await check(c, mobile, pan, 60000);
    expect(res.statusCode).toBe(200);
    expect(eligibilitySchema.parse(body(res).data)).toEqual({ eligible_job_ids: [351, 377], not_eligible_jobs: [] });
    const [row] = await t.database.db.select().from(creditConsents).where(eq(creditConsents.consent_id, c.consentId));
    expect(row).toMatchObject({ purpose: 'CREDIT_PROFILE', mobile, pan_last4: '512F', earning: 60000, utm_code: 'asha01' });
    expect(row!.granted_on).toBeInstanceOf(Date);
    expect(row!.requested_on).toBeInstanceOf(Date);
    expect(row!.pan_enc).not.toContain(pan);

    const cookie = jar('', res);
    const lead = await post(
      '/task/response',
      { form_id: 351, input: loanInputs(mobile, pan), utm_code: 'asha01', consent_id: c.consentId, idempotency_key: 'k-credit-00001' },
      cookie,
    );
    expect(lead.statusCode).toBe(200);
    expect(body(lead).message).toBe('Lead added successfully');
    // Without a consent, a credit-flow lead is refused even on a verified device.
    const without = await post(
      '/task/response',
      { form_id: 377, input: loanInputs(mobile, pan), utm_code: 'asha01', idempotency_key: 'k-credit-00002' },
      cookie,
    );
    expect(without.statusCode).toBe(403);
  });

  it('gives a reason a person can read for income, score and age', async () => {
    const mobile = '9822200002';
    const income = await check(await consent(mobile, 'ABCPR7512F'), mobile, 'ABCPR7512F', '20000');
    expect(eligibilitySchema.parse(body(income).data).not_eligible_jobs).toEqual([
      {
        job_id: 351,
        reason_key: 'income',
        reason_comparison: 'min',
        reason_value: 25000,
        reason_text: 'Monthly income must be at least ₹25,000',
      },
      {
        job_id: 377,
        reason_key: 'income',
        reason_comparison: 'min',
        reason_value: 30000,
        reason_text: 'Monthly income must be at least ₹30,000',
      },
    ]);
    const score = await check(await consent(mobile, 'AKXPV4821M'), mobile, 'AKXPV4821M', 60000); // score 588
    expect(eligibilitySchema.parse(body(score).data).not_eligible_jobs[0]).toMatchObject({
      reason_key: 'score',
      reason_text: 'Credit score must be at least 700',
    });
    const old = await check(await consent(mobile, 'ABCPR8045F'), mobile, 'ABCPR8045F', 60000); // age 63
    const r = eligibilitySchema.parse(body(old).data);
    expect(r.eligible_job_ids).toEqual([]);
    expect(r.not_eligible_jobs.map((j) => j.reason_text)).toEqual(['Age must be at most 60 years', 'Age must be at most 58 years']);
    const young = await check(await consent(mobile, 'ABCPR7500F'), mobile, 'ABCPR7500F', 60000); // age 18
    expect(eligibilitySchema.parse(body(young).data).not_eligible_jobs[0]!.reason_text).toBe('Age must be at least 21 years');
    // A not-eligible consent does not let the lead in.
    const lead = await post('/task/response', {
      form_id: 351,
      input: loanInputs(mobile, 'ABCPR8045F'),
      utm_code: 'asha01',
      consent_id: (await consent(mobile, 'ABCPR8045F')).consentId,
    });
    expect(lead.statusCode).toBe(403);
  });

  it('uses 500000 as the earning when Monthly Income is empty', async () => {
    const mobile = '9822200003';
    const c = await consent(mobile, 'ABCPR7512F');
    const res = await check(c, mobile, 'ABCPR7512F', '');
    expect(eligibilitySchema.parse(body(res).data).eligible_job_ids).toEqual([351, 377]);
    const [row] = await t.database.db.select().from(creditConsents).where(eq(creditConsents.consent_id, c.consentId));
    expect(row!.earning).toBe(500000);
  });

  it('refuses a wrong OTP, another mobile or PAN for the consent, and bad inputs', async () => {
    const mobile = '9822200004';
    const c = await consent(mobile, 'ABCPR7512F');
    const wrong = await check({ ...c, otp: c.otp === '0000' ? '1111' : '0000' }, mobile, 'ABCPR7512F', 60000);
    expect(body(wrong).code).toBe('OTP_INVALID');
    expect((await check(c, '9822200099', 'ABCPR7512F', 60000)).statusCode).toBe(404);
    expect((await check(c, mobile, 'ABCPR7513F', 60000)).statusCode).toBe(404);
    expect(body(await check(c, mobile, 'ABCPR7512F', 'lots')).message).toContain('Monthly Income must be a number');
    const badPan = await post('/credit/otp/send', { mobile, name: 'Sunil', pan_no: '1234', utm_code: 'asha01' });
    expect(body(badPan).message).toContain('Invalid PAN number, it should look like ABCDE1234F');
    const noName = await post('/credit/otp/send', { mobile, name: '', pan_no: 'ABCPR7512F', utm_code: 'asha01' });
    expect(body(noName).message).toBe('Name is required');
    // The right OTP still works after the refusals above.
    expect((await check(c, mobile, 'ABCPR7512F', 60000)).statusCode).toBe(200);
  });
});
