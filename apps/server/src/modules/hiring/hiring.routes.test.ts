import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fileAddedSchema, signedUploadSchema } from '@pmw/contract/files';
import {
  applicationPath,
  applicationSchema,
  b64urlEncode,
  bookingSchema,
  candidateDocumentSchema,
  decodeApplicationParams,
  myProjectsSchema,
  partnerJobsSchema,
  publicJobSchema,
  slotsSchema,
  updatedUserSchema,
} from '@pmw/contract/hiring';
import { verhoeffCheckDigit } from '@pmw/contract/kyc';
import { interviewSlots } from '../../db/schema/index';
import { body, cookieHeader, createTestApp, latestOtp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { opsProjectSchema } from '@pmw/contract/ops-projects';
import { makeWebBuild, PAGE_SHELL } from '../../../test/web-build';

let t: TestApp;
let asha: string;
let ravi: string;
// The web build's job page: its template and a stand-in for its server module (the real one is React's, tested in the browser tests).
const dist = makeWebBuild({
  'pages/application.html': PAGE_SHELL,
  '.ssr/application.js':
    'export const render = async (locale, data) => ({ html: `<h1>${data.job.job_title}</h1>`, dataScript: `<script type="application/json" id="pmw-page-data">${JSON.stringify({ locale, data })}</script>` });\n',
});

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: dist });
  asha = await loginWorker(t, '9876500001');
  ravi = await loginWorker(t, '9876500002');
});
afterAll(async () => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 32)]);
const aadhaarFor = (n: number) => {
  const base = `2345${String(n).padStart(7, '0')}`;
  return base + verhoeffCheckDigit(base);
};

let mobileSeq = 0;
/** A new candidate logged in through the user module's OTP login. */
async function candidate(): Promise<{ cookie: string; user_id: number; mobile: string }> {
  const mobile = `70000${String(process.pid % 100).padStart(2, '0')}${String(++mobileSeq).padStart(3, '0')}`;
  const sent = await t.app.inject({ method: 'POST', url: '/api/v2/user/otp/send', payload: { mobile } });
  expect(sent.statusCode).toBe(200);
  const otp = await latestOtp(t, mobile);
  const res = await t.app.inject({ method: 'POST', url: '/api/v2/user/login/otp', payload: { mobile, otp } });
  expect(res.statusCode).toBe(200);
  return { cookie: cookieHeader(res), user_id: body<{ user_id: number }>(res).data.user_id, mobile };
}

async function upload(cookie: string, name: string, bytes: Buffer, purpose: string) {
  const signed = signedUploadSchema.parse(
    body(
      await t.app.inject({
        method: 'PUT',
        url: '/api/v2/user/file/s3/url/signed',
        headers: { cookie },
        payload: { file_name: name, file_purpose: purpose },
      }),
    ).data,
  );
  expect(
    (await t.app.inject({ method: 'PUT', url: signed.url, payload: bytes, headers: { 'content-type': signed.content_type } })).statusCode,
  ).toBe(200);
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/v2/user/file/add',
    headers: { cookie },
    payload: { file_key: signed.key, file_name: name, file_purpose: purpose },
  });
  return fileAddedSchema.parse(body(added).data);
}

const apply = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v2/user/job/application/add', headers: { cookie }, payload });
const book = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v2/user/job/slot/book', headers: { cookie }, payload });
const slotsOf = async (cookie: string, jobId: number) =>
  slotsSchema.parse(
    body(await t.app.inject({ method: 'GET', url: `/api/v2/user/job/slot/fetch?job_id=${jobId}`, headers: { cookie } })).data,
  );

describe('Available Projects', () => {
  const fetchJobs = (cookie: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v2/partner/job/fetch?job_category_id=6&featuresLimit=3&appendUserLevelPayout=true',
      headers: { cookie },
    });

  it("lists hiring projects, hides the ones marked hidden from partners (the demo's 356), and gives a KYC-complete partner her link", async () => {
    const res = await fetchJobs(asha);
    expect(res.statusCode).toBe(200);
    const list = partnerJobsSchema.parse(body(res).data);
    const ids = list.data.map((j) => j.job_id);
    expect(ids).toEqual(expect.arrayContaining([261, 262, 263, 355, 294]));
    expect(ids).not.toContain(356);
    expect(ids).not.toContain(201);
    expect(list.kyc_done).toBe(true);
    const job = list.data.find((j) => j.job_id === 261)!;
    expect(job.referral_link).toBe(applicationPath({ job_id: 261, job_location_id: 2611, recruiter_id: 101 }));
    expect(job.Features.length).toBeLessThanOrEqual(3);
    expect(job.Criteria[0]).toEqual({ label: 'Age', value: '18 to 45 years' });
    expect(job.payout_text).toMatch(/^Earn ₹[\d,]+ per joining \(\w+ level/);
    expect(list.level.name).toBeTruthy();
  });

  it('hides a job ops mark hidden from partners in the console, and lists it again when they clear it', async () => {
    const ops = await loginOps(t);
    const project = opsProjectSchema.parse(
      body(await t.app.inject({ method: 'GET', url: '/api/v2/ops/projects/355', headers: { cookie: ops } })).data,
    );
    expect(project.hidden_from_partners).toBe(false);
    const { job_id: _id, employer_name: _e, logo_key: _l, banner_key: _b, form: _f, modified_on: _m, locations, ...rest } = project;
    const save = (hidden_from_partners: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v2/ops/projects/355',
        headers: { cookie: ops },
        payload: { ...rest, hidden_from_partners, locations: locations.map(({ job_location_id: _j, ...l }) => l) },
      });
    const listed = async () => partnerJobsSchema.parse(body(await fetchJobs(asha)).data).data.map((j) => j.job_id);
    const hide = await save(true);
    expect(hide.statusCode, hide.body).toBe(200);
    expect(opsProjectSchema.parse(body(hide).data).hidden_from_partners).toBe(true);
    expect(await listed()).not.toContain(355);
    expect((await save(false)).statusCode).toBe(200);
    expect(await listed()).toContain(355);
  });

  it('gives no link without KYC, and asks for a login', async () => {
    const list = partnerJobsSchema.parse(body(await fetchJobs(ravi)).data);
    expect(list.kyc_done).toBe(false);
    expect(list.data.every((j) => j.referral_link === null)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/partner/job/fetch' })).statusCode).toBe(401);
  });

  it('shows the plain payout without the level when not asked for it, and honours featuresLimit', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/partner/job/fetch?job_category_id=6&featuresLimit=1',
      headers: { cookie: asha },
    });
    const list = partnerJobsSchema.parse(body(res).data);
    expect(list.data.find((j) => j.job_id === 261)!.payout_text).toBe('Earn ₹1,000 per joining');
    expect(list.data.every((j) => j.Features.length <= 1)).toBe(true);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v2/partner/job/fetch?featuresLimit=abc', headers: { cookie: asha } });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toMatch(/^Check features limit: /);
    expect(bad.json().errors[0].field).toBe('featuresLimit');
  });
});

describe('the public job page', () => {
  it('answers a job by id with its locations; hidden and non-hiring jobs are not found', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/job/fetch?job_id=355' });
    const job = publicJobSchema.parse(body(res).data);
    expect(job.Employer.employer_name).toBe('Zoomride Mobility');
    expect(job.JobLocations.map((l) => l.job_location_id)).toEqual([3551, 3552]);
    for (const id of [356, 201, 99999]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/v2/job/fetch?job_id=${id}` })).statusCode).toBe(404);
    }
  });

  it('renders the title and description on the server for link previews', async () => {
    const url = applicationPath({ job_id: 261, job_location_id: 2612, recruiter_id: 101 });
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>Delivery Partner at Swiftcart</title>');
    expect(res.body).toContain('<meta property="og:title" content="Delivery Partner at Swiftcart">');
    expect(res.body).toMatch(
      /<meta property="og:description" content="Deliver in your own area, choose your shifts · Pune · ₹18,000 - ₹28,000 a month">/,
    );
    expect(res.body).toContain('<h1>Delivery Partner</h1>');
    // The data the browser hydrates from is in the page, as inert JSON.
    expect(res.body).toContain(
      '<script type="application/json" id="pmw-page-data">{"locale":"en","data":{"ids":{"job_id":261,"job_location_id":2612,"recruiter_id":101}',
    );
  });

  it('sends a bad parameter, an unknown job or a location of another job to /', async () => {
    const bad = [
      `/application/${b64urlEncode('261')}/${b64urlEncode('2611')}/not*b64`,
      `/application/abc/def/ghi`,
      applicationPath({ job_id: 99999, job_location_id: 2611, recruiter_id: 101 }),
      applicationPath({ job_id: 261, job_location_id: 2621, recruiter_id: 101 }),
      applicationPath({ job_id: 356, job_location_id: 3561, recruiter_id: 101 }),
    ];
    for (const url of bad) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe('/');
    }
  });

  it('refuses a link whose recruiter is unknown or a partner without KYC when it opens, not after the application', async () => {
    // Ravi (102) has no PAN: his KYC is not done, so he has no link to share.
    for (const recruiter_id of [102, 999999]) {
      const res = await t.app.inject({ method: 'GET', url: applicationPath({ job_id: 261, job_location_id: 2612, recruiter_id }) });
      expect(res.statusCode, String(recruiter_id)).toBe(302);
      expect(res.headers.location).toBe('/');
      expect((await t.app.inject({ method: 'GET', url: `/api/v2/job/fetch?job_id=261&recruiter_id=${recruiter_id}` })).statusCode).toBe(
        404,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/job/fetch?job_id=261&recruiter_id=101' })).statusCode).toBe(200);
    const c = await candidate();
    const res = await apply(c.cookie, { user_id: c.user_id, recruiter_id: 102, job_id: 262, job_location_id: 2621, answers: [] });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('This referral link is not valid');
  });

  it('decodes what it encodes and refuses what is not an id', () => {
    const path = applicationPath({ job_id: 263, job_location_id: 2631, recruiter_id: 10001 });
    const [, , a, b, c] = path.split('/');
    expect(decodeApplicationParams(a!, b!, c!)).toEqual({ job_id: 263, job_location_id: 2631, recruiter_id: 10001 });
    expect(decodeApplicationParams(b64urlEncode('-1'), b!, c!)).toBeNull();
    expect(decodeApplicationParams(b64urlEncode('1.5'), b!, c!)).toBeNull();
    expect(decodeApplicationParams('a', b!, c!)).toBeNull();
  });
});

describe("the candidate's path", () => {
  it('uploads both documents, adds them, updates the name, applies once on retry, books a slot and sees it', async () => {
    const c = await candidate();
    const aadhaarFile = await upload(c.cookie, 'aadhaar.png', PNG, 'USER_AADHAR_FILE');
    const panFile = await upload(c.cookie, 'pan.pdf', PDF, 'USER_PAN_FILE');
    const aadhaar = aadhaarFor(1);
    for (let i = 0; i < 2; i++) {
      const a = await t.app.inject({
        method: 'POST',
        url: '/api/v2/user/document/add',
        headers: { cookie: c.cookie },
        payload: { user_id: c.user_id, type: 'AADHAAR', number: aadhaar, file_id: aadhaarFile.file_id },
      });
      expect(a.statusCode).toBe(200);
      expect(candidateDocumentSchema.parse(body(a).data).number).toBe(`XXXXXXXX${aadhaar.slice(-4)}`);
      const p = await t.app.inject({
        method: 'POST',
        url: '/api/v2/user/document/add',
        headers: { cookie: c.cookie },
        payload: { user_id: c.user_id, type: 'PAN', number: 'ABCPE1234F', file_id: panFile.file_id },
      });
      expect(p.statusCode).toBe(200);
    }
    expect(await t.services.documents.list(c.user_id)).toHaveLength(2);

    const named = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/profile/update',
      headers: { cookie: c.cookie },
      payload: { user_id: c.user_id, first_name: 'Meena' },
    });
    expect(updatedUserSchema.parse(body(named).data).first_name).toBe('Meena');

    const payload = {
      user_id: c.user_id,
      recruiter_id: 101,
      job_id: 261,
      job_location_id: 2611,
      answers: [{ input_id: 2, value: 'Meena' }],
      tracking_id: 'wa-campaign_7',
    };
    const first = applicationSchema.parse(body(await apply(c.cookie, payload)).data);
    const again = applicationSchema.parse(body(await apply(c.cookie, payload)).data);
    expect(again.application_id).toBe(first.application_id);
    expect(first.tracking_id).toBe('wa-campaign_7');
    expect(first.status).toBe(1);

    const days = await slotsOf(c.cookie, 261);
    expect(days.length).toBeGreaterThanOrEqual(6);
    const slot = days[0]!.slots[0]!;
    expect(slot.available).toBeGreaterThan(0);
    const booking = { user_id: c.user_id, slot_id: slot.slot_id, job_id: 261, booking_date: days[0]!.date };
    const booked = await book(c.cookie, booking);
    expect(booked.statusCode).toBe(200);
    expect(body(booked).message).toBe('Interview slot booked');
    // A retried confirm answers the same booking; another slot of the same job is refused.
    expect(bookingSchema.parse(body(await book(c.cookie, booking)).data).slot_id).toBe(slot.slot_id);
    const other = days[0]!.slots[1]!;
    const second = await book(c.cookie, { ...booking, slot_id: other.slot_id });
    expect(second.statusCode).toBe(409);
    expect(body(second).message).toBe('You have already booked an interview slot for this job');

    const view = await t.app.inject({
      method: 'GET',
      url: `/api/v2/user/job/slot/booked?job_id=261&id=${c.user_id}`,
      headers: { cookie: c.cookie },
    });
    const seen = bookingSchema.parse(body(view).data);
    expect(seen).toMatchObject({ slot_id: slot.slot_id, booking_date: days[0]!.date, location: { city: 'Bengaluru' } });
    expect((await slotsOf(c.cookie, 261))[0]!.slots[0]!.available).toBe(slot.available - 1);

    // Asha sees the application and the booking under My projects.
    const mine = myProjectsSchema.parse(
      body(await t.app.inject({ method: 'GET', url: '/api/v2/partner/job/user/fetch', headers: { cookie: asha } })).data,
    );
    const delivery = mine.find((p) => p.job_id === 261)!;
    expect(delivery.applications).toBeGreaterThanOrEqual(2);
    expect(delivery.slots_booked).toBeGreaterThanOrEqual(1);
  });

  it('refuses bad inputs and other people', async () => {
    const c = await candidate();
    const base = { user_id: c.user_id, recruiter_id: 101, job_id: 262, job_location_id: 2621, answers: [] };
    expect((await apply(c.cookie, { ...base, job_location_id: 2611 })).statusCode).toBe(400);
    expect(body(await apply(c.cookie, { ...base, job_location_id: 2611 })).message).toBe('This location is not part of the job');
    expect((await apply(c.cookie, { ...base, job_id: 356, job_location_id: 3561 })).statusCode).toBe(404);
    expect((await apply(c.cookie, { ...base, user_id: 101 })).statusCode).toBe(403);
    expect((await apply(c.cookie, { ...base, recruiter_id: c.user_id })).statusCode).toBe(400);
    expect((await apply(c.cookie, { ...base, recruiter_id: 999999 })).statusCode).toBe(400);
    expect((await apply(c.cookie, { ...base, job_id: 'x' })).statusCode).toBe(400);
    expect((await apply(c.cookie, { ...base, tracking_id: 'has spaces' })).statusCode).toBe(400);
    expect((await apply('', base)).statusCode).toBe(401);

    // Slots need an application first; another person's booking is not shown.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/user/job/slot/fetch?job_id=262', headers: { cookie: c.cookie } })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/user/job/slot/booked?job_id=262&id=101', headers: { cookie: c.cookie } }))
        .statusCode,
    ).toBe(404);
    expect(applicationSchema.parse(body(await apply(c.cookie, base)).data).job_id).toBe(262);
    const days = await slotsOf(c.cookie, 262);
    const slot = days[0]!.slots[0]!;
    expect((await book(c.cookie, { user_id: 101, slot_id: slot.slot_id, job_id: 262, booking_date: days[0]!.date })).statusCode).toBe(403);
    expect((await book(c.cookie, { user_id: c.user_id, slot_id: slot.slot_id, job_id: 262, booking_date: '2000-01-01' })).statusCode).toBe(
      400,
    );
    expect((await book(c.cookie, { user_id: c.user_id, slot_id: slot.slot_id, job_id: 261, booking_date: days[0]!.date })).statusCode).toBe(
      400,
    );
    expect((await book(c.cookie, { user_id: c.user_id, slot_id: slot.slot_id, job_id: 262, booking_date: 'tomorrow' })).statusCode).toBe(
      400,
    );
    // Slots at the Delhi location are not for a Mumbai application.
    const delhi = await t.services.db.select().from(interviewSlots).where(eq(interviewSlots.job_location_id, 2622)).limit(1);
    const res = await book(c.cookie, { user_id: c.user_id, slot_id: delhi[0]!.slot_id, job_id: 262, booking_date: days[0]!.date });
    expect([400, 403]).toContain(res.statusCode);

    // Names and documents are the caller's own.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/user/profile/update',
          headers: { cookie: c.cookie },
          payload: { user_id: 101, first_name: 'X' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/user/profile/update',
          headers: { cookie: c.cookie },
          payload: { user_id: c.user_id, first_name: ' ' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/user/document/add',
          headers: { cookie: c.cookie },
          payload: { user_id: 101, type: 'PAN', number: 'ABCPE1234F' },
        })
      ).statusCode,
    ).toBe(403);
    const badPan = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/document/add',
      headers: { cookie: c.cookie },
      payload: { user_id: c.user_id, type: 'PAN', number: '12345' },
    });
    expect(badPan.statusCode).toBe(400);
    expect(body(badPan).message).toContain('PAN');
    // Ravi's file is not Asha's to attach.
    const raviFile = await upload(ravi, 'r.png', PNG, 'USER_PAN_FILE');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/user/document/add',
          headers: { cookie: c.cookie },
          payload: { user_id: c.user_id, type: 'PAN', number: 'ABCPE1234F', file_id: raviFile.file_id },
        })
      ).statusCode,
    ).toBeGreaterThanOrEqual(403);
  });
});

describe('slot capacity under concurrent bookings', () => {
  it('fills a slot of capacity N with exactly N of 5N parallel requests from different candidates', async () => {
    const N = 3;
    const start = new Date(Date.now() + 3 * 86_400_000);
    const [slot] = await t.services.db
      .insert(interviewSlots)
      .values({ job_id: 263, job_location_id: 2631, start_time: start, end_time: new Date(start.getTime() + 3_600_000), capacity: N })
      .returning();
    const people = [];
    for (let i = 0; i < 5 * N; i++) {
      const c = await candidate();
      expect((await apply(c.cookie, { user_id: c.user_id, recruiter_id: 101, job_id: 263, job_location_id: 2631 })).statusCode).toBe(200);
      people.push(c);
    }
    const date = (await slotsOf(people[0]!.cookie, 263)).find((d) => d.slots.some((s) => s.slot_id === slot!.slot_id))!.date;
    const results = await Promise.all(
      people.map((c) => book(c.cookie, { user_id: c.user_id, slot_id: slot!.slot_id, job_id: 263, booking_date: date })),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const full = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(N);
    expect(full).toHaveLength(4 * N);
    expect(body(full[0]!).message).toBe('This slot is full, please choose another');
    const [after] = await t.services.db.select().from(interviewSlots).where(eq(interviewSlots.slot_id, slot!.slot_id));
    expect(after!.booked).toBe(N);
  });
});
