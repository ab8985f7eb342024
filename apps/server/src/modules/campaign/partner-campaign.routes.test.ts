import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorEnvelopeSchema } from '@pmw/contract/api';
import { campaignTasksSchema } from '@pmw/contract/campaign';
import { CAMPAIGN_CODE_PATTERN, partnerCampaignSchema } from '@pmw/contract/partner-campaign';
import { opsProjectSchema } from '@pmw/contract/ops-projects';
import { teamOtpSentSchema } from '@pmw/contract/team';
import { campaigns, documents, formResponses, users } from '../../db/schema/index';
import { createPartnerCampaignService } from './partner-campaign.service';
import { body, cookieHeader, createTestApp, latestOtp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';

const ORIGIN = 'https://app.pickmywork.example';
const KYC_MESSAGE = 'Please add your KYC details - AADHAR, PAN details to unlock the Project Link feature.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: ORIGIN });
});
afterAll(async () => t.close());

const get = (url: string, cookie = '') => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: unknown, cookie = '') =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, payload: payload as Record<string, unknown>, headers: cookie ? { cookie } : {} });
const put = (url: string, payload: unknown, cookie: string) =>
  t.app.inject({ method: 'PUT', url: `/api/v2${url}`, payload: payload as Record<string, unknown>, headers: { cookie } });

/** A new partner with a name, and with PAN and Aadhaar unless `kyc` is false. */
async function partner(mobile: string, firstName: string, kyc = true): Promise<{ cookie: string; userId: number }> {
  const cookie = await loginWorker(t, mobile);
  const db = t.database.db;
  const [user] = await db.update(users).set({ first_name: firstName }).where(eq(users.mobile, mobile)).returning();
  if (kyc) {
    const enc = t.services.cipher.encrypt('x');
    await db.insert(documents).values([
      { user_id: user!.user_id, type: 'PAN', number_enc: enc, number_last4: '000F', status: 0 },
      { user_id: user!.user_id, type: 'AADHAAR', number_enc: enc, number_last4: '0000', status: 0 },
    ]);
  }
  return { cookie, userId: user!.user_id };
}

describe('a partner fetches their campaign link', () => {
  it('is refused with the KYC message until KYC is complete, and answers nothing without a session', async () => {
    const { cookie } = await partner('9811300001', 'Kiran', false);
    const res = await get('/partner/campaign/fetch', cookie);
    expect(res.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(res.json()).message).toBe(KYC_MESSAGE);
    expect((await get('/partner/campaign/fetch')).statusCode).toBe(401);
  });

  it('makes the code once, from the name, on the public origin, and answers it again', async () => {
    const { cookie, userId } = await partner('9811300002', 'Sunita', true);
    const first = await get('/partner/campaign/fetch', cookie);
    expect(first.statusCode).toBe(200);
    const c = partnerCampaignSchema.parse(body(first).data);
    expect(c.utm_code).toMatch(/^sunita[2-9]{4}$/);
    expect(c.utm_code).toMatch(CAMPAIGN_CODE_PATTERN);
    expect(c.link).toBe(`${ORIGIN}/utm/${c.utm_code}`);
    expect(c).toMatchObject({ can_change: true, partner_name: 'Sunita' });
    const again = partnerCampaignSchema.parse(body(await get('/partner/campaign/fetch', cookie)).data);
    expect(again.utm_code).toBe(c.utm_code);
    expect(await t.database.db.select().from(campaigns).where(eq(campaigns.user_id, userId))).toHaveLength(1);
    // The code opens the partner's page.
    expect((await get(`/utm/${c.utm_code}/profile`)).statusCode).toBe(200);
  });

  it('makes one code when the first fetches come together', async () => {
    const { cookie, userId } = await partner('9811300003', 'Anil', true);
    const answers = await Promise.all(Array.from({ length: 8 }, () => get('/partner/campaign/fetch', cookie)));
    const codes = new Set(answers.map((r) => partnerCampaignSchema.parse(body(r).data).utm_code));
    expect(codes.size).toBe(1);
    expect(await t.database.db.select().from(campaigns).where(eq(campaigns.user_id, userId))).toHaveLength(1);
  });

  it("tries other codes when the one from the name is another partner's", async () => {
    // Every random draw 0: both Kavyas are first offered kavya2222; the second ends on 8 characters of the whole alphabet.
    const campaigns = createPartnerCampaignService({
      db: t.database.db,
      documents: t.services.documents,
      users: t.services.users,
      random: () => 0,
    });
    const a = await partner('9811300007', 'Kavya', true);
    const b = await partner('9811300008', 'Kavya', true);
    expect((await campaigns.fetch(a.userId)).utm_code).toBe('kavya2222');
    expect((await campaigns.fetch(b.userId)).utm_code).toBe('aaaaaaaa');
  });

  it("answers Asha's demo code as hers", async () => {
    const asha = await loginWorker(t, '9876500001');
    expect(partnerCampaignSchema.parse(body(await get('/partner/campaign/fetch', asha)).data)).toMatchObject({
      utm_code: 'asha01',
      link: `${ORIGIN}/utm/asha01`,
    });
  });
});

describe('a partner changes their code', () => {
  it('checks the format, refuses a taken code and NUL, and allows one change; the old code still opens the page', async () => {
    const { cookie } = await partner('9811300004', 'Deepa', true);
    const old = partnerCampaignSchema.parse(body(await get('/partner/campaign/fetch', cookie)).data).utm_code;
    for (const bad of ['abc', 'deepa0shop', 'deepa-shop', 'a'.repeat(13), 'deepa\u0000shop', '']) {
      const res = await post('/partner/campaign/code', { utm_code: bad }, cookie);
      expect(res.statusCode, bad).toBe(400);
    }
    expect(errorEnvelopeSchema.parse((await post('/partner/campaign/code', { utm_code: 'abc' }, cookie)).json()).message).toContain(
      'The code must be 6 to 12 small letters or digits 2 to 9',
    );
    const takenByAsha = await post('/partner/campaign/code', { utm_code: 'ashaverma2' }, await loginWorker(t, '9876500001'));
    expect(takenByAsha.statusCode).toBe(200);
    const refused = await post('/partner/campaign/code', { utm_code: 'AshaVerma2' }, cookie);
    expect(refused.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(refused.json()).message).toBe('This code is taken, please choose another');

    const changed = await post('/partner/campaign/code', { utm_code: 'DeepaShop' }, cookie);
    expect(changed.statusCode).toBe(200);
    expect(body(changed).message).toBe('Campaign code changed');
    expect(partnerCampaignSchema.parse(body(changed).data)).toMatchObject({
      utm_code: 'deepashop',
      link: `${ORIGIN}/utm/deepashop`,
      can_change: false,
    });
    expect(partnerCampaignSchema.parse(body(await get('/partner/campaign/fetch', cookie)).data)).toMatchObject({
      utm_code: 'deepashop',
      can_change: false,
    });

    const second = await post('/partner/campaign/code', { utm_code: 'deepashop2' }, cookie);
    expect(second.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(second.json()).message).toBe('Your campaign code can be changed only once');
    // The old code keeps opening the page (posters already printed), and stays taken.
    expect((await get(`/utm/${old}/profile`)).statusCode).toBe(200);
    expect((await get('/utm/deepashop/profile')).statusCode).toBe(200);
  });

  it('refuses two changes at once but one', async () => {
    const { cookie } = await partner('9811300005', 'Mohan', true);
    await get('/partner/campaign/fetch', cookie);
    const answers = await Promise.all(
      ['mohanshop', 'mohanstore', 'mohanmart'].map((c) => post('/partner/campaign/code', { utm_code: c }, cookie)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('is refused before KYC', async () => {
    const { cookie } = await partner('9811300006', 'Lata', false);
    const res = await post('/partner/campaign/code', { utm_code: 'latashop' }, cookie);
    expect(res.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(res.json()).message).toBe(KYC_MESSAGE);
  });
});

describe('ops choose the products of campaign pages', () => {
  it('a project taken off campaign pages is neither listed nor open to leads, and comes back when chosen again', async () => {
    const ops = await loginOps(t);
    const project = opsProjectSchema.parse(body(await get('/ops/projects/402', ops)).data);
    expect(project.utm_selected).toBe(true);
    const listed = async () =>
      campaignTasksSchema.parse(body(await get('/utm/asha01/tasks')).data).categories.flatMap((c) => c.products.map((p) => p.job_id));
    expect(await listed()).toContain(402);

    const { job_id: _id, employer_name: _e, logo_key: _l, banner_key: _b, form: _f, modified_on: _m, locations, ...rest } = project;
    const save = (utm_selected: boolean) =>
      put('/ops/projects/402', { ...rest, utm_selected, locations: locations.map(({ job_location_id: _j, ...l }) => l) }, ops);
    const off = await save(false);
    expect(off.statusCode, off.body).toBe(200);
    expect(opsProjectSchema.parse(body(off).data).utm_selected).toBe(false);
    expect(await listed()).not.toContain(402);
    expect((await get('/utm/asha01/task/form?job_id=402')).statusCode).toBe(404);
    const lead = await post('/utm/task/response', {
      form_id: 402,
      input: [{ input_id: 1, value: '9811300099' }],
      utm_code: 'asha01',
      otp: '1234',
    });
    expect(lead.statusCode).toBe(404);

    expect((await save(true)).statusCode).toBe(200);
    expect(await listed()).toContain(402);
  });
});

describe('no self-referral', () => {
  const cardInputs = (mobile: string) => [
    { input_id: 1, value: mobile },
    { input_id: 2, value: 'Meena Iyer' },
    { input_id: 3, value: 'abcpm1234k' },
    { input_id: 4, value: 'Pune' },
  ];
  const CAMPAIGN_MESSAGE =
    "This is the mobile number of the partner who shared this link. A partner cannot send a lead for themselves; please enter the customer's mobile number.";
  const TEAM_MESSAGE =
    "You cannot send a lead for your own mobile number or your team manager's. Please enter the customer's mobile number.";
  const leadsFor = async (mobile: string) =>
    (await t.database.db.select().from(formResponses).where(eq(formResponses.customer_mobile, mobile))).length;

  it("on the campaign page, the owner's own mobile is refused at the OTP and at the lead, in English and Hindi, and an innocent lead is added", async () => {
    const before = await leadsFor('9876500001');
    for (const mobile of ['9876500001', '+91 98765 00001']) {
      const otp = await post('/utm/customer/otp/send', { mobile, utm_code: 'asha01', purpose: 'LEAD' });
      expect(otp.statusCode).toBe(409);
      expect(errorEnvelopeSchema.parse(otp.json())).toMatchObject({ code: 'SELF_REFERRAL', message: CAMPAIGN_MESSAGE });
    }
    const hindi = await t.app.inject({
      method: 'POST',
      url: '/api/v2/utm/customer/otp/send',
      payload: { mobile: '9876500001', utm_code: 'asha01', purpose: 'LEAD' },
      headers: { 'accept-language': 'hi' },
    });
    expect(errorEnvelopeSchema.parse(hindi.json()).message).toContain('पार्टनर अपने लिए लीड नहीं भेज सकते');
    // A form without OTP (203) goes straight to the lead, which is refused too.
    const lead = await post('/utm/task/response', {
      form_id: 203,
      input: cardInputs('9876500001'),
      utm_code: 'asha01',
      idempotency_key: 'self-ref-000001',
    });
    expect(lead.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(lead.json())).toMatchObject({ code: 'SELF_REFERRAL', message: CAMPAIGN_MESSAGE });
    const leadInHindi = await t.app.inject({
      method: 'POST',
      url: '/api/v2/utm/task/response',
      payload: { form_id: 203, input: cardInputs('9876500001'), utm_code: 'asha01', idempotency_key: 'self-ref-000003' },
      headers: { 'accept-language': 'hi' },
    });
    expect(leadInHindi.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(leadInHindi.json()).message).toContain('पार्टनर अपने लिए लीड नहीं भेज सकते');
    expect(await leadsFor('9876500001')).toBe(before);
    // The owner's mobile is never in the page's data.
    expect((await get('/utm/asha01/profile')).body).not.toContain('9876500001');

    const innocent = await post('/utm/task/response', {
      form_id: 203,
      input: cardInputs('9811300050'),
      utm_code: 'asha01',
      idempotency_key: 'self-ref-000002',
    });
    expect(innocent.statusCode, innocent.body).toBe(200);
    expect(await leadsFor('9811300050')).toBe(1);
    // Logging in as a customer is not a lead: the owner may still sign in on their page.
    expect((await post('/utm/customer/otp/send', { mobile: '9876500001', utm_code: 'asha01', purpose: 'LOGIN' })).statusCode).toBe(200);
  });

  it("in the team area, the member's own mobile and their manager's are refused; another is added", async () => {
    const mobile = '9811300060';
    const sent = await post('/team/otp/send', { mobile, feature: 'MT', team_code: 'TEAM01' });
    const { request_id } = teamOtpSentSchema.parse(body(sent).data);
    const member = cookieHeader(
      await post('/team/login/otp', { request_id, team_code: 'TEAM01', first_name: 'Farid', mobile, otp: await latestOtp(t, mobile) }),
    );

    // Said in the member's language.
    const inHindi = await post('/team/lead/otp/send', { form_id: 202, mobile: '9876500001' }, `${member}; pmw_lang=hi`);
    expect(errorEnvelopeSchema.parse(inHindi.json())).toMatchObject({
      code: 'SELF_REFERRAL',
      message: 'आप अपने या अपने टीम मैनेजर के मोबाइल नंबर के लिए लीड नहीं भेज सकते। कृपया ग्राहक का मोबाइल नंबर डालें।',
    });
    // TEAM01's manager is Asha.
    for (const own of [mobile, '9876500001']) {
      const otp = await post('/team/lead/otp/send', { form_id: 202, mobile: own }, member);
      expect(otp.statusCode).toBe(409);
      expect(errorEnvelopeSchema.parse(otp.json())).toMatchObject({ code: 'SELF_REFERRAL', message: TEAM_MESSAGE });
      const lead = await post(
        '/team/task/response/submit',
        { form_id: 203, input: cardInputs(own), idempotency_key: `team-self-${own}` },
        member,
      );
      expect(lead.statusCode).toBe(409);
      expect(errorEnvelopeSchema.parse(lead.json()).code).toBe('SELF_REFERRAL');
      // Queued offline without its OTP, it is refused all the same.
      const offline = await post(
        '/team/task/response/submit',
        { form_id: 202, input: cardInputs(own), idempotency_key: `team-off-${own}`, offline_unverified: true },
        member,
      );
      expect(offline.statusCode).toBe(409);
    }
    const innocent = await post(
      '/team/task/response/submit',
      { form_id: 203, input: cardInputs('9811300061'), idempotency_key: 'team-innocent-1' },
      member,
    );
    expect(innocent.statusCode, innocent.body).toBe(200);
    expect(await leadsFor('9811300061')).toBe(1);
  });
});
