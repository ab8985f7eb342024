import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { NEFT_COLUMNS, customerImportResultSchema, opsBankSchema, payoutPreviewSchema, payoutRunDetailSchema } from '@pmw/contract/ops';
import { z } from 'zod';
import { formResponses, users, walletTransactions } from '../../db/schema/index';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { leadCounterMismatches } from '../leads/lead-counters';
import { insertLead, loginSupportAgent, walletOf } from './ops-fixtures.test-helper';
import { say } from '@pmw/contract/texts/said';

let t: TestApp;
let admin: string;
/** 4201 pays out, 4202 has no PAN (paid, at the higher TDS rate once over the threshold), 4203 has no verified bank. */
const PAID = 4201;
const NO_PAN = 4202;
const NO_BANK = 4203;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginOps(t);
  const db = t.database.db;
  await db.insert(users).values([
    { user_id: PAID, mobile: '9876504201', first_name: 'Meena', last_name: 'Iyer' },
    { user_id: NO_PAN, mobile: '9876504202', first_name: 'Karan' },
    { user_id: NO_BANK, mobile: '9876504203', first_name: 'Divya' },
  ]);
  for (const [id, pan] of [
    [PAID, 'ABCPI1234K'],
    [NO_BANK, 'ABCPD1234K'],
  ] as const) {
    await t.services.documents.add({ kind: 'worker', id }, { user_id: id, type: 'PAN', number: pan });
  }
  for (const id of [PAID, NO_PAN]) {
    const bank = await t.services.banks.add(id, { ifsc_code: 'HDFC0000001', account_no: `5010012345${id}` });
    await t.services.banks.setStatus(bank.bank_detail_id, 1);
  }
});
afterAll(async () => t.close());

const post = (url: string, payload?: object, cookie = admin) =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const get = (url: string, cookie = admin) => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: { cookie } });
const credit = (userId: number, paise: number, key: string) =>
  t.services.wallet.post({
    user_id: userId,
    type: 1,
    amount_paise: paise,
    reason: say('wallet.leadApproved'),
    idempotency_key: key,
    affects_earnings: true,
  });
const parseCsv = (text: string) =>
  text
    .trim()
    .split('\r\n')
    .map((l) => l.split(','));

describe('payout runs', () => {
  it('previews who is paid and who is held, with the reason', async () => {
    for (const id of [PAID, NO_PAN, NO_BANK]) await credit(id, 100_000, `test:seed:${id}`);
    const preview = payoutPreviewSchema.parse(body(await get('/ops/payouts/preview')).data);
    expect(preview.rules).toMatchObject({
      minimum_paise: 10_000,
      hold_days: 0,
      tds_rate_percent: 2,
      tds_no_pan_rate_percent: 20,
      tds_threshold_paise: 2_000_000,
      provider: 'simulated',
    });
    const rows = preview.candidates;
    const by = (id: number) => rows.find((r) => r.user_id === id)!;
    expect(by(PAID)).toMatchObject({
      name: 'Meena Iyer',
      balance_paise: 100_000,
      hold_reason: null,
      payable_paise: 100_000,
      tds_paise: 0,
      net_paise: 100_000,
      bank: { ifsc_code: 'HDFC0000001', account_no: expect.stringMatching(/4201$/) },
    });
    // Without a PAN the partner is still paid: TDS at the higher rate, due only over the year's threshold.
    expect(by(NO_PAN)).toMatchObject({ hold_reason: null, payable_paise: 100_000, tds_paise: 0 });
    expect(by(NO_BANK).hold_reason).toBe('No verified default bank account or UPI ID');
  });

  it('debits the paid partners, lists the held ones, and never pays twice', async () => {
    const run = payoutRunDetailSchema.parse(
      body(await post('/ops/payouts/runs', { request_key: 'run-key-0001', user_ids: [PAID, NO_PAN, NO_BANK] })).data,
    );
    expect(run).toMatchObject({ paid_count: 2, held_count: 1, total_paise: 200_000 });
    expect(run.items.find((i) => i.user_id === PAID)).toMatchObject({
      state: 'PROCESSING',
      gross_paise: 100_000,
      tds_paise: 0,
      net_paise: 100_000,
      utr: null,
    });
    expect(run.items.find((i) => i.user_id === NO_PAN)).toMatchObject({ state: 'PROCESSING', net_paise: 100_000 });
    expect(run.items.find((i) => i.user_id === NO_BANK)).toMatchObject({
      state: 'HELD',
      reason: 'No verified default bank account or UPI ID',
    });
    expect(await walletOf(t, PAID)).toEqual({ balance: 0, earned: 100_000 });
    expect((await walletOf(t, NO_PAN)).balance).toBe(0);

    // A retry with the same key answers the same run; a new run finds nothing to pay.
    const retry = payoutRunDetailSchema.parse(body(await post('/ops/payouts/runs', { request_key: 'run-key-0001' })).data);
    expect(retry.payout_run_id).toBe(run.payout_run_id);
    const next = payoutRunDetailSchema.parse(body(await post('/ops/payouts/runs', { request_key: 'run-key-0002', user_ids: [PAID] })).data);
    expect(next).toMatchObject({ paid_count: 0, total_paise: 0 });
    const debits = await t.database.db
      .select()
      .from(walletTransactions)
      .where(sql`${walletTransactions.user_id} = ${PAID} and ${walletTransactions.type} = 2`);
    expect(debits.map((d) => d.idempotency_key)).toEqual([`payout:${run.payout_run_id}:${PAID}`]);

    // The bank file: NEFT columns, the account number in clear, only the paid partners; the same file again later.
    const file = await get(`/ops/payouts/runs/${run.payout_run_id}/file`);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toContain(`pmw-payout-run-${run.payout_run_id}-`);
    const [header, ...lines] = parseCsv(file.body);
    expect(header).toEqual([...NEFT_COLUMNS]);
    expect(lines.map((l) => l[1])).toEqual([`PMW${PAID}`, `PMW${NO_PAN}`]);
    expect(lines[0]!.slice(0, 6)).toEqual(['NEFT', `PMW${PAID}`, `5010012345${PAID}`, '1000.00', 'Meena Iyer', 'HDFC0000001']);
    expect(lines[0]![8]).toBe(`PMWRUN${run.payout_run_id}-${PAID}`);
    expect((await get(`/ops/payouts/runs/${run.payout_run_id}/file`)).body).toBe(file.body);
    expect(body<{ payout_run_id: number }[]>(await get('/ops/payouts/runs')).data.map((r) => r.payout_run_id)).toContain(run.payout_run_id);
    expect((await get('/ops/payouts/runs/999999')).statusCode).toBe(404);
  });

  it('two runs at once pay each partner once', async () => {
    await credit(PAID, 30_000, 'test:seed:parallel');
    const runs = await Promise.all(
      ['par-run-000a', 'par-run-000b', 'par-run-000c'].map((k) => post('/ops/payouts/runs', { request_key: k, user_ids: [PAID] })),
    );
    const paid = runs.map((r) => payoutRunDetailSchema.parse(body(r).data).total_paise);
    expect(paid.sort()).toEqual([0, 0, 30_000]);
    expect((await walletOf(t, PAID)).balance).toBe(0);
  });

  it('keeps every wallet equal to its ledger, and every lead counter equal to a recount, after a randomised run of approvals, rejections and payouts', async () => {
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const leads: number[] = [];
    for (let i = 0; i < 12; i++)
      leads.push(await insertLead(t, { partner_user_id: [PAID, NO_PAN, 101][i % 3]!, payout_paise: 1_000 * (1 + rand(50)) }));
    const ops: Promise<unknown>[] = [];
    for (let step = 0; step < 40; step++) {
      const pick = leads[rand(leads.length)]!;
      const action = rand(5);
      if (action <= 1) ops.push(post('/ops/leads/approve', { form_response_ids: [pick] }));
      else if (action === 2) ops.push(post('/ops/leads/reject', { form_response_ids: [pick], comment: 'Random check' }));
      else if (action === 3) ops.push(post('/ops/payouts/runs', { request_key: `random-run-${step}` }));
      else ops.push(post('/ops/leads/approve', { form_response_ids: leads.slice(0, 1 + rand(leads.length)) }));
      if (step % 5 === 4) await Promise.all(ops.splice(0));
    }
    await Promise.all(ops);
    expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
    // The report's lead counters moved with every approval and rejection.
    expect(await leadCounterMismatches(t.database.db)).toEqual([]);
    // Each approved lead has one more credit than reversals; any other lead has as many.
    for (const id of leads) {
      const [lead] = await t.database.db.select().from(formResponses).where(eq(formResponses.form_response_id, id));
      const posts = await t.database.db
        .select()
        .from(walletTransactions)
        .where(sql`${walletTransactions.ref_type} = 'LEAD' and ${walletTransactions.ref_id} = ${String(id)}`);
      const net = posts.filter((p) => p.type === 1).length - posts.filter((p) => p.type === 2).length;
      expect(net, `lead ${id}`).toBe(lead!.status === 1 ? 1 : 0);
    }
  });
});

describe('bank review and customer import', () => {
  it('verifies or rejects a bank with a reason, audited', async () => {
    const bank = await t.services.banks.add(NO_BANK, { ifsc_code: 'HDFC0000001', account_no: '777788889999' });
    const queue = z.array(opsBankSchema).parse(body<{ rows: unknown }>(await get('/ops/banks')).data.rows);
    expect(queue.find((b) => b.bank_detail_id === bank.bank_detail_id)).toMatchObject({ user_id: NO_BANK, first_name: 'Divya', status: 0 });
    expect((await post(`/ops/banks/${bank.bank_detail_id}/status`, { status: 2 })).statusCode).toBe(400);
    const rejected = opsBankSchema.parse(
      body(await post(`/ops/banks/${bank.bank_detail_id}/status`, { status: 2, reason: 'Name does not match' })).data,
    );
    expect(rejected).toMatchObject({ status: 2, is_default: false });
    const verified = opsBankSchema.parse(body(await post(`/ops/banks/${bank.bank_detail_id}/status`, { status: 1 })).data);
    expect(verified).toMatchObject({ status: 1, is_default: true });
    const audit = body<{ rows: { action: string }[] }>(
      await get(`/ops/audit?entity_type=bank&entity_id=${bank.bank_detail_id}`),
    ).data.rows.map((r) => r.action);
    expect(audit).toEqual(['bank.verify', 'bank.reject']);
    expect((await post('/ops/banks/99999999/status', { status: 1 })).statusCode).toBe(404);
  });

  it('imports a CSV of customers for a partner, reporting skipped and invalid rows', async () => {
    const csv = 'Name,Mobile\nRohit Sharma,9811122233\n"Das, Anita",+91 98111 22244\nBad Row,12345\nRohit Sharma,9811122233\n';
    const res = await post('/ops/customers/import', { partner_user_id: PAID, csv });
    expect(customerImportResultSchema.parse(body(res).data)).toEqual({ added: 2, skipped: 1, invalid: [{ row: 3, mobile: '12345' }] });
    const list = await t.services.customers.list(PAID, { limit: 10, offset: 0 });
    expect(list.rows.map((r) => r.CustomerLead.name).sort()).toEqual(['Das, Anita', 'Rohit Sharma']);
    expect((await post('/ops/customers/import', { partner_user_id: 99999999, csv })).statusCode).toBe(404);
  });

  it('refuses the support role and partner sessions', async () => {
    const support = await loginSupportAgent(t);
    const partner = await loginWorker(t, '9876500001');
    const calls: [string, string, object?][] = [
      ['GET', '/ops/payouts/preview'],
      ['POST', '/ops/payouts/runs', { request_key: 'forbidden-run' }],
      ['GET', '/ops/payouts/runs'],
      ['GET', '/ops/payouts/runs/1'],
      ['GET', '/ops/payouts/runs/1/file'],
      ['GET', '/ops/banks'],
      ['POST', '/ops/banks/1/status', { status: 1 }],
      ['POST', '/ops/customers/import', { partner_user_id: PAID, csv: 'a,9811122299' }],
    ];
    for (const [method, url, payload] of calls) {
      expect(
        (
          await t.app.inject({
            method: method as 'GET',
            url: `/api/v2${url}`,
            headers: { cookie: support },
            ...(payload ? { payload } : {}),
          })
        ).statusCode,
        url,
      ).toBe(403);
      expect(
        (
          await t.app.inject({
            method: method as 'GET',
            url: `/api/v2${url}`,
            headers: { cookie: partner },
            ...(payload ? { payload } : {}),
          })
        ).statusCode,
        url,
      ).toBe(401);
    }
  });
});
