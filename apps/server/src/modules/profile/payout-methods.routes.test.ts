import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bankSchema } from '@pmw/contract/partner-profile';
import { opsBankSchema, payoutRunDetailSchema } from '@pmw/contract/ops';
import { financialYearOf, tdsQuarterOf } from '@pmw/contract/tds';
import { mobileLocales, notifications, payoutRunItems, users, walletTransactions } from '../../db/schema/index';
import { signWebhook } from '../../providers/payouts';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { walletOf } from '../ops/ops-fixtures.test-helper';
import { say } from '@pmw/contract/texts/said';

/** Partners made here: Leela and Arjun with a PAN, Nisha without one. */
const LEELA = 4401;
const ARJUN = 4402;
const NISHA = 4403;

async function partner(t: TestApp, id: number, first: string, last: string | null, pan: string | null) {
  await t.database.db.insert(users).values({ user_id: id, mobile: `98766${id}0`, first_name: first, last_name: last });
  if (pan) await t.services.documents.add({ kind: 'worker', id }, { user_id: id, type: 'PAN', number: pan });
  return loginWorker(t, `98766${id}0`);
}

const credit = (t: TestApp, userId: number, paise: number, key: string) =>
  t.services.wallet.post({
    user_id: userId,
    type: 1,
    amount_paise: paise,
    reason: say('wallet.leadApproved'),
    idempotency_key: key,
    affects_earnings: true,
  });

describe('UPI IDs and bank accounts checked by name through the payout provider', () => {
  let t: TestApp;
  let admin: string;
  const cookie: Record<number, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ PAYOUT_SIMULATED_SETTLE_SECONDS: '0' });
    admin = await loginOps(t);
    cookie[LEELA] = await partner(t, LEELA, 'Leela', 'Rao', 'ABCPL4401K');
    cookie[ARJUN] = await partner(t, ARJUN, 'Arjun', null, 'ABCPA4402K');
    cookie[NISHA] = await partner(t, NISHA, 'Nisha', null, null);
  });
  afterAll(async () => t.close());

  const as = (who: number, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v2${url}`, headers: { cookie: cookie[who]! }, ...(payload ? { payload } : {}) });
  const ops = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v2${url}`, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
  const addUpi = (who: number, upi_id: string) => as(who, 'POST', '/partner/profile/upi/add', { upi_id });

  it('verifies a UPI ID whose name at the bank is the PAN name, without ops, and makes it the default', async () => {
    const res = await addUpi(LEELA, '  Leela.Rao@OkAxis ');
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('UPI ID added');
    const upi = bankSchema.parse(body(res).data);
    expect(upi).toMatchObject({
      method: 'UPI',
      bank_name: 'UPI',
      ifsc_code: '',
      upi_id: 'le*******@okaxis',
      account_no: 'le*******@okaxis',
      status: 1,
      is_default: true,
      name_check: 'MATCHED',
      name_at_bank: 'LEELA RAO',
    });
    // Listed with the banks; the ID itself never leaves in clear.
    const list = body<unknown[]>(await as(LEELA, 'GET', '/partner/profile/bank/fetch')).data.map((b) => bankSchema.parse(b));
    expect(list.map((b) => b.method)).toEqual(['UPI']);
    expect(JSON.stringify(list)).not.toContain('leela.rao');
  });

  it('refuses a UPI ID that is not handle@bank, a NUL, and the same ID twice', async () => {
    for (const bad of ['leela', 'leela@', '@okaxis', 'le ela@okaxis', 'leela@ok-axis', 'leela@okaxis\u0000']) {
      const res = await addUpi(LEELA, bad);
      expect(res.statusCode, bad).toBe(400);
    }
    expect(body(await addUpi(LEELA, 'leela')).message).toBe('Invalid UPI ID, it should look like name@bank');
    const again = await addUpi(LEELA, 'leela.rao@okaxis');
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('This UPI ID is already added');
  });

  it('sends a different name to ops with both names, and ops decide', async () => {
    const res = bankSchema.parse(body(await addUpi(ARJUN, 'other.arjun@ybl')).data);
    expect(res).toMatchObject({ status: 0, is_default: false, name_check: 'MISMATCH', name_at_bank: 'PRAKASH SINGH' });
    // A bank account by penny-drop: the same rule (accounts ending 9999 are held by someone else in the simulation).
    const bank = bankSchema.parse(
      body(
        await as(ARJUN, 'POST', '/partner/profile/bank/add', {
          ifsc_code: 'HDFC0000001',
          account_no: '501004409999',
          account_no_confirm: '501004409999',
        }),
      ).data,
    );
    expect(bank).toMatchObject({ method: 'BANK', status: 0, name_check: 'MISMATCH', name_at_bank: 'PRAKASH SINGH' });
    const queue = body<{ rows: unknown[] }>(await ops('GET', '/ops/banks?page=1&limit=50')).data.rows.map((r) => opsBankSchema.parse(r));
    const mine = queue.filter((r) => r.user_id === ARJUN);
    expect(mine.map((r) => [r.method, r.pan_name, r.name_at_bank, r.name_check])).toEqual([
      ['UPI', 'Arjun', 'PRAKASH SINGH', 'MISMATCH'],
      ['BANK', 'Arjun', 'PRAKASH SINGH', 'MISMATCH'],
    ]);
    const verified = await ops('POST', `/ops/banks/${res.bank_detail_id}/status`, { status: 1 });
    expect(opsBankSchema.parse(body(verified).data)).toMatchObject({ status: 1, is_default: true, pan_name: 'Arjun' });
  });

  it('leaves a method of a partner without a PAN for ops: there is no PAN name to compare', async () => {
    const upi = bankSchema.parse(body(await addUpi(NISHA, 'nisha@okicici')).data);
    expect(upi).toMatchObject({ status: 0, name_check: 'MISMATCH', name_at_bank: 'PMW4403' });
    await ops('POST', `/ops/banks/${upi.bank_detail_id}/status`, { status: 1 });
  });

  it("rejects an account the bank says does not exist with a reason of ours, which a Hindi reader's list and text say in Hindi", async () => {
    const KAVYA = 4404;
    const kavya = await partner(t, KAVYA, 'Kavya', null, 'ABCPK4404K');
    cookie[KAVYA] = kavya;
    await t.database.db.insert(mobileLocales).values({ mobile: `98766${KAVYA}0`, locale: 'hi' });
    const provider = t.services.providers.payouts;
    const realValidate = provider.validate;
    provider.validate = async () => ({ outcome: 'invalid', registered_name: null });
    try {
      expect(bankSchema.parse(body(await addUpi(KAVYA, 'kavya@okaxis')).data)).toMatchObject({ status: 2, name_check: 'INVALID' });
    } finally {
      provider.validate = realValidate;
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v2/partner/profile/bank/fetch',
      headers: { cookie: `${kavya}; pmw_lang=hi` },
    });
    // The English for ops and the spec's field, and beside it the code the page says in the reader's language.
    expect(body<unknown[]>(list).data.map((b) => bankSchema.parse(b))).toEqual([
      expect.objectContaining({
        status: 2,
        reject_reason: 'The bank says this account or UPI ID does not exist',
        reject_reason_code: 'profile.methodInvalid',
        reject_reason_vars: {},
      }),
    ]);
    const told = await t.database.db
      .select({ text: notifications.text })
      .from(notifications)
      .where(and(eq(notifications.user_id, KAVYA), eq(notifications.kind, 'bank_rejected')));
    expect(told.map((n) => n.text)).toEqual([
      expect.stringContaining('अस्वीकार हुआ: बैंक के अनुसार यह अकाउंट या UPI ID मौजूद नहीं है। प्रोफ़ाइल में फिर से जोड़ें।'),
    ]);
  });

  it('counts UPI IDs and banks together toward the three methods, one add at a time', async () => {
    const results = await Promise.all(['leela1@okaxis', 'leela2@okaxis', 'leela3@okaxis', 'leela4@okaxis'].map((id) => addUpi(LEELA, id)));
    // Leela has one already: two more fit, the rest are refused with the limit.
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409).map((r) => body(r).message)).toEqual([
      'You can add at most 3 bank accounts',
      'You can add at most 3 bank accounts',
    ]);
  });

  it('pays a UPI default through the provider with mode UPI, holds it from a bank-file run, and returns a failed one', async () => {
    await credit(t, LEELA, 150_000, 'upi:leela');
    const fileRun = payoutRunDetailSchema.parse(
      body(await ops('POST', '/ops/payouts/runs', { request_key: 'upi-file-0001', mode: 'bank_file', user_ids: [LEELA] })).data,
    );
    expect(fileRun.items[0]).toMatchObject({ state: 'HELD', reason: expect.stringContaining('UPI ID') });
    expect((await walletOf(t, LEELA)).balance).toBe(150_000);

    const run = payoutRunDetailSchema.parse(
      body(await ops('POST', '/ops/payouts/runs', { request_key: 'upi-run-0001', mode: 'provider', user_ids: [LEELA] })).data,
    );
    expect(run.items[0]).toMatchObject({ state: 'PAID', net_paise: 150_000, utr: expect.stringMatching(/^SIMU/) });
    const [item] = await t.database.db
      .select()
      .from(payoutRunItems)
      .where(and(eq(payoutRunItems.payout_run_id, run.payout_run_id), eq(payoutRunItems.user_id, LEELA)));
    expect(item!.method).toBe('UPI');

    // Arjun's default is other.arjun@ybl; a UPI ID starting with "fail" is returned by the simulated bank.
    const failing = bankSchema.parse(body(await addUpi(ARJUN, 'fail.arjun@ybl')).data);
    await ops('POST', `/ops/banks/${failing.bank_detail_id}/status`, { status: 1 });
    await as(ARJUN, 'POST', '/partner/profile/bank/set/default', { bank_detail_id: failing.bank_detail_id });
    await credit(t, ARJUN, 60_000, 'upi:arjun');
    const failed = payoutRunDetailSchema.parse(
      body(await ops('POST', '/ops/payouts/runs', { request_key: 'upi-run-0002', mode: 'provider', user_ids: [ARJUN] })).data,
    );
    expect(failed.items[0]).toMatchObject({ state: 'FAILED', failure_reason: expect.any(String) });
    expect((await walletOf(t, ARJUN)).balance).toBe(60_000);
    expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
  });

  it('pays a partner without a PAN at the higher rate (20%) instead of holding them', async () => {
    await credit(t, NISHA, 2_500_000, 'nopan:nisha');
    const run = payoutRunDetailSchema.parse(
      body(await ops('POST', '/ops/payouts/runs', { request_key: 'nopan-run-0001', mode: 'provider', user_ids: [NISHA] })).data,
    );
    expect(run.items[0]).toMatchObject({ state: 'PAID', gross_paise: 2_500_000, tds_paise: 500_000, net_paise: 2_000_000 });
  });

  it('gives ops the quarterly TDS report with full PANs, and the partner a statement CSV', async () => {
    // A name that a spreadsheet would run as a formula.
    await t.database.db.update(users).set({ first_name: '=HYPERLINK("x")' }).where(eq(users.user_id, ARJUN));
    const fy = financialYearOf(new Date());
    const q = tdsQuarterOf(new Date());
    const res = await ops('GET', `/ops/payouts/tds-report?fy=${fy}&quarter=${q}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`pmw-tds-194h-${fy}-q${q}.csv`);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Financial Year,Quarter,Partner ID,Name,PAN,Section,Payouts,Amount Paid (Rs),TDS (Rs),Net Paid (Rs),Higher Rate (No PAN)',
    );
    expect(lines).toContain(`${fy},Q${q},PMW4401,Leela Rao,ABCPL4401K,194H,1,1500.00,0.00,1500.00,No`);
    expect(lines).toContain(`${fy},Q${q},PMW4403,Nisha,,194H,1,25000.00,5000.00,20000.00,Yes`);
    // Arjun's only transfer failed: its TDS went back, so he is not in the return.
    expect(lines.some((l) => l.includes('PMW4402'))).toBe(false);
    const other = q === 4 ? 1 : q + 1;
    expect((await ops('GET', `/ops/payouts/tds-report?fy=${fy}&quarter=${other}`)).body.trim().split('\r\n')).toHaveLength(1);
    expect((await ops('GET', '/ops/payouts/tds-report?fy=2026-28')).statusCode).toBe(400);
    // Partners never reach it.
    expect([401, 403]).toContain((await as(LEELA, 'GET', `/ops/payouts/tds-report?fy=${fy}`)).statusCode);

    const st = await as(LEELA, 'GET', `/partner/payouts/statement/csv?fy=${fy}`);
    expect(st.statusCode).toBe(200);
    const rows = st.body.trim().split('\r\n');
    expect(rows[0]).toBe('Date,Payout Run,Reference,State,Gross (Rs),TDS (Rs),Net (Rs),UTR,Reason');
    expect(rows[1]).toMatch(/^\d{4}-\d{2}-\d{2},\d+,PMWRUN\d+-4401,PAID,1500.00,0.00,1500.00,SIMU/);
    expect(rows.at(-1)).toBe(`Total ${fy} (not failed),,,,1500.00,0.00,1500.00,,`);
  });
});

describe('a UPI payout racing its own failure webhooks and the next run (randomised)', () => {
  let t: TestApp;
  let admin: string;
  let secret: string;
  beforeAll(async () => {
    t = await createTestApp({ PAYOUT_SIMULATED_SETTLE_SECONDS: '3600' });
    admin = await loginOps(t);
    secret = t.services.config.payout.webhookSecret;
    await partner(t, LEELA, 'Leela', 'Rao', 'ABCPL4401K');
    await t.services.banks.addUpi(LEELA, 'leela@okaxis');
  });
  afterAll(async () => t.close());
  const run = (key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/ops/payouts/runs',
      headers: { cookie: admin },
      payload: { request_key: key, mode: 'provider', user_ids: [LEELA] },
    });
  const webhook = (id: string) => {
    const raw = JSON.stringify({
      event: 'payout.reversed',
      payload: { payout: { entity: { id, status: 'reversed', failure_reason: 'VPA closed' } } },
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/v2/payouts/webhook/simulated',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signWebhook(raw, secret) },
      payload: raw,
    });
  };

  it('returns each failed UPI transfer once and never pays money twice', async () => {
    let seed = Number(process.env.PAYOUT_RACE_SEED ?? 11);
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 4; round++) {
      await credit(t, LEELA, 20_000 * (1 + rand(10)), `upi-race:${round}`);
      const first = payoutRunDetailSchema.parse(body(await run(`upi-race-${round}-a`)).data);
      const [item] = await t.database.db
        .select()
        .from(payoutRunItems)
        .where(and(eq(payoutRunItems.payout_run_id, first.payout_run_id), eq(payoutRunItems.user_id, LEELA)));
      await credit(t, LEELA, 10_000 * (1 + rand(10)), `upi-race:${round}:more`);
      const work: Promise<unknown>[] = [];
      for (let k = 0; k < 1 + rand(4); k++) work.push(webhook(item!.provider_payout_id!));
      work.splice(rand(work.length + 1), 0, run(`upi-race-${round}-b`));
      await Promise.all(work);
      const returned = await t.database.db
        .select()
        .from(walletTransactions)
        .where(and(eq(walletTransactions.ref_id, String(first.payout_run_id)), eq(walletTransactions.reason, 'Payout returned')));
      expect(returned).toHaveLength(1);
      expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
      expect(await t.services.ops.payouts.grossMismatches()).toEqual([]);
    }
  });
});
