import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import {
  HIDDEN_MOBILE_CATEGORIES,
  partnerProjectSchema,
  leadCountsSchema,
  reportFilterSchema,
  reportPageSchema,
  leadTiles,
  leadStatusQuery,
  inputAddedSchema,
} from '@pmw/contract/partner';
import { formResponseData, formResponses } from '../../db/schema/index';
import { referenceCsv } from './csv-reference.test-helper';
import { body, createTestApp, loginWorker, type TestApp } from '../../../test/test-app';
import { PARTNER_DEMO } from '../../seed/partner.seed';

let t: TestApp;
let asha: string;
let ravi: string;
beforeAll(async () => {
  t = await createTestApp();
  asha = await loginWorker(t, '9876500001');
  ravi = await loginWorker(t, '9876500002');
});
afterAll(async () => t.close());

const get = (url: string, cookie = asha) => t.app.inject({ method: 'GET', url: `/api/v2/partner${url}`, headers: { cookie } });
const post = (url: string, payload: unknown, cookie = asha) =>
  t.app.inject({ method: 'POST', url: `/api/v2/partner${url}`, payload: payload as object, headers: { cookie } });
const qs = (q: Record<string, string | number | number[] | undefined>) =>
  new URLSearchParams(
    Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.join(',') : String(v)]])),
  ).toString();

async function uploadLeadFile(cookie: string, name: string, bytes: Buffer) {
  const signed = await t.app.inject({
    method: 'PUT',
    url: '/api/v2/partner/file/s3/url/signed',
    payload: { file_name: name, file_purpose: 'FORM_RESPONSE' },
    headers: { cookie },
  });
  const { url, key, content_type } = body<{ url: string; key: string; content_type: string }>(signed).data;
  const put = await t.app.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': content_type } });
  expect(put.statusCode).toBeLessThan(300);
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/v2/partner/file/add',
    payload: { file_key: key, file_name: name, file_purpose: 'FORM_RESPONSE' },
    headers: { cookie },
  });
  return body<{ file_id: number }>(added).data.file_id;
}
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('Leads Report', () => {
  it('needs a partner session', async () => {
    expect((await get('/report/task/counts/fetch', '')).statusCode).toBe(401);
    expect((await get('/report/task/data/download', '')).statusCode).toBe(401);
  });

  it('lists the projects the partner has leads in, by slug_name', async () => {
    const projects = partnerProjectSchema.array().parse(body(await get('/report/projects/fetch')).data);
    expect(projects.length).toBeGreaterThanOrEqual(3);
    expect(projects.map((p) => p.job_id)).toEqual(expect.arrayContaining([201, 251, 231, 261]));
    const raviProjects = partnerProjectSchema.array().parse(body(await get('/report/projects/fetch', ravi)).data);
    expect(raviProjects.map((p) => p.job_id)).toEqual([251]);
  });

  it('counts leads by status, and the tiles add up to the rows', async () => {
    const all = leadCountsSchema.parse(body(await get(`/report/task/counts/fetch?${qs(leadStatusQuery(''))}`)).data);
    const tiles = leadTiles(all);
    const page = reportPageSchema.parse(
      body(await get(`/report/task/data/fetch?${qs({ ...leadStatusQuery(''), limit: 20, offset: 0 })}`)).data,
    );
    expect(tiles.total).toBe(page.count);
    expect(tiles.total).toBeGreaterThanOrEqual(60);
    for (const filter of [0, 1, 2, 3] as const) {
      const q = qs(leadStatusQuery(filter));
      const rows = reportPageSchema.parse(body(await get(`/report/task/data/fetch?${q}&limit=100`)).data);
      const text = { 0: 'Pending', 1: 'Approved', 2: 'Rejected', 3: 'Expired' }[filter];
      expect(rows.count).toBeGreaterThan(0);
      expect(rows.rows.every((r) => r.status_text === text)).toBe(true);
    }
    // The spec's Pending tile counts live pending leads and the expired ones.
    const pending = reportPageSchema.parse(body(await get(`/report/task/data/fetch?${qs(leadStatusQuery(0))}`)).data);
    const expired = reportPageSchema.parse(body(await get(`/report/task/data/fetch?${qs(leadStatusQuery(3))}`)).data);
    expect(tiles.pending).toBe(pending.count + expired.count);
    const approved = reportPageSchema.parse(body(await get(`/report/task/data/fetch?${qs(leadStatusQuery(1))}`)).data);
    expect(tiles.approved).toBe(approved.count);
  });

  it('pages by 20, newest first, hides the mobile for categories 4 and 6, and gives the extra columns', async () => {
    const first = reportPageSchema.parse(body(await get('/report/task/data/fetch?limit=20&offset=0')).data);
    const second = reportPageSchema.parse(body(await get('/report/task/data/fetch?limit=20&offset=20')).data);
    expect(first.rows).toHaveLength(20);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.lead_id)).size).toBe(40);
    expect(first.rows[0]!.created_on >= first.rows[19]!.created_on).toBe(true);
    const hidden = [...first.rows, ...second.rows].filter((r) => HIDDEN_MOBILE_CATEGORIES.includes(r.job_category_id));
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.every((r) => r.number === null)).toBe(true);
    expect([...first.rows, ...second.rows].filter((r) => r.job_category_id === 1).every((r) => /^[0-9]{10}$/.test(r.number ?? ''))).toBe(
      true,
    );
    expect(first.inputs.map((i) => i.label)).toEqual(expect.arrayContaining(['PAN Number', 'Shop Photo']));
    expect(first.inputs.map((i) => i.label)).not.toContain('Customer Name');
  });

  it('gives a later page the same leads, in the same order and with their own values, as one long page shows', async () => {
    const all = reportPageSchema.parse(body(await get('/report/task/data/fetch?limit=100&offset=0')).data);
    const third = reportPageSchema.parse(body(await get('/report/task/data/fetch?limit=20&offset=40')).data);
    expect(all.rows.length).toBeGreaterThanOrEqual(60);
    expect(third.rows).toEqual(all.rows.slice(40, 60));
    expect(third.rows.some((r) => Object.keys(r.response_data).length > 0)).toBe(true);
    const past = reportPageSchema.parse(body(await get('/report/task/data/fetch?limit=20&offset=100000')).data);
    expect(past).toMatchObject({ count: all.count, rows: [] });
  });

  it('sends a page compressed, whole, with its length, to a client that takes gzip or brotli', async () => {
    const url = '/api/v2/partner/report/task/data/fetch?limit=20&offset=0';
    const plain = await t.app.inject({ method: 'GET', url, headers: { cookie: asha } });
    for (const [accept, inflate] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: asha, 'accept-encoding': accept } });
      expect(res.headers['content-encoding']).toBe(accept);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(inflate(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('filters by project, dates, details and comment; a bad filter is a 400 naming it', async () => {
    const card = reportPageSchema.parse(body(await get(`/report/task/data/fetch?job_id=201`)).data);
    expect(card.rows.every((r) => r.job_id === 201)).toBe(true);
    expect(card.inputs.map((i) => i.label)).toEqual(['PAN Number', 'City', 'Application Form Photo']);
    const hindi = reportPageSchema.parse(body(await get(`/report/task/data/fetch?${qs({ search: 'अनीता' })}`)).data);
    expect(hindi.count).toBeGreaterThan(0);
    expect(hindi.rows.every((r) => r.name === 'अनीता शर्मा')).toBe(true);
    const byId = reportPageSchema.parse(body(await get(`/report/task/data/fetch?search=1005`)).data);
    expect(byId.rows.map((r) => r.lead_id)).toContain(1005);
    const comment = reportPageSchema.parse(body(await get(`/report/task/data/fetch?${qs({ search_comment: 'already has a card' })}`)).data);
    expect(comment.count).toBeGreaterThan(0);
    expect(comment.rows.every((r) => r.status === 2)).toBe(true);
    const future = reportPageSchema.parse(body(await get(`/report/task/data/fetch?start_date=2099-01-01`)).data);
    expect(future).toMatchObject({ count: 0, rows: [] });
    const bad = await get('/report/task/data/fetch?start_date=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(body(bad).message).toContain('YYYY-MM-DD');
    const order = await get('/report/task/counts/fetch?start_date=2026-02-01&end_date=2026-01-01');
    expect(body(order).message).toContain('End date');
    expect((await get('/report/task/data/fetch?limit=5000')).statusCode).toBe(400);
  });

  it("never shows another partner's leads", async () => {
    const page = reportPageSchema.parse(body(await get('/report/task/data/fetch?limit=100', ravi)).data);
    expect(page.rows.map((r) => r.lead_id).sort()).toEqual([...PARTNER_DEMO.raviLeads].sort());
    const counts = leadTiles(leadCountsSchema.parse(body(await get('/report/task/counts/fetch', ravi)).data));
    expect(counts.total).toBe(3);
  });

  it('downloads the filtered report as a CSV with a BOM, quoting, Hindi names and every row', async () => {
    const res = await get(`/report/task/data/download?${qs(leadStatusQuery(''))}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="Leads_Report_\d{4}-\d{2}-\d{2}\.csv"/);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.subarray(3).toString('utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^Lead ID,Project,Created At,Updated At,Status,Comment,Payout \(₹\),Customer Name,Customer Mobile,/);
    const total = leadTiles(leadCountsSchema.parse(body(await get('/report/task/counts/fetch')).data)).total;
    expect(total).toBeGreaterThanOrEqual(PARTNER_DEMO.ashaLeadCount);
    expect(lines.length - 1).toBe(total);
    expect(text).toContain('अनीता शर्मा');
    expect(text).toContain('"Suresh ""Sunny"" Patel"');
    expect(text).toContain('"Meera Nair, Jr"');
    const rejected = await get(`/report/task/data/download?${qs({ ...leadStatusQuery(2), job_id: 201 })}`);
    const rows = rejected.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.includes(',Rejected,'))).toBe(true);
  });

  it('on PostgreSQL asks its statements without JIT compilation, which cost more than the CSV itself', async (ctx) => {
    if (t.database.kind !== 'postgres') ctx.skip();
    const res = (await t.database.db.execute(sql`select current_setting('jit') as jit`)) as unknown as { rows: { jit: string }[] };
    expect(res.rows[0]?.jit).toBe('off');
  });

  it('writes the same file, byte for byte, as the row-by-row writer it replaced, whatever the values hold', async () => {
    // Values that test every rule: quotes, commas, line breaks, formulas of every kind, Hindi, empty and missing values, files.
    const tricky = [
      '=HYPERLINK("http://x.example","click")',
      '+91 98',
      '-5',
      '@SUM(A1)',
      '\tTabbed',
      '\rCarriage',
      'Line one\nline two',
      'Say "hi", then go',
      '',
      'राम, "श्याम"',
      'plain',
    ];
    const leads = await t.database.db
      .select({ id: formResponses.form_response_id })
      .from(formResponses)
      .where(eq(formResponses.partner_user_id, 101))
      .orderBy(formResponses.form_response_id)
      .limit(tricky.length);
    for (const [i, lead] of leads.entries()) {
      await t.database.db
        .update(formResponses)
        .set({
          customer_name: tricky[i]!,
          status_comment: i % 2 ? tricky[(i + 3) % tricky.length]! : null,
          payout_paise: i === 2 ? -250 : 12_345 + i,
          created_on: new Date(Date.UTC(2026, 0, 1, 18, 29, 59, 999) + i),
        })
        .where(eq(formResponses.form_response_id, lead.id));
      await t.database.db
        .update(formResponseData)
        .set({ value: tricky[(i + 5) % tricky.length]! })
        .where(sql`${formResponseData.form_response_id} = ${lead.id} and ${formResponseData.input_id} = 3`);
    }
    const filters: Record<string, string | number | number[]>[] = [
      { archive_status: [0, 1] },
      { job_id: [201], status: 0 },
      { search: 'a' },
      { start_date: '2026-01-01', end_date: '2026-01-02' },
    ];
    for (const filter of filters) {
      const query = qs(filter);
      const res = await get(`/report/task/data/download?${query}`);
      expect(res.statusCode).toBe(200);
      const expected = await referenceCsv(t.database.db, 101, reportFilterSchema.parse(Object.fromEntries(new URLSearchParams(query))));
      expect(res.rawPayload.toString('utf8'), query).toBe(expected.toString('utf8'));
      expect(Buffer.compare(res.rawPayload, expected), query).toBe(0);
    }
  });
});

describe('Add Attachment (POST /form/response/input/add)', () => {
  it('fills an empty image input with an uploaded file, once', async () => {
    const lead = PARTNER_DEMO.leadToAttach;
    const before = reportPageSchema
      .parse(body(await get(`/report/task/data/fetch?search=${lead}`)).data)
      .rows.find((r) => r.lead_id === lead)!;
    expect(before.cells['Shop Photo|IMAGE']).toMatchObject({ value: null, input_id: 4 });
    const fileId = await uploadLeadFile(asha, 'shop.png', PNG);
    const res = await post('/form/response/input/add', { form_response_id: lead, input_id: 4, value: fileId });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Attachment added successfully');
    expect(inputAddedSchema.parse(body(res).data)).toEqual({ form_response_id: lead, input_id: 4, file_id: fileId });
    const after = reportPageSchema
      .parse(body(await get(`/report/task/data/fetch?search=${lead}`)).data)
      .rows.find((r) => r.lead_id === lead)!;
    expect(after.cells['Shop Photo|IMAGE']).toMatchObject({ value: String(fileId), file_id: fileId });
    const [row] = await t.database.db.select().from(formResponseData).where(eq(formResponseData.file_id, fileId));
    expect(row).toMatchObject({ form_response_id: lead, input_id: 4 });
    // The file is now shown to the partner through the lead.
    const url = await get(`/file/fetch/with/url?file_id=${fileId}`);
    expect(url.statusCode).toBe(200);

    const other = await uploadLeadFile(asha, 'shop2.png', PNG);
    const again = await post('/form/response/input/add', { form_response_id: lead, input_id: 4, value: other });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a missing file, a text input, a wrong type, and another partner\u2019s lead or file', async () => {
    const missing = await post('/form/response/input/add', { form_response_id: 1010, input_id: 4 });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toContain('Please choose a file');
    const fileId = await uploadLeadFile(asha, 'photo.png', PNG);
    expect((await post('/form/response/input/add', { form_response_id: 1001, input_id: 3, value: fileId })).statusCode).toBe(400);
    const video = await post('/form/response/input/add', { form_response_id: 1001, input_id: 6, value: fileId });
    expect(body(video).message).toBe('This file type does not fit the detail');
    // Ravi's lead, Asha's session: not found.
    expect(
      (await post('/form/response/input/add', { form_response_id: PARTNER_DEMO.raviLeads[0], input_id: 4, value: fileId })).statusCode,
    ).toBe(404);
    // Asha's file from Ravi's session on Ravi's lead: refused.
    const stolen = await post(
      '/form/response/input/add',
      { form_response_id: PARTNER_DEMO.raviLeads[0], input_id: 4, value: fileId },
      ravi,
    );
    expect([403, 404]).toContain(stolen.statusCode);
  });
});
