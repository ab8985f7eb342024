import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorEnvelopeSchema } from '@pmw/contract/api';
import {
  mapConfigSchema,
  pincodeFilterSchema,
  projectReportSchema,
  reverseGeocodeSchema,
  taskCountSchema,
  teamLeadSchema,
  teamMemberSchema,
  teamOtpSentSchema,
  teamProjectDataSchema,
  teamProjectInfoSchema,
  teamProjectsSchema,
  teamSchema,
  teamSubmittedSchema,
  utmLinkSchema,
} from '@pmw/contract/team';
import { istDateString } from '@pmw/contract/time';
import { formResponseData, formResponses, teamMembers } from '../../db/schema/index';
import { body, cookieHeader, createTestApp, latestOtp, loginWorker, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TEAM_SHARE_URL: 'https://share.pickmywork.example', MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' });
});
afterAll(async () => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, payload: payload as object, headers: cookie ? { cookie } : {} });

async function loginMember(mobile: string, first_name: string, team_code = 'TEAM01'): Promise<string> {
  const sent = await post('/team/otp/send', { mobile, feature: 'MT', team_code });
  expect(sent.statusCode, sent.body).toBe(200);
  const { request_id } = teamOtpSentSchema.parse(body(sent).data);
  const otp = await latestOtp(t, mobile);
  const res = await post('/team/login/otp', { request_id, team_code, first_name, mobile, otp });
  expect(res.statusCode, res.body).toBe(200);
  return cookieHeader(res);
}

let meena: string;
let kiran: string;
beforeAll(async () => {
  meena = await loginMember('9876500011', 'Meena');
  kiran = await loginMember('9876500017', 'Kiran', 'TEAM02');
});

describe('team lookup', () => {
  it('shows the manager as a label, whatever the case of the code', async () => {
    const res = await get('/team/get?team_code=team01');
    expect(res.statusCode).toBe(200);
    expect(teamSchema.parse(body(res).data)).toEqual({ team_code: 'TEAM01', profile_picture_url: null, User: { first_name: 'Asha' } });
  });

  it('answers Invalid URL for an unknown or malformed team', async () => {
    const unknown = await get('/team/get?team_code=NOPE99');
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe('Invalid URL');
    expect(body(await get('/team/get?team_code=NOPE99', 'pmw_lang=hi')).message).toBe('URL सही नहीं है');
    const malformed = await get(`/team/get?team_code=${encodeURIComponent('bad code!')}`);
    expect(malformed.statusCode).toBe(400);
    expect(body(malformed).message).toContain('Invalid URL');
  });

  it('gives the map tile settings', async () => {
    const res = await get('/team/map/config');
    expect(mapConfigSchema.parse(body(res).data)).toEqual({ tile_url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: null });
  });
});

describe('team login', () => {
  it('sends a 4-digit OTP with a request_id and logs a new person in, who joins the team', async () => {
    const sent = await post('/team/otp/send', { mobile: '9876522222', feature: 'MT' });
    expect(body(sent).message).toBe('OTP sent to Mobile');
    const { request_id } = teamOtpSentSchema.parse(body(sent).data);
    const otp = await latestOtp(t, '9876522222');
    expect(otp).toMatch(/^\d{4}$/);
    const res = await post('/team/login/otp', { request_id, team_code: 'TEAM01', first_name: 'Gopal Das', mobile: '9876522222', otp });
    expect(res.statusCode).toBe(200);
    const member = teamMemberSchema.parse(body(res).data);
    expect(member).toMatchObject({ first_name: 'Gopal Das', team_code: 'TEAM01', team_id: 1 });
    expect(res.cookies.find((c) => c.name === 'pmw_team')?.httpOnly).toBe(true);
    const me = await get('/team/user/get', cookieHeader(res));
    expect(teamMemberSchema.parse(body(me).data).user_id).toBe(member.user_id);
    // A worker cookie is not a team session.
    const worker = await loginWorker(t, '9876500001');
    expect(body(await get('/team/user/get', worker)).data).toBeNull();
    const out = await post('/team/user/logout', {}, cookieHeader(res));
    expect(out.statusCode).toBe(200);
    const after = await get('/team/user/get', cookieHeader(res));
    expect(after.statusCode).toBe(200);
    expect(body(after).data).toBeNull();
  });

  it('validates name, mobile, OTP and team code', async () => {
    const base = { request_id: 'x', team_code: 'TEAM01', first_name: 'Meena', mobile: '9876500011', otp: '1234' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, first_name: 'Me' }, 'Name must be at least 3 characters'],
      [{ ...base, first_name: undefined }, 'Name is required'],
      [{ ...base, mobile: '98765' }, 'Invalid Mobile Number'],
      [{ ...base, mobile: '98765000ab' }, 'Invalid Mobile Number'],
      [{ ...base, otp: '12' }, 'OTP must be 4 digits'],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/team/login/otp', payload);
      expect(res.statusCode).toBe(400);
      expect(errorEnvelopeSchema.parse(body(res)).message).toContain(message);
    }
    const unknown = await post('/team/login/otp', { ...base, team_code: 'NOPE99' });
    expect(body(unknown).message).toBe('Invalid URL');
    const inHindi = await t.app.inject({
      method: 'POST',
      url: '/api/v2/team/login/otp',
      payload: { ...base, team_code: 'NOPE99' },
      headers: { cookie: 'pmw_lang=hi' },
    });
    expect(inHindi.statusCode).toBe(404);
    expect(body(inHindi).message).toBe('URL सही नहीं है');
  });

  it('refuses a wrong OTP and an OTP sent for another request', async () => {
    const sent = await post('/team/otp/send', { mobile: '9876533333' });
    const { request_id } = teamOtpSentSchema.parse(body(sent).data);
    const otp = await latestOtp(t, '9876533333');
    const wrong = await post('/team/login/otp', {
      request_id,
      team_code: 'TEAM01',
      first_name: 'Asif',
      mobile: '9876533333',
      otp: otp === '0000' ? '1111' : '0000',
    });
    expect(body(wrong).code).toBe('OTP_INVALID');
    const other = await post('/team/login/otp', {
      request_id: 'not-this-one',
      team_code: 'TEAM01',
      first_name: 'Asif',
      mobile: '9876533333',
      otp,
    });
    expect(other.statusCode).toBe(400);
  });

  it('tells a blocked member their account was removed only after the OTP, so a stranger typing the number learns nothing', async () => {
    const stranger = await post('/team/otp/send', { mobile: '9876533399', team_code: 'TEAM01' });
    const sent = await post('/team/otp/send', { mobile: '9876500019', team_code: 'TEAM01' });
    expect(sent.statusCode).toBe(200);
    expect(body(sent).message).toBe(body(stranger).message);
    expect(Object.keys(body(sent).data as object).sort()).toEqual(Object.keys(body(stranger).data as object).sort());
    const { request_id } = body<{ request_id: string }>(sent).data;
    const otp = await latestOtp(t, '9876500019');
    const res = await post('/team/login/otp', { request_id, team_code: 'TEAM01', first_name: 'Suresh', mobile: '9876500019', otp });
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toBe('Your account has been removed, Please contact your Admin.');
    expect(res.cookies.find((c) => c.name === 'pmw_team')).toBeUndefined();
  });

  it('blocks a logged-in member on their next request', async () => {
    const cookie = await loginMember('9876544444', 'Tara Singh');
    expect((await get('/team/projects', cookie)).statusCode).toBe(200);
    const me = teamMemberSchema.parse(body(await get('/team/user/get', cookie)).data);
    await t.database.db.update(teamMembers).set({ blocked: true }).where(eq(teamMembers.user_id, me.user_id));
    const res = await get('/team/projects', cookie);
    expect(res.statusCode).toBe(403);
    expect(body(res)).toMatchObject({ code: 'BLOCKED', message: 'Your account has been removed, Please contact your Admin.' });
  });
});

describe('projects', () => {
  it('lists projects with categories, hides employer 120 except 355 and 294, and needs a session', async () => {
    expect((await get('/team/projects')).statusCode).toBe(401);
    const data = teamProjectsSchema.parse(body(await get('/team/projects', meena)).data);
    const ids = data.projects.map((p) => p.job_id);
    expect(ids).toEqual(expect.arrayContaining([201, 212, 222, 233, 242, 251, 355, 294]));
    expect(ids).not.toContain(356);
    expect(data.categories.map((c) => c.title)).toContain('Credit Cards');
    const archived = data.projects.find((p) => p.job_id === 212)!;
    expect(archived).toMatchObject({ archive_status: 1, archive_message: 'This project is paused till 1 December' });
    expect(data.projects.find((p) => p.job_id === 233)!.action_status).toBe(20);
  });

  it('gives a project form and its More Details', async () => {
    const form = teamProjectDataSchema.parse(body(await get('/team/project/data?job_id=251', meena)).data);
    expect(form.form_id).toBe(251);
    expect(form.inputs.map((i) => i.input_type)).toContain('MAP_LOCATION');
    const info = teamProjectInfoSchema.parse(body(await get('/team/project/info?job_id=201', meena)).data);
    expect(info.criteria[0]).toEqual({ label: 'Age', value: '21 to 60 years' });
    expect(info.features).toHaveLength(3);
    expect((await get('/team/project/info?job_id=356', meena)).statusCode).toBe(404);
    expect((await get('/team/project/data?job_id=abc', meena)).statusCode).toBe(400);
  });

  it('filters by a 6-digit pincode', async () => {
    const all = teamProjectsSchema.parse(body(await get('/team/projects', meena)).data).projects.map((p) => p.job_id);
    const res = await post('/team/projects/pincode', { job_ids: all, pincode: '560076' }, meena);
    expect(pincodeFilterSchema.parse(body(res).data).job_ids).toEqual([251, 252]);
    const none = await post('/team/projects/pincode', { job_ids: all, pincode: '999999' }, meena);
    expect(body(none).data).toEqual({ job_ids: [] });
    const bad = await post('/team/projects/pincode', { job_ids: all, pincode: '56007' }, meena);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toBe('Pincode must be 6 digits');
  });

  it("shares the team leader's campaign link on the share host", async () => {
    const res = await get('/team/utm/link?entity_type=JOB&entity_id=233', meena);
    expect(utmLinkSchema.parse(body(res).data).utm_link).toBe('https://share.pickmywork.example/utm/asha01/233');
    // Ravi (TEAM02's leader) has no campaign code yet.
    const none = await get('/team/utm/link?entity_type=JOB&entity_id=233', kiran);
    expect(none.statusCode).toBe(404);
    expect(body(none).message).toBe('The team leader has no campaign link yet, please contact your Admin.');
    expect((await get('/team/utm/link?entity_type=USER&entity_id=233', meena)).statusCode).toBe(400);
  });

  it('reverse-geocodes a position offline', async () => {
    const res = await get('/team/geocode/reverse?lat=12.8925&lng=77.5983', meena);
    expect(reverseGeocodeSchema.parse(body(res).data)).toMatchObject({ city: 'Bengaluru', pincode: '560076' });
    expect((await get('/team/geocode/reverse?lat=120&lng=77', meena)).statusCode).toBe(400);
    expect((await get('/team/geocode/reverse?lat=12&lng=77')).statusCode).toBe(401);
  });
});

describe('report', () => {
  it("counts a member's own leads per status and per project", async () => {
    const all = taskCountSchema.parse(body(await get('/team/task/count', meena)).data);
    expect(all).toEqual({ added: 3, verified: 2, rejected: 1, expired: 1, total: 7 });
    const report = projectReportSchema.parse(body(await get('/team/project/report', meena)).data);
    expect(report.find((r) => r.job_id === 201)).toMatchObject({ added: 2, verified: 1, rejected: 0, expired: 0 });
    // Kiran's leads are in another team and never counted for Meena.
    const kiranCount = taskCountSchema.parse(body(await get('/team/task/count', kiran)).data);
    expect(kiranCount.total).toBe(2);
  });

  it('filters by inclusive days at +05:30', async () => {
    // The day of a seeded Added lead, read back rather than assumed: the seed
    // may have run on the other side of midnight at +05:30.
    const [lead] = await t.database.db.select().from(formResponses).where(eq(formResponses.form_response_id, 7101));
    const day = istDateString(lead!.created_on);
    const dayCount = taskCountSchema.parse(body(await get(`/team/task/count?start_date=${day}&end_date=${day}`, meena)).data);
    expect(dayCount.added).toBeGreaterThanOrEqual(1);
    expect(dayCount.expired).toBe(0);
    const bad = await get('/team/task/count?start_date=2026-02-01&end_date=2026-01-01', meena);
    expect(bad.statusCode).toBe(400);
    expect((await get('/team/task/count?start_date=yesterday', meena)).statusCode).toBe(400);
  });

  it('lists leads per project and status, with the values for Add Details', async () => {
    const added = await get('/team/project/report/data?form_id=201&status=0&archive_status=0', meena);
    const leads = teamLeadSchema.array().parse(body(added).data);
    expect(leads.map((l) => l.form_response_id).sort()).toEqual([7101, 7102]);
    const needs = leads.find((l) => l.form_response_id === 7102)!;
    expect(needs.sub_status).toBe(1);
    expect(needs.response_data.map((d) => d.input_id)).toEqual([1, 2, 3]);
    const expired = teamLeadSchema
      .array()
      .parse(body(await get('/team/project/report/data?form_id=221&status=0&archive_status=1', meena)).data);
    expect(expired.map((l) => l.form_response_id)).toEqual([7105]);
    const rejected = teamLeadSchema
      .array()
      .parse(body(await get('/team/project/report/data?form_id=241&status=2&archive_status=0', meena)).data);
    expect(rejected[0]?.status_comment).toBe('PAN does not match the name');
    expect((await get('/team/project/report/data?form_id=201&status=5&archive_status=0', meena)).statusCode).toBe(400);
    // Another team's member sees none of Meena's leads.
    expect(body(await get('/team/project/report/data?form_id=201&status=0&archive_status=0', kiran)).data).toEqual([
      expect.objectContaining({ form_response_id: 7110 }),
    ]);
  });
});

describe('leads', () => {
  const values = (mobile: string) => [
    { input_id: 1, value: mobile },
    { input_id: 2, value: 'Shop Owner' },
    { input_id: 3, value: 'Sri Ganesh Stores' },
    { input_id: 5, value: { lat: 12.8925, lng: 77.5983, address: 'near Bengaluru 560076' } },
  ];

  it('adds a lead once per idempotency key, attributed to the member and team', async () => {
    // The merchant form requires a shop photo: a lead without it is refused with its label.
    const missing = await post(
      '/team/task/response/submit',
      { form_id: 251, input: values('9811100001'), idempotency_key: 'k-missing-photo' },
      meena,
    );
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe('Please upload Shop Photo');

    const payload = {
      form_id: 201,
      input: [
        { input_id: 1, value: '9811100002' },
        { input_id: 2, value: 'Kavya Menon' },
        { input_id: 3, value: 'hkmpk3333c' },
        { input_id: 4, value: 'Pune' },
      ],
      location: { lat: 18.52, lng: 73.85 },
      idempotency_key: 'offline-queue-0001',
      offline_unverified: true,
    };
    const first = await post('/team/task/response/submit', payload, meena);
    expect(first.statusCode, first.body).toBe(200);
    expect(body(first).message).toBe('Lead added successfully');
    const { form_response_id } = teamSubmittedSchema.parse(body(first).data);
    const again = await post('/team/task/response/submit', payload, meena);
    expect(teamSubmittedSchema.parse(body(again).data).form_response_id).toBe(form_response_id);
    const rows = await t.database.db.select().from(formResponses).where(eq(formResponses.customer_mobile, '9811100002'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      team_member_user_id: 111,
      team_id: 1,
      partner_user_id: null,
      status: 0,
      location: { lat: 18.52, lng: 73.85 },
      mobile_check: 'unverified',
    });

    const dup = await post('/team/task/response/submit', { ...payload, idempotency_key: 'offline-queue-0002' }, meena);
    expect(dup.statusCode).toBe(409);
  });

  it('refuses the same customer for the same project again inside the duplicate window, saying so as the campaign page does', async () => {
    const lead = (key: string) => ({
      form_id: 201,
      input: [
        { input_id: 1, value: '9811100009' },
        { input_id: 2, value: 'Farida Shaikh' },
        { input_id: 3, value: 'hkmpk3333c' },
        { input_id: 4, value: 'Pune' },
      ],
      idempotency_key: key,
      offline_unverified: true,
    });
    expect((await post('/team/task/response/submit', lead('k-team-dup-0001'), meena)).statusCode).toBe(200);
    const again = await post('/team/task/response/submit', lead('k-team-dup-0002'), meena);
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({
      status: false,
      code: 'CONFLICT',
      message: 'A lead for 9811100009 was already added for Sahyog Platinum Credit Card in the last 30 days',
    });
    expect(await t.database.db.select().from(formResponses).where(eq(formResponses.customer_mobile, '9811100009'))).toHaveLength(1);
  });

  it('refuses bad inputs, archived and on-hold projects', async () => {
    const bad = await post(
      '/team/task/response/submit',
      { form_id: 201, input: [{ input_id: 1, value: '123' }], idempotency_key: 'k-bad-mobile' },
      meena,
    );
    expect(body(bad).message).toBe('Invalid Mobile Number');
    const noKey = await post('/team/task/response/submit', { form_id: 201, input: [] }, meena);
    expect(noKey.statusCode).toBe(400);
    const archived = await post(
      '/team/task/response/submit',
      { form_id: 212, input: [{ input_id: 1, value: '9811100003' }], idempotency_key: 'k-archived' },
      meena,
    );
    expect(body(archived).message).toBe('This project is paused till 1 December');
    const hold = await post(
      '/team/task/response/submit',
      { form_id: 222, input: [{ input_id: 1, value: '9811100003' }], idempotency_key: 'k-on-hold' },
      meena,
    );
    expect(body(hold).message).toBe('On hold: the bank is updating its process');
    expect((await post('/team/task/response/submit', { form_id: 201, input: [], idempotency_key: 'k-anon' })).statusCode).toBe(401);
  });

  it("completes an 'Add Details' lead, only for its own member and team", async () => {
    const [asked] = await t.database.db.select().from(formResponses).where(eq(formResponses.form_response_id, 7102));
    expect(asked?.status_comment).toBe('Please add the customer city');
    const input = [{ input_id: 4, value: 'Chennai' }];
    const other = await post('/team/task/response/complete', { form_id: 202, form_response_id: 7111, input }, meena);
    expect(other.statusCode).toBe(404);
    const notMine = await post('/team/task/response/complete', { form_id: 201, form_response_id: 7102, input }, kiran);
    expect(notMine.statusCode).toBe(404);
    const res = await post('/team/task/response/complete', { form_id: 201, form_response_id: 7102, input }, meena);
    expect(res.statusCode, res.body).toBe(200);
    const [lead] = await t.database.db.select().from(formResponses).where(eq(formResponses.form_response_id, 7102));
    expect(lead?.sub_status).toBe(0);
    // The request ('Please add the customer city') is answered: its comment leaves the lead.
    expect(lead?.status_comment).toBeNull();
    const data = await t.database.db.select().from(formResponseData).where(eq(formResponseData.form_response_id, 7102));
    expect(data.find((d) => d.input_id === 4)?.value).toBe('Chennai');
    const twice = await post('/team/task/response/complete', { form_id: 201, form_response_id: 7102, input }, meena);
    expect(twice.statusCode).toBe(409);
  });
});
