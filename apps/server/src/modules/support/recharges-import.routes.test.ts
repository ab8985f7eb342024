import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rechargeImportResultSchema } from '@pmw/contract/recharges';
import { istDateString } from '@pmw/contract/time';
import { eq } from 'drizzle-orm';
import { servicePurchases, users } from '../../db/schema/index';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { loginSupportAgent } from '../ops/ops-fixtures.test-helper';

let t: TestApp;
let admin: string;
const MOBILE = '9876504311';

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginOps(t);
  await t.database.db.insert(users).values({ user_id: 4311, mobile: MOBILE, first_name: 'Kavya' });
});
afterAll(async () => t.close());

const importCsv = (csv: string, cookie = admin) =>
  t.app.inject({ method: 'POST', url: '/api/v2/ops/recharges/import', headers: { cookie }, payload: { csv } });

describe('recharges import', () => {
  it('adds the good rows, reports each refused row with its reason, and the worker sees them in Select Recharge', async () => {
    const tomorrow = istDateString(Date.now() + 86_400_000);
    const csv = [
      'mobile,account_number,amount,date',
      `+91 ${MOBILE},9876504311,99.5,2026-01-15`,
      `${MOBILE},DTH-22001,"1,299",2026-01-16`,
      `${MOBILE},9876504311,12.345,2026-01-15`,
      `${MOBILE},9876504311,-5,2026-01-15`,
      `${MOBILE},9876504311,abc,2026-01-15`,
      `${MOBILE},9876504311,0,2026-01-15`,
      `${MOBILE},9876504311,10,2026-02-30`,
      `${MOBILE},9876504311,10,${tomorrow}`,
      '9999999991,9999999991,10,2026-01-15',
      `${MOBILE},9876504311,99.50,2026-01-15`,
      '12345,1,10,2026-01-15',
      `${MOBILE},,10,2026-01-15`,
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(200);
    const result = rechargeImportResultSchema.parse(body(res).data);
    expect(result.added).toBe(2);
    expect(result.refused.map((r) => [r.row, r.reason])).toEqual([
      [4, 'Amount must be rupees above 0 with at most 2 decimals (like 99.50)'],
      [5, 'Amount must be rupees above 0 with at most 2 decimals (like 99.50)'],
      [6, 'Amount must be rupees above 0 with at most 2 decimals (like 99.50)'],
      [7, 'Amount must be rupees above 0 with at most 2 decimals (like 99.50)'],
      [8, 'Date must be a real date written YYYY-MM-DD'],
      [9, 'Date is in the future'],
      [10, 'No user has this mobile'],
      [11, 'Same as row 2'],
      [12, 'Mobile is not a valid 10-digit mobile'],
      [13, 'Account number is empty or longer than 40 characters'],
    ]);

    const worker = await loginWorker(t, MOBILE);
    const seen = body<{ account_number: string; amount: number; created_on: string }[]>(
      await t.app.inject({ method: 'GET', url: '/api/v2/support/user/recharge/fetch', headers: { cookie: worker } }),
    ).data;
    expect(seen.map((r) => [r.account_number, r.amount, istDateString(r.created_on)])).toEqual([
      ['DTH-22001', 129_900, '2026-01-16'],
      ['9876504311', 9_950, '2026-01-15'],
    ]);

    // The same file again adds nothing: every row already in is reported.
    const again = rechargeImportResultSchema.parse(body(await importCsv(csv)).data);
    expect(again.added).toBe(0);
    expect(again.refused.filter((r) => r.reason === 'Already imported').map((r) => r.row)).toEqual([2, 3]);

    const audit = body<{ rows: { action: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/v2/ops/audit?entity_type=service_purchase', headers: { cookie: admin } }),
    ).data.rows;
    expect(audit.map((a) => a.action)).toEqual(['recharges.import', 'recharges.import']);
  });

  it('two imports of the same file at once add its rows once', async () => {
    const csv = `mobile,account_number,amount,date\n${MOBILE},CONC-1,10,2026-01-20\n${MOBILE},CONC-2,20,2026-01-20`;
    const results = (await Promise.all([importCsv(csv), importCsv(csv), importCsv(csv)])).map((r) =>
      rechargeImportResultSchema.parse(body(r).data),
    );
    expect(results.reduce((n, r) => n + r.added, 0)).toBe(2);
    const stored = await t.database.db.select().from(servicePurchases).where(eq(servicePurchases.user_id, 4311));
    expect(stored.filter((r) => r.account_number.startsWith('CONC-'))).toHaveLength(2);
  });

  it('refuses a file without the header, and an empty body', async () => {
    const res = await importCsv(`${MOBILE},1,10,2026-01-15`);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('The first line must name the columns mobile,account_number,amount,date');
    expect((await importCsv('')).statusCode).toBe(400);
  });

  it('refuses support agents and workers', async () => {
    const csv = `mobile,account_number,amount,date\n${MOBILE},1,10,2026-01-15`;
    expect((await importCsv(csv, await loginSupportAgent(t))).statusCode).toBe(403);
    expect((await importCsv(csv, await loginWorker(t, MOBILE))).statusCode).toBe(401);
  });
});
