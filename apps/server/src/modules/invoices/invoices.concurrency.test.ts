import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { partnerInvoicesSchema } from '@pmw/contract/invoices';
import { payoutRunDetailSchema } from '@pmw/contract/ops';
import { invoices, users, walletTransactions } from '../../db/schema/index';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { walletOf } from '../ops/ops-fixtures.test-helper';

// Partners' acceptances and ops' approvals racing payout runs (on PostgreSQL with TEST_DATABASE_URL):
// an invoice is paid by one run at most, its GST enters the ledger once, every wallet equals its
// ledger, and a transfer that fails makes its invoice payable again without a second GST entry.
const PARTNERS = [4701, 4702, 4703, 4704];
/** Its bank account ends in 0000: the simulated bank returns every transfer to it. */
const RETURNED = 4705;

let t: TestApp;
let admins: string[];
const cookies = new Map<number, string>();

beforeAll(async () => {
  t = await createTestApp({ PAYOUT_SIMULATED_SETTLE_SECONDS: '0' });
  admins = [await loginOps(t), await loginOps(t)];
  for (const id of [...PARTNERS, RETURNED]) {
    await t.database.db.insert(users).values({ user_id: id, mobile: `98765${id}0`, first_name: `P${id}` });
    await t.services.documents.add({ kind: 'worker', id }, { user_id: id, type: 'PAN', number: `ABCPK${id}L` });
    const gst = await t.services.documents.add({ kind: 'worker', id }, { user_id: id, type: 'GST', number: '29ABCPK1234L1ZO' });
    await t.services.documents.setStatus(gst.document_id, 1, null);
    const bank = await t.services.banks.add(id, {
      ifsc_code: 'HDFC0000001',
      account_no: id === RETURNED ? '501001230000' : `5010066666${id}`,
    });
    await t.services.banks.setStatus(bank.bank_detail_id, 1);
    cookies.set(id, await loginWorker(t, `98765${id}0`));
  }
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v2${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
let lead = 970_000;
const earn = (userId: number, paise: number) =>
  t.services.wallet.post({
    user_id: userId,
    type: 1,
    amount_paise: paise,
    reason: 'Lead approved',
    ref_type: 'LEAD',
    ref_id: String(++lead),
    idempotency_key: `lead:${lead}:1`,
    affects_earnings: true,
  });
const draftOf = async (id: number) =>
  partnerInvoicesSchema
    .parse(body(await call('GET', '/partner/invoices', cookies.get(id)!)).data)
    .invoices.find((i) => i.status === 'DRAFT');

async function checkMoney() {
  expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
  expect(await t.services.ops.payouts.grossMismatches()).toEqual([]);
  const gst = await t.database.db.select().from(walletTransactions).where(eq(walletTransactions.ref_type, 'INVOICE'));
  // One GST entry per invoice, ever.
  expect(new Set(gst.map((g) => g.ref_id)).size).toBe(gst.length);
}

it('acceptances and approvals racing payout runs pay each invoice once, its GST once', async () => {
  let seed = 11;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const expected = new Map<number, number>();
  for (let round = 0; round < 3; round++) {
    const ids: number[] = [];
    for (const id of PARTNERS) {
      const paise = 10_000 * (1 + rand(9)) + rand(100);
      await earn(id, paise);
      const draft = await draftOf(id);
      ids.push(draft!.invoice_id);
      expected.set(draft!.invoice_id, draft!.total_paise);
    }
    // Each partner accepts, ops approve, and runs start, all at once in a random order.
    const actions: (() => Promise<unknown>)[] = [];
    PARTNERS.forEach((id, i) => {
      actions.push(async () => {
        await call('POST', `/partner/invoices/${ids[i]}/accept`, cookies.get(id)!);
        await call('POST', `/ops/invoices/${ids[i]}/approve`, admins[rand(2)]!);
      });
    });
    for (let r = 0; r < 3; r++) {
      actions.push(() =>
        call('POST', '/ops/payouts/runs', admins[rand(2)]!, { request_key: `inv-race-${round}-${r}`, user_ids: PARTNERS }),
      );
    }
    for (let i = actions.length - 1; i > 0; i--) {
      const j = rand(i + 1);
      [actions[i], actions[j]] = [actions[j]!, actions[i]!];
    }
    const answers = await Promise.all(actions.map((a) => a()));
    for (const a of answers)
      if (a && typeof a === 'object' && 'statusCode' in a) expect((a as { statusCode: number }).statusCode).toBeLessThan(500);
    await checkMoney();
  }
  // A last run pays what the races left approved; then every invoice is paid, by one run, its total once.
  await call('POST', '/ops/payouts/runs', admins[0]!, { request_key: 'inv-race-final', user_ids: PARTNERS });
  const rows = await t.database.db.select().from(invoices).where(inArray(invoices.user_id, PARTNERS));
  expect(rows.every((r) => r.status === 'PAID' && r.payout_run_id)).toBe(true);
  for (const id of PARTNERS) expect((await walletOf(t, id)).balance).toBe(0);
  const runsPaid = await t.database.db.select().from(walletTransactions).where(inArray(walletTransactions.user_id, PARTNERS));
  const debited = runsPaid.filter((r) => r.type === 2).reduce((s, r) => s + r.amount_paise, 0);
  expect(debited).toBe([...expected.values()].reduce((s, v) => s + v, 0));
  await checkMoney();
});

it('a returned transfer makes its invoice payable again; paid again, its GST is not added twice', async () => {
  await earn(RETURNED, 50_000);
  const draft = (await draftOf(RETURNED))!;
  await call('POST', `/partner/invoices/${draft.invoice_id}/accept`, cookies.get(RETURNED)!);
  await call('POST', `/ops/invoices/${draft.invoice_id}/approve`, admins[0]!);
  for (const key of ['inv-ret-0001', 'inv-ret-0002']) {
    const run = payoutRunDetailSchema.parse(
      body(await call('POST', '/ops/payouts/runs', admins[0]!, { request_key: key, user_ids: [RETURNED], mode: 'provider' })).data,
    );
    expect(run.items[0]).toMatchObject({ state: 'FAILED', gross_paise: 59_000 });
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.invoice_id, draft.invoice_id));
    expect(row).toMatchObject({ status: 'APPROVED', payout_run_id: null });
    // Back in the wallet: the commission and its GST.
    expect((await walletOf(t, RETURNED)).balance).toBe(59_000);
  }
  await checkMoney();
});
