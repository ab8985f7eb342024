import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { signedUploadSchema } from '@pmw/contract/files';
import { OUTPUT_COLUMNS } from '@pmw/contract/data-download';
import { formResponses } from '../../db/schema/index';
import { body, createTestApp, type TestApp } from '../../../test/test-app';

const PASSCODE = 'bueno-4821';
let t: TestApp;
let address = 0;
/** Each test its own client address, so the lockout of one does not touch another. */
const nextAddress = () => `10.0.0.${++address}`;

beforeAll(async () => {
  t = await createTestApp();
  // Leads of our own, so the expected values are known here.
  await t.database.db.insert(formResponses).values([
    {
      form_response_id: 9001,
      form_id: 201,
      job_id: 201,
      partner_user_id: 101,
      customer_name: 'Neha Gupta',
      customer_mobile: '9812399901',
      status: 1,
      archive_status: 0,
      status_comment: 'Card issued',
      payout_paise: 150050,
      created_on: new Date('2026-11-02T04:30:00Z'),
      modified_on: new Date('2026-11-05T18:45:10Z'),
    },
    {
      form_response_id: 9002,
      form_id: 221,
      job_id: 221,
      partner_user_id: 102,
      customer_name: 'Arjun Rao',
      customer_mobile: '9812399902',
      status: 0,
      archive_status: 1,
      payout_paise: 0,
      created_on: new Date('2026-10-01T10:00:00Z'),
      modified_on: new Date('2026-10-31T10:00:00Z'),
    },
  ]);
});
afterAll(async () => t.close());

async function upload(fileName: string, bytes: Buffer, remoteAddress = nextAddress()) {
  const signed = await t.app.inject({
    method: 'PUT',
    url: '/api/v2/bueno/file/s3/url/signed',
    payload: { file_name: fileName, passcode: PASSCODE },
    remoteAddress,
  });
  expect(signed.statusCode, signed.body).toBe(200);
  const { url, key, content_type } = signedUploadSchema.parse(body(signed).data);
  const put = await t.app.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': content_type } });
  return { key, put };
}

async function generate(key: string, passcode = PASSCODE, remoteAddress = nextAddress()) {
  return t.app.inject({ method: 'POST', url: '/api/v2/bueno/output/generate', payload: { key, passcode }, remoteAddress });
}

async function roundTrip(fileName: string, bytes: Buffer) {
  const { key, put } = await upload(fileName, bytes);
  expect(put.statusCode, put.body).toBe(200);
  return generate(key);
}

const csvLines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);

describe('generating', () => {
  it('answers the same CSV with each lead’s data appended, keeping the input’s cells as typed', async () => {
    const input = 'Lead ID,remarks,code\n9001,first,00123\n9002,"second, with comma",0042\n999999,missing,x\nabc,not an id,\n';
    const res = await roundTrip('My Leads.csv', Buffer.from(input));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('My_Leads_output.csv');
    const lines = csvLines(res.body);
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe(['Lead ID', 'remarks', 'code', ...OUTPUT_COLUMNS].join(','));
    expect(lines[1]).toBe(
      '9001,first,00123,Sahyog Platinum Credit Card,Asha Verma,PMW101,Neha Gupta,9812399901,Approved,Card issued,1500.50,2026-11-02 10:00:00,2026-11-06 00:15:10',
    );
    expect(lines[2]).toMatch(
      /^9002,"second, with comma",0042,Sahyog Zero Balance Savings Account,Ravi Kumar,PMW102,Arjun Rao,9812399902,Expired,,0\.00,/,
    );
    expect(lines[3]).toBe('999999,missing,x,,,,,,not found,,,,');
    expect(lines[4]).toBe('abc,not an id,,,,,,,not found,,,,');
  });

  it('answers an xlsx for an xlsx, one row per input row', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Leads');
    ws.addRow(['lead_id', 'city']);
    ws.addRow([9001, 'Pune']);
    ws.addRow(['9002', 'Delhi']);
    ws.addRow([123456, 'Nowhere']);
    const res = await roundTrip('report.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('report_output.xlsx');
    const out = new ExcelJS.Workbook();
    await out.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = out.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    const row = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(row(1)).toEqual(['lead_id', 'city', ...OUTPUT_COLUMNS]);
    expect(row(2).slice(0, 2)).toEqual([9001, 'Pune']);
    expect(row(2).slice(2)).toEqual([
      'Sahyog Platinum Credit Card',
      'Asha Verma',
      'PMW101',
      'Neha Gupta',
      '9812399901',
      'Approved',
      'Card issued',
      1500.5,
      '2026-11-02 10:00:00',
      '2026-11-06 00:15:10',
    ]);
    expect(row(3)[7]).toBe('Expired');
    expect(row(4)[7]).toBe('not found');
  });

  it('reads team members’ leads from the demo too', async () => {
    const res = await roundTrip('team.csv', Buffer.from('leadid\n7101\n'));
    expect(res.statusCode, res.body).toBe(200);
    expect(csvLines(res.body)[1]).toMatch(/^7101,[^,]+,[^,]+,PMW\d+,/);
  });
});

describe('bad files answer a clear error and no file', () => {
  const expectError = (res: Awaited<ReturnType<typeof generate>>, status: number, message: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toContain('application/json');
    expect(body(res)).toMatchObject({ status: false, message });
  };

  it('not a spreadsheet', async () => {
    const zipNotWorkbook = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    expectError(await roundTrip('broken.xlsx', zipNotWorkbook), 415, 'This file is not a readable .xlsx or .csv spreadsheet');
    const sign = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/bueno/file/s3/url/signed',
      payload: { file_name: 'leads.pdf', passcode: PASSCODE },
    });
    expect(sign.statusCode).toBe(400);
    expect(body(sign).message).toContain('Please choose a .xlsx or .csv file');
    const { key, put } = await upload('binary.csv', Buffer.from([0, 1, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    expect(put.statusCode).toBe(415);
    expectError(await generate(key), 404, 'The uploaded file was not found. Please upload it again');
  });

  it('no lead id column', async () => {
    expectError(
      await roundTrip('x.csv', Buffer.from('name,mobile\nA,9812300001\n')),
      400,
      'No lead id column found. The first row must have a column named lead_id',
    );
  });

  it('empty', async () => {
    expectError(await roundTrip('header-only.csv', Buffer.from('lead_id,remarks\n\n,\n')), 400, 'The file has no rows under its header');
    expectError(await roundTrip('nothing.csv', Buffer.alloc(0)), 400, 'The file has no rows under its header');
  });

  it('over 10 MB', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x31);
    const { key, put } = await upload('big.csv', big);
    expect(put.statusCode).toBe(413);
    expectError(await generate(key), 404, 'The uploaded file was not found. Please upload it again');
    // Bytes that reached storage some other way are refused all the same.
    await t.services.providers.storage.write(key, Readable.from(big), 'text/csv');
    expectError(await generate(key), 413, 'The file is larger than 10 MB');
  });

  it('more than 200,000 rows', async () => {
    const rows = Buffer.from(`lead_id\n${'1\n'.repeat(200_001)}`);
    expectError(await roundTrip('many.csv', rows), 413, 'The file has more than 200,000 rows');
  }, 60_000);

  it('a key that is not a data download upload', async () => {
    expectError(await generate('user_profile/worker-101/x.csv'), 404, 'The uploaded file was not found. Please upload it again');
  });

  it('in Hindi to a reader who chose Hindi', async () => {
    const inHindi = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/bueno/output/generate',
        payload: { key, passcode: PASSCODE },
        headers: { cookie: 'pmw_lang=hi' },
        remoteAddress: nextAddress(),
      });
    const { key, put } = await upload('x.csv', Buffer.from('name,mobile\nA,9812300001\n'));
    expect(put.statusCode, put.body).toBe(200);
    expectError(await inHindi(key), 400, 'लीड id का कॉलम नहीं मिला। पहली पंक्ति में lead_id नाम का कॉलम होना चाहिए');
    expectError(await inHindi('user_profile/worker-101/x.csv'), 404, 'अपलोड की गई फ़ाइल नहीं मिली। कृपया फिर से अपलोड करें');
    const empty = await upload('nothing.csv', Buffer.alloc(0));
    expectError(await inHindi(empty.key), 400, 'फ़ाइल में हेडर के नीचे कोई पंक्ति नहीं है');
  });
});

describe('the passcode', () => {
  it('is required on both calls', async () => {
    const sign = await t.app.inject({ method: 'PUT', url: '/api/v2/bueno/file/s3/url/signed', payload: { file_name: 'a.csv' } });
    expect(sign.statusCode).toBe(400);
    expect(body(sign).message).toBe('Passcode is required');
    const gen = await t.app.inject({ method: 'POST', url: '/api/v2/bueno/output/generate', payload: { key: 'x', passcode: '' } });
    expect(body(gen).message).toBe('Passcode is required');
  });

  it('a wrong one says so; five wrong tries lock the address, not others', async () => {
    const { key } = await upload('ok.csv', Buffer.from('lead_id\n9001\n'));
    const attacker = '10.9.9.9';
    for (let i = 0; i < 5; i++) {
      const res = await generate(key, 'guess-' + i, attacker);
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toBe('Wrong passcode');
    }
    const locked = await generate(key, PASSCODE, attacker);
    expect(locked.statusCode).toBe(429);
    expect(body(locked).message).toBe('Too many wrong passcodes. Please try again in 15 minutes');
    const signLocked = await t.app.inject({
      method: 'PUT',
      url: '/api/v2/bueno/file/s3/url/signed',
      payload: { file_name: 'a.csv', passcode: PASSCODE },
      remoteAddress: attacker,
    });
    expect(signLocked.statusCode).toBe(429);
    expect((await generate(key, PASSCODE, '10.8.8.8')).statusCode).toBe(200);
  });
});
