import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { rupees } from '@pmw/contract/notifications';
import { bankResponseResultSchema, payoutRunDetailSchema } from '@pmw/contract/ops';
import { payoutStatementSchema } from '@pmw/contract/partner';
import { financialYearOf } from '@pmw/contract/tds';
import { mobileLocales, notifications, payoutRunItems, users, walletTransactions } from '../../db/schema/index';
import { signWebhook } from '../../providers/payouts';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { walletOf } from './ops-fixtures.test-helper';
import { say } from '@pmw/contract/texts/said';

/** Partners with a PAN and a verified bank; FAILS' account ends in 0000, which the simulated bank returns. */
const OK = 4301;
const FAILS = 4302;
const BIG = 4303;
const SMALL = 4304;

async function partners(t: TestApp) {
  const db = t.database.db;
  const people = [
    [OK, 'Leela', '501001234301'],
    [FAILS, 'Arjun', '501001230000'],
    [BIG, 'Farah', '501001234303'],
    [SMALL, 'Tara', '501001234304'],
  ] as const;
  for (const [id, name, account] of people) {
    await db.insert(users).values({ user_id: id, mobile: `98765${id}0`, first_name: name });
    await t.services.documents.add(
      { kind: 'worker', id },
      { user_id: id, type: 'PAN', number: `ABCP${String.fromCharCode(65 + (id % 26))}${id}K` },
    );
    const bank = await t.services.banks.add(id, { ifsc_code: 'HDFC0000001', account_no: account });
    await t.services.banks.setStatus(bank.bank_detail_id, 1);
  }
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
const ledgerKeys = async (t: TestApp, userId: number) =>
  (await t.database.db.select().from(walletTransactions).where(eq(walletTransactions.user_id, userId))).map(
    (r) => `${r.type === 1 ? '+' : '-'}${r.amount_paise} ${r.reason}`,
  );

describe('payouts through the provider, settled at once', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ PAYOUT_SIMULATED_SETTLE_SECONDS: '0' });
    admin = await loginOps(t);
    await partners(t);
  });
  afterAll(async () => t.close());
  const post = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { cookie: admin }, ...(payload ? { payload } : {}) });

  it('pays with a UTR, and a returned transfer goes back to the wallet once with its reason', async () => {
    await credit(t, OK, 150_000, 'life:ok');
    await credit(t, FAILS, 90_000, 'life:fails');
    const run = payoutRunDetailSchema.parse(
      body(await post('/ops/payouts/runs', { request_key: 'life-run-0001', mode: 'provider', user_ids: [OK, FAILS] })).data,
    );
    expect(run.mode).toBe('provider');
    const ok = run.items.find((i) => i.user_id === OK)!;
    expect(ok).toMatchObject({ state: 'PAID', gross_paise: 150_000, tds_paise: 0, net_paise: 150_000, failure_reason: null });
    expect(ok.utr).toMatch(/^SIMU/);
    expect(run.items.find((i) => i.user_id === FAILS)).toMatchObject({
      state: 'FAILED',
      utr: null,
      failure_reason: expect.stringContaining('closed or invalid'),
    });
    expect((await walletOf(t, OK)).balance).toBe(0);
    expect((await walletOf(t, FAILS)).balance).toBe(90_000);
    expect(await ledgerKeys(t, FAILS)).toEqual(['+90000 Lead approved', '-90000 Payout to bank', '+90000 Payout returned']);
    // Polling again changes nothing.
    const again = payoutRunDetailSchema.parse(body(await post(`/ops/payouts/runs/${run.payout_run_id}/poll`)).data);
    expect(again.items.map((i) => i.state)).toEqual(['PAID', 'FAILED']);
    expect(await ledgerKeys(t, FAILS)).toHaveLength(3);
    expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
    expect(await t.services.ops.payouts.grossMismatches()).toEqual([]);
  });

  it('holds TDS under section 194H as its own entry once the year passes ₹20,000, and the partner sees it in the statement', async () => {
    await credit(t, BIG, 1_500_000, 'life:big:1');
    const first = payoutRunDetailSchema.parse(
      body(await post('/ops/payouts/runs', { request_key: 'life-run-tds1', mode: 'provider', user_ids: [BIG] })).data,
    );
    expect(first.items[0]).toMatchObject({ gross_paise: 1_500_000, tds_paise: 0, net_paise: 1_500_000, state: 'PAID' });
    await credit(t, BIG, 1_000_000, 'life:big:2');
    const second = payoutRunDetailSchema.parse(
      body(await post('/ops/payouts/runs', { request_key: 'life-run-tds2', mode: 'provider', user_ids: [BIG] })).data,
    );
    // ₹25,000 this year: 2% of all of it, ₹500, on the payout that crossed.
    expect(second.items[0]).toMatchObject({ gross_paise: 1_000_000, tds_paise: 50_000, net_paise: 950_000, state: 'PAID' });
    expect(await ledgerKeys(t, BIG)).toContain('-50000 TDS u/s 194H');
    expect((await walletOf(t, BIG)).balance).toBe(0);

    const partner = await loginWorker(t, `98765${BIG}0`);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/partner/payouts/statement?fy=${financialYearOf(new Date())}`,
      headers: { cookie: partner },
    });
    const statement = payoutStatementSchema.parse(body(res).data);
    expect(statement).toMatchObject({ gross_paise: 2_500_000, tds_paise: 50_000, net_paise: 2_450_000 });
    expect(statement.payouts.map((p) => [p.state, p.tds_paise])).toEqual([
      ['PAID', 50_000],
      ['PAID', 0],
    ]);
    expect(statement.payouts[0]!.utr).toMatch(/^SIMU/);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2/partner/payouts/statement?fy=2026-99', headers: { cookie: partner } })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/partner/payouts/statement' })).statusCode).toBe(401);
    // Another year has nothing.
    expect(
      body<{ payouts: unknown[] }>(
        await t.app.inject({ method: 'GET', url: '/api/v2/partner/payouts/statement?fy=2020-21', headers: { cookie: partner } }),
      ).data.payouts,
    ).toEqual([]);
  });

  it('holds a balance below the minimum payout with the reason', async () => {
    await credit(t, SMALL, 9_999, 'life:small');
    const run = payoutRunDetailSchema.parse(
      body(await post('/ops/payouts/runs', { request_key: 'life-run-min1', user_ids: [SMALL] })).data,
    );
    expect(run.items[0]).toMatchObject({
      state: 'HELD',
      reason: 'Below the minimum payout of ₹100.00',
      reason_code: 'ops.holdBelowMinimum',
      reason_vars: { rupees: '100.00' },
    });
    expect((await walletOf(t, SMALL)).balance).toBe(9_999);
  });
});

describe('provider webhooks and the bank response file', () => {
  let t: TestApp;
  let admin: string;
  let secret: string;
  beforeAll(async () => {
    // Transfers stay processing until a webhook says otherwise.
    t = await createTestApp({ PAYOUT_SIMULATED_SETTLE_SECONDS: '3600', PAYOUT_HOLD_DAYS: '0' });
    admin = await loginOps(t);
    secret = t.services.config.payout.webhookSecret;
    await partners(t);
  });
  afterAll(async () => t.close());
  const post = (url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
  const webhook = (event: string, entity: object, signature?: string) => {
    const raw = JSON.stringify({ entity: 'event', event, payload: { payout: { entity } } });
    return t.app.inject({
      method: 'POST',
      url: '/api/v2/payouts/webhook/simulated',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature ?? signWebhook(raw, secret) },
      payload: raw,
    });
  };
  const providerId = async (runId: number, userId: number) =>
    (
      await t.database.db
        .select()
        .from(payoutRunItems)
        .where(and(eq(payoutRunItems.payout_run_id, runId), eq(payoutRunItems.user_id, userId)))
    )[0]!.provider_payout_id!;

  it('applies a webhook once however often it comes, refuses a forged one, and puts a reversed transfer back once', async () => {
    await credit(t, OK, 200_000, 'hook:ok');
    await credit(t, FAILS, 80_000, 'hook:fails');
    const run = payoutRunDetailSchema.parse(
      body(await post('/ops/payouts/runs', { request_key: 'hook-run-0001', mode: 'provider', user_ids: [OK, FAILS] })).data,
    );
    expect(run.items.map((i) => i.state)).toEqual(['PROCESSING', 'PROCESSING']);
    const okId = await providerId(run.payout_run_id, OK);
    const failId = await providerId(run.payout_run_id, FAILS);

    const forged = await webhook('payout.processed', { id: okId, status: 'processed', utr: 'FORGED1' }, 'a'.repeat(64));
    expect(forged.statusCode).toBe(401);
    expect((await webhook('payout.processed', { id: okId, status: 'processed', utr: 'FORGED1' }, '')).statusCode).toBe(401);

    const processed = { id: okId, status: 'processed', utr: 'HDFCN52026112700123', reference_id: `PMWRUN${run.payout_run_id}-${OK}` };
    expect(body(await webhook('payout.processed', processed)).data).toEqual({ applied: true });
    expect(body(await webhook('payout.processed', processed)).data).toEqual({ applied: false });

    const failed = { id: failId, status: 'reversed', failure_reason: 'Beneficiary bank offline' };
    const [a, b] = await Promise.all([webhook('payout.reversed', failed), webhook('payout.reversed', failed)]);
    expect([body<{ applied: boolean }>(a).data.applied, body<{ applied: boolean }>(b).data.applied].sort()).toEqual([false, true]);

    const after = payoutRunDetailSchema.parse(
      body(await t.app.inject({ method: 'GET', url: `/api/v2/ops/payouts/runs/${run.payout_run_id}`, headers: { cookie: admin } })).data,
    );
    expect(after.items.find((i) => i.user_id === OK)).toMatchObject({ state: 'PAID', utr: 'HDFCN52026112700123' });
    expect(after.items.find((i) => i.user_id === FAILS)).toMatchObject({ state: 'FAILED', failure_reason: 'Beneficiary bank offline' });
    expect((await walletOf(t, FAILS)).balance).toBe(80_000);
    expect(await ledgerKeys(t, FAILS)).toEqual(['+80000 Lead approved', '-80000 Payout to bank', '+80000 Payout returned']);
    // A webhook about a payout we never made, and one for the other provider, change nothing.
    expect(body(await webhook('payout.processed', { id: 'pout_unknown', status: 'processed' })).data).toEqual({ applied: false });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/payouts/webhook/http',
          headers: { 'content-type': 'application/json' },
          payload: '{"event":"payout.processed"}',
        })
      ).statusCode,
    ).toBe(404);
    expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
  });

  it('marks a NEFT run from the bank response file: paid, failed, unknown and repeated rows', async () => {
    await credit(t, OK, 120_000, 'file:ok');
    await credit(t, FAILS, 60_000, 'file:fails');
    const owed = (await walletOf(t, FAILS)).balance;
    const run = payoutRunDetailSchema.parse(
      body(await post('/ops/payouts/runs', { request_key: 'file-run-0001', user_ids: [OK, FAILS] })).data,
    );
    expect(run).toMatchObject({ mode: 'bank_file' });
    expect(run.items.map((i) => i.state)).toEqual(['PROCESSING', 'PROCESSING']);
    const ref = (u: number) => `PMWRUN${run.payout_run_id}-${u}`;
    const csv = [
      'Customer Reference Number,UTR,Status,Reason',
      `${ref(OK)},UTIBN62026112800456,Paid,`,
      `${ref(FAILS)},,Failed,Account closed`,
      `PMWRUN1-999,UTR999,Paid,`,
      `${ref(OK)},UTIBN62026112800456,Paid,`,
      `${ref(OK)},,Done,`,
    ].join('\n');
    const result = bankResponseResultSchema.parse(body(await post(`/ops/payouts/runs/${run.payout_run_id}/response`, { csv })).data);
    expect(result).toEqual({
      paid: 1,
      failed: 1,
      unknown: [{ line: 4, reference: 'PMWRUN1-999' }],
      repeated: [{ line: 5, reference: ref(OK) }],
      invalid: [{ line: 6, message: 'Status must be Paid or Failed' }],
    });
    // The same file again applies nothing.
    const again = bankResponseResultSchema.parse(body(await post(`/ops/payouts/runs/${run.payout_run_id}/response`, { csv })).data);
    expect(again).toMatchObject({ paid: 0, failed: 0 });
    expect(again.repeated.map((r) => r.line)).toEqual([2, 3, 5]);

    const detail = payoutRunDetailSchema.parse(
      body(await t.app.inject({ method: 'GET', url: `/api/v2/ops/payouts/runs/${run.payout_run_id}`, headers: { cookie: admin } })).data,
    );
    expect(detail.items.find((i) => i.user_id === OK)).toMatchObject({ state: 'PAID', utr: 'UTIBN62026112800456' });
    expect(detail.items.find((i) => i.user_id === FAILS)).toMatchObject({ state: 'FAILED', failure_reason: 'Account closed' });
    expect((await walletOf(t, FAILS)).balance).toBe(owed);
    expect((await post(`/ops/payouts/runs/${run.payout_run_id}/response`, { csv: 'a,b\n1,2' })).statusCode).toBe(400);
    expect((await post(`/ops/payouts/runs/99999999/response`, { csv })).statusCode).toBe(404);
    const partner = await loginWorker(t, `98765${OK}0`);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v2/ops/payouts/runs/${run.payout_run_id}/response`,
          headers: { cookie: partner },
          payload: { csv },
        })
      ).statusCode,
    ).toBe(401);
    expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
  });

  // Four rounds of races, each checked row by row: longer than the default limit on a busy machine.
  it('never pays or re-credits twice when failure webhooks arrive while ops start the next runs (randomised)', async () => {
    let seed = Number(process.env.PAYOUT_RACE_SEED ?? 7);
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 4; round++) {
      for (const id of [OK, FAILS, BIG]) await credit(t, id, 10_000 * (1 + rand(20)), `race:${round}:${id}`);
      const run = payoutRunDetailSchema.parse(
        body(await post('/ops/payouts/runs', { request_key: `race-run-${round}-a`, mode: 'provider', user_ids: [OK, FAILS, BIG] })).data,
      );
      const sent = run.items.filter((i) => i.state === 'PROCESSING');
      for (const id of [OK, FAILS, BIG]) await credit(t, id, 10_000 * (1 + rand(20)), `race:${round}:${id}:more`);
      const hooks = await Promise.all(sent.map(async (i) => ({ i, id: await providerId(run.payout_run_id, i.user_id) })));
      const work: Promise<unknown>[] = [];
      for (const { id } of hooks) {
        const n = 1 + rand(3);
        for (let k = 0; k < n; k++) work.push(webhook('payout.failed', { id, status: 'failed', failure_reason: 'Race test' }));
      }
      work.splice(
        rand(work.length + 1),
        0,
        post('/ops/payouts/runs', { request_key: `race-run-${round}-b`, mode: 'provider', user_ids: [OK, FAILS, BIG] }),
      );
      await Promise.all(work);
      for (const i of sent) {
        const rows = await t.database.db
          .select()
          .from(walletTransactions)
          .where(eq(walletTransactions.ref_id, String(run.payout_run_id)));
        expect(
          rows.filter((r) => r.user_id === i.user_id && r.reason === 'Payout returned'),
          `run ${run.payout_run_id} user ${i.user_id}`,
        ).toHaveLength(1);
        // Told once, however many webhooks raced: the returned transfer's notice, with the reason.
        const told = await t.database.db
          .select()
          .from(notifications)
          .where(
            and(eq(notifications.user_id, i.user_id), eq(notifications.dedupe_key, `payout-failed:${run.payout_run_id}:${i.user_id}`)),
          );
        expect(told.map((n) => n.text)).toEqual([
          expect.stringMatching(/^Payout of ₹[\d,.]+ failed: Race test\. The money is back in your wallet\. - PickMyWork$/),
        ]);
      }
      expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
      expect(await t.services.ops.payouts.grossMismatches()).toEqual([]);
    }
  }, 120_000);

  it("keeps a returned transfer's reason of ours beside its code, for a Hindi reader's statement and text; the bank's own words stay", async () => {
    // Tara reads Hindi; Leela's bank says why in its own words.
    await t.database.db.insert(mobileLocales).values({ mobile: `98765${SMALL}0`, locale: 'hi' });
    await credit(t, SMALL, 70_000, 'coded:small');
    await credit(t, OK, 50_000, 'coded:ok');
    const run = payoutRunDetailSchema.parse(
      body(await post('/ops/payouts/runs', { request_key: 'coded-run-0001', user_ids: [OK, SMALL] })).data,
    );
    const ref = (u: number) => `PMWRUN${run.payout_run_id}-${u}`;
    const csv = ['Customer Reference Number,UTR,Status,Reason', `${ref(SMALL)},,Failed,`, `${ref(OK)},,Failed,Account closed`].join('\n');
    expect(bankResponseResultSchema.parse(body(await post(`/ops/payouts/runs/${run.payout_run_id}/response`, { csv })).data)).toMatchObject(
      {
        failed: 2,
      },
    );

    // The console reads the English; the code is beside it.
    const detail = payoutRunDetailSchema.parse(
      body(await t.app.inject({ method: 'GET', url: `/api/v2/ops/payouts/runs/${run.payout_run_id}`, headers: { cookie: admin } })).data,
    );
    expect(detail.items.find((i) => i.user_id === SMALL)).toMatchObject({
      failure_reason: 'Returned by the bank',
      failure_reason_code: 'wallet.returnedByBank',
    });
    expect(detail.items.find((i) => i.user_id === OK)).toMatchObject({ failure_reason: 'Account closed', failure_reason_code: null });

    // A Hindi reader's statement answers the English and the code, for the page to say it in Hindi.
    const tara = await loginWorker(t, `98765${SMALL}0`);
    const statement = payoutStatementSchema.parse(
      body(
        await t.app.inject({
          method: 'GET',
          url: `/api/v2/partner/payouts/statement?fy=${financialYearOf(new Date())}`,
          headers: { cookie: `${tara}; pmw_lang=hi` },
        }),
      ).data,
    );
    expect(statement.payouts.find((p) => p.payout_run_id === run.payout_run_id)).toMatchObject({
      state: 'FAILED',
      failure_reason: 'Returned by the bank',
      failure_reason_code: 'wallet.returnedByBank',
      failure_reason_vars: {},
    });
    // Her text says why in Hindi; Leela's says the bank's words as they came.
    const told = async (userId: number) =>
      (
        await t.database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.user_id, userId), eq(notifications.dedupe_key, `payout-failed:${run.payout_run_id}:${userId}`)))
      ).map((n) => n.text);
    // What each run took (an earlier test's returned money may ride along, as it may on PostgreSQL).
    const took = (userId: number) => rupees(detail.items.find((i) => i.user_id === userId)!.amount_paise);
    expect(await told(SMALL)).toEqual([`${took(SMALL)} का भुगतान नहीं हो सका: बैंक ने लौटा दिया। पैसे आपके वॉलेट में वापस आ गए। - PickMyWork`]);
    expect(await told(OK)).toEqual([`Payout of ${took(OK)} failed: Account closed. The money is back in your wallet. - PickMyWork`]);

    // A transfer the provider returns without a word of its own is said by its outcome, by code too.
    await credit(t, SMALL, 60_000, 'coded:small:2');
    const sent = payoutRunDetailSchema.parse(
      body(await post('/ops/payouts/runs', { request_key: 'coded-run-0002', mode: 'provider', user_ids: [SMALL] })).data,
    );
    const id = await providerId(sent.payout_run_id, SMALL);
    expect(body(await webhook('payout.reversed', { id, status: 'reversed' })).data).toEqual({ applied: true });
    const returned = payoutRunDetailSchema.parse(
      body(await t.app.inject({ method: 'GET', url: `/api/v2/ops/payouts/runs/${sent.payout_run_id}`, headers: { cookie: admin } })).data,
    );
    expect(returned.items[0]).toMatchObject({
      state: 'FAILED',
      failure_reason: 'Transfer returned by the bank',
      failure_reason_code: 'wallet.transferReturned',
    });
    expect((await walletOf(t, SMALL)).balance).toBe(60_000 + 70_000);
    expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
  });
});

describe('a holding period after approval', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ PAYOUT_HOLD_DAYS: '3' });
    admin = await loginOps(t);
    await partners(t);
  });
  afterAll(async () => t.close());

  it('pays only what was credited before the holding period, and holds the rest with the reason', async () => {
    await credit(t, OK, 40_000, 'hold:old');
    await t.database.db
      .update(walletTransactions)
      .set({ created_on: new Date(Date.now() - 4 * 86_400_000) })
      .where(eq(walletTransactions.idempotency_key, 'hold:old'));
    await credit(t, OK, 25_000, 'hold:new');
    await credit(t, SMALL, 50_000, 'hold:recent');
    const preview = body<{
      rules: { hold_days: number };
      candidates: { user_id: number; payable_paise: number; hold_reason: string | null }[];
    }>(await t.app.inject({ method: 'GET', url: '/api/v2/ops/payouts/preview', headers: { cookie: admin } })).data;
    expect(preview.rules.hold_days).toBe(3);
    expect(preview.candidates.find((c) => c.user_id === OK)).toMatchObject({ payable_paise: 40_000, hold_reason: null });
    expect(preview.candidates.find((c) => c.user_id === SMALL)).toMatchObject({
      payable_paise: 0,
      hold_reason: 'Earnings approved in the last 3 days are not payable yet',
    });
    const run = payoutRunDetailSchema.parse(
      body(
        await t.app.inject({
          method: 'POST',
          url: '/api/v2/ops/payouts/runs',
          headers: { cookie: admin },
          payload: { request_key: 'hold-run-0001', user_ids: [OK, SMALL] },
        }),
      ).data,
    );
    expect(run.items.find((i) => i.user_id === OK)).toMatchObject({ state: 'PROCESSING', gross_paise: 40_000, net_paise: 40_000 });
    expect(run.items.find((i) => i.user_id === SMALL)).toMatchObject({ state: 'HELD' });
    expect((await walletOf(t, OK)).balance).toBe(25_000);
  });
});
