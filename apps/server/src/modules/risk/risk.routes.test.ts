import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { addTaskResponseSchema } from '@pmw/contract/campaign';
import { fileAddedSchema, signedUploadSchema } from '@pmw/contract/files';
import { auditEntrySchema, leadActionResultSchema, opsLeadDetailSchema, opsLeadSchema } from '@pmw/contract/ops';
import { opsProjectSchema } from '@pmw/contract/ops-projects';
import { istTimeOfDay, leadRiskSchema, partnerRiskSchema, riskTexts, type LeadRisk } from '@pmw/contract/risk';
import { teamOtpSentSchema, teamSubmittedSchema } from '@pmw/contract/team';
import { z } from 'zod';
import { formResponses, taskForms, teamMembers, users } from '../../db/schema/index';
import { body, cookieHeader, createTestApp, latestOtp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { insertLead, loginSupportAgent, validProject } from '../ops/ops-fixtures.test-helper';

let t: TestApp;
let ops: string;
let meena: string;

/** Low thresholds, so a test makes a burst or a pattern with three leads. */
const RISK_SETTINGS = JSON.stringify({
  device_burst_leads: 3,
  address_burst_leads: 3,
  same_coordinates_leads: 3,
  approval_min_decided: 3,
  approval_project_min_decided: 5,
});

beforeAll(async () => {
  t = await createTestApp({ RISK_SETTINGS });
  // The card forms without the customer's OTP: these tests are about what happens after a lead is taken.
  await t.database.db
    .update(taskForms)
    .set({ is_otp_required: false })
    .where(inArray(taskForms.form_id, [201, 202, 203, 400, 401, 402, 403, 404, 405, 406, 407, 408]));
  ops = await loginOps(t);
  const mobile = '9876500011';
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/v2/team/otp/send',
    payload: { mobile, feature: 'MT', team_code: 'TEAM01' },
  });
  const { request_id } = teamOtpSentSchema.parse(body(sent).data);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/team/login/otp',
    payload: { request_id, team_code: 'TEAM01', first_name: 'Meena', mobile, otp: await latestOtp(t, mobile) },
  });
  meena = cookieHeader(res);
});
afterAll(async () => t.close());

let addressN = 0;
/** A client address of its own per test, so address bursts never mix between tests. */
const freshAddress = () => `203.0.113.${++addressN}`;

/** Cookies merged across answers, as a browser keeps them. */
function jar(previous: string, res: { cookies: { name: string; value: string }[] }): string {
  const map = new Map(
    previous
      .split('; ')
      .filter(Boolean)
      .map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]),
  );
  for (const c of res.cookies) if (c.value) map.set(c.name, c.value);
  return [...map].map(([k, v]) => `${k}=${v}`).join('; ');
}

const cardInputs = (mobile: string, name = 'Meena Iyer', extra: { input_id: number; value: unknown }[] = []) => [
  { input_id: 1, value: mobile },
  { input_id: 2, value: name },
  { input_id: 3, value: 'ABCPM1234K' },
  { input_id: 4, value: 'Pune' },
  ...extra,
];

/** A campaign-page lead on asha01; answers the lead id and the device's cookies after it. */
async function campaignLead(opts: {
  mobile: string;
  form_id?: number;
  name?: string;
  cookie?: string;
  address?: string;
  file_id?: number;
}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/utm/task/response',
    remoteAddress: opts.address ?? freshAddress(),
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    payload: {
      form_id: opts.form_id ?? 400,
      utm_code: 'asha01',
      input: cardInputs(opts.mobile, opts.name, opts.file_id ? [{ input_id: 5, value: String(opts.file_id) }] : []),
      idempotency_key: `risk-${opts.mobile}-${Math.random().toString(36).slice(2, 10)}`,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  // Nothing the customer or the partner is answered says a lead was flagged.
  expect(res.body).not.toMatch(/risk/i);
  return { id: addTaskResponseSchema.parse(body(res).data).form_response_id, cookie: jar(opts.cookie ?? '', res) };
}

async function teamLead(mobile: string, location?: { lat: number; lng: number }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/team/task/response/submit',
    remoteAddress: freshAddress(),
    headers: { cookie: meena },
    payload: {
      form_id: 203,
      input: cardInputs(mobile, 'Farah Khan'),
      idempotency_key: `risk-team-${mobile}`,
      ...(location ? { location } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return teamSubmittedSchema.parse(body(res).data).form_response_id;
}

async function riskOf(id: number): Promise<LeadRisk> {
  // Signals are computed after the lead's answer.
  await t.services.risk.idle();
  const res = await t.app.inject({ method: 'GET', url: `/api/v2/ops/leads/${id}`, headers: { cookie: ops } });
  expect(res.statusCode, res.body).toBe(200);
  return opsLeadDetailSchema.parse(body(res).data).risk;
}
const kinds = (r: LeadRisk) => r.signals.filter((s) => !s.dismissed).map((s) => s.kind);

let mobileN = 0;
const newMobile = () => `97${String(4_000_000 + ++mobileN).padStart(8, '0')}`;

/** A photo-like picture: smooth shapes whose layout depends on the seed. */
function picture(seed: number, width = 320, height = 240): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = Math.sin((x / width) * (3 + seed) + seed) * Math.cos((y / height) * (2 + 2 * seed) - seed);
      const o = (y * width + x) * 3;
      pixels[o] = 128 + 120 * v;
      pixels[o + 1] = 128 + 100 * Math.sin(seed + x / 40);
      pixels[o + 2] = 128 - 120 * v;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function upload(bytes: Buffer, name: string, cookie = ''): Promise<{ file_id: number; cookie: string }> {
  const signedRes = await t.app.inject({
    method: 'PUT',
    url: '/api/v2/utm/file/s3/url/signed',
    headers: cookie ? { cookie } : {},
    payload: { file_name: name, file_purpose: 'UTM_LINK' },
  });
  expect(signedRes.statusCode, signedRes.body).toBe(200);
  const jarred = jar(cookie, signedRes);
  const signed = signedUploadSchema.parse(body(signedRes).data);
  const put = await t.app.inject({ method: 'PUT', url: signed.url, payload: bytes, headers: { 'content-type': signed.content_type } });
  expect(put.statusCode, put.body).toBe(200);
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/v2/utm/file/add',
    headers: { cookie: jarred },
    payload: { file_key: signed.key, file_name: name, file_purpose: 'UTM_LINK' },
  });
  expect(added.statusCode, added.body).toBe(200);
  return { file_id: fileAddedSchema.parse(body(added).data).file_id, cookie: jarred };
}

describe("the customer's mobile is someone's own", () => {
  it("flags a lead for another partner's mobile and names them; a family member sharing the surname is not flagged", async () => {
    const own = await campaignLead({ mobile: '9876500002', name: 'Ravi Kumar' });
    const r = await riskOf(own.id);
    expect(r.level).toBe('high');
    expect(r.signals).toEqual([
      expect.objectContaining({
        kind: 'own_identifier',
        reason: "This mobile is also partner PMW102's",
        evidence: { form_response_ids: [], user_ids: [102], file_ids: [] },
      }),
    ]);
    // Asha Verma's relative, with a mobile of her own.
    const family = await campaignLead({ mobile: newMobile(), name: 'Neha Verma' });
    expect(await riskOf(family.id)).toMatchObject({ level: 'none', signals: [] });
  });

  it("names a field agent's mobile (a team member without a campaign code) as a team member's", async () => {
    await t.database.db.insert(users).values({ user_id: 4200, mobile: '9876504200', first_name: 'Gopal' });
    await t.database.db.insert(teamMembers).values({ team_id: 1, user_id: 4200 });
    const lead = await campaignLead({ mobile: '9876504200', name: 'Gopal Rao' });
    expect((await riskOf(lead.id)).signals[0]).toMatchObject({
      kind: 'own_identifier',
      reason: "This mobile is also team member PMW4200's",
    });
  });
});

describe('the same customer on several partners', () => {
  it("flags a team lead for a customer another partner's lead had, and not a different customer", async () => {
    const mobile = newMobile();
    const first = await campaignLead({ mobile, form_id: 203 });
    const rejected = await t.app.inject({
      method: 'POST',
      url: '/api/v2/ops/leads/reject',
      headers: { cookie: ops },
      payload: { form_response_ids: [first.id], comment: 'Customer not reachable' },
    });
    expect(rejected.statusCode).toBe(200);
    const second = await teamLead(mobile);
    const r = await riskOf(second);
    expect(r.signals).toEqual([
      expect.objectContaining({
        kind: 'shared_customer',
        reason: `The same customer mobile is on another partner's lead for this project in the last 30 days (lead #${first.id})`,
        evidence: { form_response_ids: [first.id], user_ids: [101], file_ids: [] },
      }),
    ]);
    expect(r.level).toBe('review');
    expect(kinds(await riskOf(await teamLead(newMobile())))).not.toContain('shared_customer');
  });
});

describe('many leads from one device or one address', () => {
  it('flags the third lead from one device within the hour; another device is not flagged', async () => {
    let cookie = '';
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const lead = await campaignLead({ mobile: newMobile(), cookie });
      cookie = lead.cookie;
      ids.push(lead.id);
    }
    expect(cookie).toMatch(/pmw_device=[\w-]{22}/);
    expect(kinds(await riskOf(ids[1]!))).not.toContain('device_burst');
    const third = await riskOf(ids[2]!);
    const signal = third.signals.find((s) => s.kind === 'device_burst');
    expect(signal?.reason).toBe('3 leads came from this device in 60 minutes');
    expect([...signal!.evidence.form_response_ids].sort()).toEqual([...ids].sort());
    const other = await campaignLead({ mobile: newMobile() });
    expect(kinds(await riskOf(other.id))).not.toContain('device_burst');
  });

  it('flags the third lead from one address (each from a new device); a neighbour address is not flagged', async () => {
    const address = '198.51.100.20';
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await campaignLead({ mobile: newMobile(), address })).id);
    const signal = (await riskOf(ids[2]!)).signals.find((s) => s.kind === 'address_burst');
    expect(signal?.reason).toBe('3 leads came from address 198.51.100.20 in 60 minutes');
    const neighbour = await campaignLead({ mobile: newMobile(), address: '198.51.100.21' });
    expect(kinds(await riskOf(neighbour.id))).not.toContain('address_burst');
  });
});

describe('the same coordinates on many leads', () => {
  it('flags the third team lead at one point; a lead 200 m away is not flagged', async () => {
    const point = { lat: 18.5204, lng: 73.8567 };
    await teamLead(newMobile(), point);
    await teamLead(newMobile(), { lat: point.lat + 0.00003, lng: point.lng });
    const third = await teamLead(newMobile(), point);
    const signal = (await riskOf(third)).signals.find((s) => s.kind === 'same_coordinates');
    expect(signal?.reason).toBe('3 leads were submitted at these coordinates in 7 days');
    // About 200 m north: a neighbouring shop.
    const away = await teamLead(newMobile(), { lat: point.lat + 0.0018, lng: point.lng });
    expect(kinds(await riskOf(away))).not.toContain('same_coordinates');
  });
});

describe('a photo already attached to another lead', () => {
  it('flags the same file, a resized and recompressed copy, and not a photo of a different shop', async () => {
    const shop = await picture(1, 640, 480);
    const first = await upload(shop, 'shop.jpg');
    const original = await campaignLead({ mobile: newMobile(), cookie: first.cookie, file_id: first.file_id });

    const again = await upload(shop, 'shop-again.jpg');
    const exact = (
      await riskOf((await campaignLead({ mobile: newMobile(), cookie: again.cookie, file_id: again.file_id })).id)
    ).signals.find((s) => s.kind === 'reused_file');
    expect(exact?.reason).toBe(`The same file is attached to lead #${original.id}`);
    expect(exact?.evidence.file_ids).toEqual(expect.arrayContaining([again.file_id, first.file_id]));

    const resized = await sharp(shop).resize(300, 225).jpeg({ quality: 55 }).toBuffer();
    const copy = await upload(resized, 'shop-small.jpg');
    const similar = (
      await riskOf((await campaignLead({ mobile: newMobile(), cookie: copy.cookie, file_id: copy.file_id })).id)
    ).signals.find((s) => s.kind === 'reused_file');
    expect(similar?.reason).toMatch(new RegExp(`^A photo like this one \\(resized or re-saved\\) is attached to lead .*#${original.id}`));

    const otherShop = await upload(await picture(4, 640, 480), 'other-shop.jpg');
    const other = await campaignLead({ mobile: newMobile(), cookie: otherShop.cookie, file_id: otherShop.file_id });
    expect(kinds(await riskOf(other.id))).not.toContain('reused_file');
  });
});

describe("a partner's approval rate far below the project's", () => {
  const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);
  it('flags a lead of a partner whose leads of the last 30 days are mostly rejected, naming both rates; older leads do not count', async () => {
    // Project 405: Asha's 3 decided leads of this month all rejected, Ravi's 4 approved.
    for (let i = 0; i < 3; i++) await insertLead(t, { job_id: 405, partner_user_id: 101, status: 2 });
    for (let i = 0; i < 4; i++) await insertLead(t, { job_id: 405, partner_user_id: 102, status: 1 });
    // Two months ago Asha's leads were all approved: outside the window, they do not lift her rate.
    for (let i = 0; i < 10; i++) await insertLead(t, { job_id: 405, partner_user_id: 101, status: 1, created_on: daysAgo(60) });
    const low = await campaignLead({ mobile: newMobile(), form_id: 405 });
    const signal = (await riskOf(low.id)).signals.find((s) => s.kind === 'low_approval_rate');
    expect(signal).toMatchObject({
      reason: "PMW101's approval rate on this project is 0% (0 of 3) against 57% for the project (4 of 7) in the last 30 days",
      evidence: { form_response_ids: [], user_ids: [101], file_ids: [] },
    });
  });

  it("does not flag a partner at the project's rate, a new partner, or a partner on a project with few decided leads", async () => {
    // Project 406: Asha approved as often as the project.
    for (let i = 0; i < 3; i++) await insertLead(t, { job_id: 406, partner_user_id: 101, status: 1 });
    for (let i = 0; i < 3; i++) await insertLead(t, { job_id: 406, partner_user_id: 102, status: 1 });
    const fine = await campaignLead({ mobile: newMobile(), form_id: 406 });
    expect(kinds(await riskOf(fine.id))).not.toContain('low_approval_rate');
    // Project 408: Asha new to it, 2 decided leads (3 are needed), both rejected.
    for (let i = 0; i < 2; i++) await insertLead(t, { job_id: 408, partner_user_id: 101, status: 2 });
    for (let i = 0; i < 5; i++) await insertLead(t, { job_id: 408, partner_user_id: 102, status: 1 });
    const newcomer = await campaignLead({ mobile: newMobile(), form_id: 408 });
    expect(kinds(await riskOf(newcomer.id))).not.toContain('low_approval_rate');
    // Project 202: 4 decided leads in all (5 are needed) say nothing of its rate.
    for (let i = 0; i < 3; i++) await insertLead(t, { job_id: 202, partner_user_id: 101, status: 2 });
    await insertLead(t, { job_id: 202, partner_user_id: 102, status: 1 });
    const young = await campaignLead({ mobile: newMobile(), form_id: 202 });
    expect(kinds(await riskOf(young.id))).not.toContain('low_approval_rate');
  });
});

/**
 * A project of its own for the identifier, location and hours signals: it
 * serves two Pune pincodes, and its form asks for the customer's PAN, bank
 * account and the shop's place on the map (each optional).
 */
async function identityProject(overrides: Record<string, unknown> = {}): Promise<number> {
  const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url: `/api/v2${url}`, headers: { cookie: ops }, payload });
  const created = await send(
    'POST',
    '/ops/projects',
    validProject({ job_title: `Risk checks ${Math.random().toString(36).slice(2, 8)}`, pincodes: ['411001', '411005'], ...overrides }),
  );
  expect(created.statusCode, created.body).toBe(200);
  const jobId = opsProjectSchema.parse(body(created).data).job_id;
  const form = await send('PUT', `/ops/projects/${jobId}/form`, {
    is_otp_required: false,
    inputs: [
      { input_id: 1, label: 'Customer Mobile', input_type: 'NUMBER', input_category: 'MOBILE', validation: { required: true } },
      { input_id: 2, label: 'Customer Name', input_type: 'TEXT', validation: { required: true } },
      { input_id: 3, label: 'PAN Number', input_type: 'TEXT', input_category: 'PAN_CARD', validation: { required: false } },
      { input_id: 4, label: 'Bank Account Number', input_type: 'TEXT', input_category: 'BANK_ACCOUNT', validation: { required: false } },
      { input_id: 5, label: 'Shop Location', input_type: 'MAP_LOCATION', validation: { required: false } },
    ],
  });
  expect(form.statusCode, form.body).toBe(200);
  return opsProjectSchema.parse(body(form).data).form!.form_id;
}

interface IdentityValues {
  pan?: string;
  account?: string;
  shop?: { lat: number; lng: number };
}
const identityInputs = (mobile: string, v: IdentityValues) => [
  { input_id: 1, value: mobile },
  { input_id: 2, value: 'Sunita Verma' },
  ...(v.pan ? [{ input_id: 3, value: v.pan }] : []),
  ...(v.account ? [{ input_id: 4, value: v.account }] : []),
  ...(v.shop ? [{ input_id: 5, value: v.shop }] : []),
];

/** A lead on Asha's campaign page for the identity project. */
async function identityCampaignLead(formId: number, v: IdentityValues): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/utm/task/response',
    remoteAddress: freshAddress(),
    payload: { form_id: formId, utm_code: 'asha01', input: identityInputs(newMobile(), v), idempotency_key: `risk-id-${Math.random()}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).not.toMatch(/risk/i);
  return addTaskResponseSchema.parse(body(res).data).form_response_id;
}

/** Meena's team lead for the identity project, with where her phone was. */
async function identityTeamLead(formId: number, v: IdentityValues, phone?: { lat: number; lng: number; accuracy_m?: number }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/team/task/response/submit',
    remoteAddress: freshAddress(),
    headers: { cookie: meena },
    payload: {
      form_id: formId,
      input: identityInputs(newMobile(), v),
      idempotency_key: `risk-id-team-${Math.random()}`,
      ...(phone ? { location: phone } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).not.toMatch(/risk/i);
  return teamSubmittedSchema.parse(body(res).data).form_response_id;
}

const reasonsOf = async (id: number) => (await riskOf(id)).signals.filter((s) => !s.dismissed).map((s) => s.reason);

describe("the customer's PAN or bank account is someone's own", () => {
  it("flags another partner's PAN and the submitting partner's own; a relative's PAN is not flagged", async () => {
    const formId = await identityProject();
    await t.services.documents.add({ kind: 'worker', id: 102 }, { user_id: 102, type: 'PAN', number: 'BQRPK7312L' });
    const ravis = await riskOf(await identityCampaignLead(formId, { pan: 'BQRPK7312L' }));
    expect(ravis.level).toBe('high');
    expect(ravis.signals).toEqual([
      expect.objectContaining({
        kind: 'own_identifier',
        reason: "This PAN is also partner PMW102's",
        evidence: { form_response_ids: [], user_ids: [102], file_ids: [] },
      }),
    ]);
    // Asha's own PAN on a lead of her own campaign page.
    expect(await reasonsOf(await identityCampaignLead(formId, { pan: 'AKXPV4821M' }))).toEqual([
      "This PAN is the submitting partner PMW101's own",
    ]);
    // A relative: same surname initial, a PAN of their own.
    expect(await riskOf(await identityCampaignLead(formId, { pan: 'BQRPK7313M' }))).toMatchObject({ level: 'none', signals: [] });
  });

  it("flags a bank account another partner added and the team member's own; another account at the same bank is not flagged", async () => {
    const formId = await identityProject();
    await t.services.banks.add(102, { ifsc_code: 'HDFC0000001', account_no: '50100777766665' });
    expect(await reasonsOf(await identityCampaignLead(formId, { account: '50100777766665' }))).toEqual([
      "This bank account (ending 6665) is also partner PMW102's",
    ]);
    // Asha's own account (seeded) sent by Meena, a field agent, is named as the partner's.
    expect(await reasonsOf(await identityTeamLead(formId, { account: '50100123454321' }))).toEqual([
      "This bank account (ending 4321) is also partner PMW101's",
    ]);
    const meenaId = (await t.database.db.select({ id: users.user_id }).from(users).where(eq(users.mobile, '9876500011')))[0]!.id;
    await t.services.banks.add(meenaId, { ifsc_code: 'SBIN0005943', account_no: '30987600011' });
    expect(await reasonsOf(await identityTeamLead(formId, { account: '30987600011' }))).toEqual([
      `This bank account (ending 0011) is the submitting team member PMW${meenaId}'s own`,
    ]);
    expect(await riskOf(await identityCampaignLead(formId, { account: '50100777766666' }))).toMatchObject({ level: 'none', signals: [] });
  });
});

describe("a team lead's location", () => {
  const shop = { lat: 18.5204, lng: 73.8567 };
  it("flags a map location far from the member's phone; the phone 200 m from the shop is not flagged", async () => {
    const formId = await identityProject();
    const far = await riskOf(await identityTeamLead(formId, { shop }, { lat: 18.5204, lng: 73.9067, accuracy_m: 20 }));
    expect(far.signals).toEqual([
      expect.objectContaining({
        kind: 'far_location',
        reason: "The lead's map location is 5.3 km from where the team member's phone was when it was submitted",
      }),
    ]);
    expect(far.level).toBe('review');
    const near = await identityTeamLead(formId, { shop }, { lat: shop.lat + 0.0018, lng: shop.lng, accuracy_m: 20 });
    expect(await riskOf(near)).toMatchObject({ level: 'none', signals: [] });
  });

  it('flags a shop far from every pincode the project serves (the offline pincode directory); a shop in a served area is not flagged', async () => {
    const formId = await identityProject();
    // Nagpur, while the project serves Pune.
    expect(await reasonsOf(await identityTeamLead(formId, { shop: { lat: 21.1458, lng: 79.0882 } }))).toEqual([
      "The lead's location is 617.8 km from the nearest of the project's pincodes (411001)",
    ]);
    // No map location on the lead: the phone's own position is compared.
    expect(await reasonsOf(await identityTeamLead(formId, {}, { lat: 21.1458, lng: 79.0882, accuracy_m: 15 }))).toEqual([
      "The lead's location is 617.8 km from the nearest of the project's pincodes (411001)",
    ]);
    // A shop 3 km from Pune's centre.
    expect(await reasonsOf(await identityTeamLead(formId, { shop: { lat: 18.5474, lng: 73.8567 } }))).toEqual([]);
  });

  it("places a small town's pincode from the full directory: a shop in Bengaluru is far from Hospet's 583201, one in Hospet is not", async () => {
    const formId = await identityProject({ pincodes: ['583201'] });
    const far = await riskOf(await identityTeamLead(formId, { shop: { lat: 12.9767, lng: 77.5993 } }));
    expect(far).toMatchObject({
      level: 'review',
      signals: [{ kind: 'far_location', reason: "The lead's location is 282.6 km from the nearest of the project's pincodes (583201)" }],
    });
    // Hospet's bus stand, and a village 11 km out on the same pincode.
    expect(await reasonsOf(await identityTeamLead(formId, { shop: { lat: 15.2689, lng: 76.3909 } }))).toEqual([]);
    expect(await reasonsOf(await identityTeamLead(formId, { shop: { lat: 15.3, lng: 76.47 } }))).toEqual([]);
  });

  it('says nothing of distance when the project serves a pincode the directory does not know', async () => {
    // 9… pincodes are the army's postal service: in no public directory.
    const unknownOnly = await identityProject({ pincodes: ['999999'] });
    expect(await riskOf(await identityTeamLead(unknownOnly, { shop: { lat: 21.1458, lng: 79.0882 } }))).toMatchObject({
      level: 'none',
      signals: [],
    });
    // Pune and an unknown pincode: the shop in Nagpur may be in the unknown one's area.
    const withUnknown = await identityProject({ pincodes: ['411001', '999999'] });
    expect(await reasonsOf(await identityTeamLead(withUnknown, { shop: { lat: 21.1458, lng: 79.0882 } }))).toEqual([]);
  });

  it('flags a phone location accurate only to more than 500 m; 40 m is not flagged', async () => {
    const formId = await identityProject();
    // A shop of its own, so the same-coordinates pattern of other tests stays out.
    const shop = { lat: 18.5101, lng: 73.8402 };
    const rough = await riskOf(await identityTeamLead(formId, { shop }, { ...shop, accuracy_m: 1800 }));
    expect(rough.signals).toEqual([
      expect.objectContaining({
        kind: 'inaccurate_location',
        reason: "The phone's location was accurate only to 1800 m (flagged above 500 m)",
      }),
    ]);
    expect(await reasonsOf(await identityTeamLead(formId, { shop }, { ...shop, accuracy_m: 40 }))).toEqual([]);
  });
});

describe("leads outside the project's hours", () => {
  it('flags a lead outside the hours ops set on the project; inside them, or with no hours, nothing', async () => {
    const at = (hoursFromNow: number) => istTimeOfDay(new Date(Date.now() + hoursFromNow * 3_600_000));
    const closed = await identityProject({ lead_hours_start: at(2), lead_hours_end: at(4) });
    const lead = await riskOf(await identityCampaignLead(closed, {}));
    expect(lead.signals).toEqual([
      expect.objectContaining({
        kind: 'outside_hours',
        reason: expect.stringMatching(
          new RegExp(`^Submitted at \\d\\d:\\d\\d India time, outside the project's lead hours \\(${at(2)} to ${at(4)}\\)$`),
        ),
      }),
    ]);
    const open = await identityProject({ lead_hours_start: at(-1), lead_hours_end: at(1) });
    expect(await reasonsOf(await identityCampaignLead(open, {}))).toEqual([]);
    expect(await reasonsOf(await identityCampaignLead(await identityProject(), {}))).toEqual([]);
  });

  it('refuses lead hours with one end only, or not a time', async () => {
    const one = await t.app.inject({
      method: 'POST',
      url: '/api/v2/ops/projects',
      headers: { cookie: ops },
      payload: validProject({ lead_hours_start: '09:00' }),
    });
    expect(one.statusCode).toBe(400);
    expect(one.body).toContain('Set both ends of the lead hours, or neither');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v2/ops/projects',
      headers: { cookie: ops },
      payload: validProject({ lead_hours_start: '9 am', lead_hours_end: '18:00' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Lead hours: a time like 09:00');
  });
});

describe('a lead whose process stopped before its assessment', () => {
  it('is assessed by the next server from what the lead holds, once, however often the catch-up runs', async () => {
    const id = await insertLead(t, { job_id: 404, created_on: new Date(Date.now() - 10 * 60_000) });
    await t.database.db.update(formResponses).set({ customer_mobile: '9876500002' }).where(eq(formResponses.form_response_id, id));
    const fresh = await insertLead(t, { job_id: 404 });
    const missed = await t.services.risk.unassessed();
    expect(missed).toContain(id);
    // A lead of the last minute may still be queued in the process that took it.
    expect(missed).not.toContain(fresh);
    await t.services.intake.reassess([id, id]);
    await t.services.intake.reassess(await t.services.risk.unassessed());
    const r = await riskOf(id);
    expect(r.signals).toEqual([expect.objectContaining({ kind: 'own_identifier', reason: "This mobile is also partner PMW102's" })]);
    expect(await t.services.risk.unassessed()).not.toContain(id);
  });
});

describe('ops act on risk', () => {
  it('filters and sorts the queue by risk, asks again before approving a high-risk lead in bulk, and recomputes the level when a signal is marked wrong', async () => {
    const risky = await campaignLead({ mobile: '9876500002', form_id: 401, name: 'Ravi Kumar' });
    const plain = await campaignLead({ mobile: newMobile(), form_id: 401 });
    await t.services.risk.idle();

    const queue = await t.app.inject({ method: 'GET', url: '/api/v2/ops/leads?risk=review,high&job_id=401', headers: { cookie: ops } });
    const rows = z.object({ rows: z.array(opsLeadSchema) }).parse(body(queue).data).rows;
    expect(rows.map((r) => r.form_response_id)).toContain(risky.id);
    expect(rows.map((r) => r.form_response_id)).not.toContain(plain.id);
    const sorted = z
      .object({ rows: z.array(opsLeadSchema) })
      .parse(
        body(await t.app.inject({ method: 'GET', url: '/api/v2/ops/leads?sort=risk&job_id=401', headers: { cookie: ops } })).data,
      ).rows;
    expect(sorted[0]).toMatchObject({
      form_response_id: risky.id,
      risk_level: 'high',
      risk_signals: [{ kind: 'own_identifier', reason: "This mobile is also partner PMW102's" }],
    });
    expect(sorted.find((r) => r.form_response_id === plain.id)?.risk_signals).toEqual([]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v2/ops/leads?risk=severe', headers: { cookie: ops } });
    expect(bad.statusCode).toBe(400);

    const approve = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v2/ops/leads/approve', headers: { cookie: ops }, payload });
    const refused = await approve({ form_response_ids: [plain.id, risky.id] });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toBe(riskTexts.confirmHighRisk(1));
    expect(body(refused).message).toBe('1 selected lead is high risk: look at its signals, then confirm to approve anyway');
    const confirmed = await approve({ form_response_ids: [plain.id, risky.id], confirm_high_risk: true });
    expect(confirmed.statusCode).toBe(200);
    expect(leadActionResultSchema.parse(body(confirmed).data).results.every((r) => r.changed)).toBe(true);

    const another = await campaignLead({ mobile: '9876500002', form_id: 402, name: 'Ravi Kumar' });
    const signal = (await riskOf(another.id)).signals[0]!;
    const url = `/api/v2/ops/leads/${another.id}/risk/signals/${signal.signal_id}/dismiss`;
    const noNote = await t.app.inject({ method: 'POST', url, headers: { cookie: ops }, payload: { note: '' } });
    expect(noNote.statusCode).toBe(400);
    const dismissed = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: ops },
      payload: { note: 'Ravi referred his own brother, who uses this number' },
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(leadRiskSchema.parse(body(dismissed).data)).toMatchObject({
      level: 'none',
      score: 0,
      signals: [{ dismissed: true, dismissed_note: 'Ravi referred his own brother, who uses this number' }],
    });
    expect((await t.app.inject({ method: 'POST', url, headers: { cookie: ops }, payload: { note: 'again and again' } })).statusCode).toBe(
      409,
    );
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/v2/ops/audit?action=lead.risk_signal_dismissed&entity_id=${another.id}`,
      headers: { cookie: ops },
    });
    const entries = z.object({ rows: z.array(auditEntrySchema) }).parse(body(audit).data).rows;
    expect(entries[0]).toMatchObject({ before: { level: 'high', kind: 'own_identifier' }, after: { level: 'none' } });
    // Now a plain lead: approved without a second confirmation.
    expect((await approve({ form_response_ids: [another.id] })).statusCode).toBe(200);
  });

  it("holds a partner's new leads for review and summarises a partner's risk over 30 days", async () => {
    const hold = await t.app.inject({
      method: 'POST',
      url: '/api/v2/ops/partners/101/risk/hold',
      headers: { cookie: ops },
      payload: { on_hold: true },
    });
    expect(hold.statusCode).toBe(200);
    expect(body(hold).message).toBe(riskTexts.holdOn);
    const held = await campaignLead({ mobile: newMobile(), form_id: 407 });
    const r = await riskOf(held.id);
    expect(r).toMatchObject({
      level: 'high',
      signals: [{ kind: 'partner_on_hold', reason: "Ops hold partner PMW101's new leads for review" }],
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v2/ops/partners/101/risk/hold',
      headers: { cookie: ops },
      payload: { on_hold: false },
    });
    const after = await campaignLead({ mobile: newMobile(), form_id: 407 });
    expect((await riskOf(after.id)).level).toBe('none');

    const summary = partnerRiskSchema.parse(
      body(await t.app.inject({ method: 'GET', url: '/api/v2/ops/partners/101/risk', headers: { cookie: ops } })).data,
    );
    expect(summary).toMatchObject({ user_id: 101, days: 30, on_hold: false });
    expect(summary.flagged).toBeGreaterThan(0);
    expect(summary.leads).toBeGreaterThan(summary.flagged);
    expect(summary.by_kind.map((k) => k.kind)).toEqual(expect.arrayContaining(['own_identifier', 'partner_on_hold', 'device_burst']));
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v2/ops/partners/999999/risk', headers: { cookie: ops } });
    expect(unknown.statusCode).toBe(404);
  });

  it('a support agent cannot see risk, and a partner sees nothing of it', async () => {
    const lead = await campaignLead({ mobile: '9876500002', form_id: 403, name: 'Ravi Kumar' });
    const support = await loginSupportAgent(t);
    for (const [method, url, payload] of [
      ['GET', `/api/v2/ops/leads/${lead.id}`],
      ['GET', '/api/v2/ops/leads?risk=high'],
      ['GET', '/api/v2/ops/partners/101/risk'],
      ['POST', '/api/v2/ops/partners/101/risk/hold', { on_hold: true }],
      ['POST', `/api/v2/ops/leads/${lead.id}/risk/signals/1/dismiss`, { note: 'not fraud at all' }],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { cookie: support }, ...(payload ? { payload } : {}) });
      expect(res.statusCode, url).toBe(403);
    }
    const asha = await loginWorker(t, '9876500001');
    const report = await t.app.inject({ method: 'GET', url: '/api/v2/partner/leads/report?limit=50', headers: { cookie: asha } });
    expect(report.body).not.toMatch(/risk|own_identifier|PMW102/i);
  });
});
