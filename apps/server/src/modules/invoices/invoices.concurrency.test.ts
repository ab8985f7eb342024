import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { partnerInvoicesSchema } from '@pmw/contract/invoices';
import { payoutRunDetailSchema } from '@pmw/contract/ops';
import { invoices, payoutRunItems, walletTransactions } from '../../db/schema/index';
import { body, createTestApp, loginOps, type TestApp } from '../../../test/test-app';
import { walletOf } from '../ops/ops-fixtures.test-helper';
import { callAs, earn as earnFor, paidPartner, registerGstin } from './invoices.test-helper';

// Partners' acceptances and ops' approvals racing payout runs (on PostgreSQL with TEST_DATABASE_URL):
// an invoice is paid by one run at most, its GST enters the ledger once, every wallet equals its
// ledger, and a transfer that fails makes its invoice payable again without a second GST entry.
const PARTNERS = [4701, 4702, 4703, 4704];
/** Its bank account ends in 0000: the simulated bank returns every transfer to it. */
const RETURNED = 4705;
/** Partners who earned before registering for GST: 4713's GSTIN is rejected in the middle of the races; 4714's transfers are returned. */
const LATE = [4711, 4712, 4713, 4714];
const LAPSING = 4713;
const LATE_RETURNED = 4714;

let t: TestApp;
let admins: string[];
const cookies = new Map<number, string>();

beforeAll(async () => {
  t = await createTestApp({ PAYOUT_SIMULATED_SETTLE_SECONDS: '0' });
  admins = [await loginOps(t), await loginOps(t)];
  for (const id of [...PARTNERS, RETURNED, ...LATE]) {
    const account = id === RETURNED || id === LATE_RETURNED ? '501001230000' : `5010066666${id}`;
    cookies.set(id, await paidPartner(t, { user_id: id, mobile: `98765${id}0`, first_name: `P${id}` }, account));
    if (!LATE.includes(id)) await registerGst(id);
  }
});
afterAll(async () => t.close());

const registerGst = (id: number) => registerGstin(t, id, '29ABCPK1234L1ZO');

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) => callAs(t, method, url, cookie, payload);
let lead = 970_000;
const earn = (userId: number, paise: number) => earnFor(t, userId, paise, ++lead);
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

it('earnings from before the GST registration are paid once, beside invoices, while runs, approvals, a GSTIN rejection and returned transfers race', async () => {
  let seed = 29;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const before = new Map<number, number>();
  for (const id of LATE) {
    const paise = 10_000 * (1 + rand(5)) + rand(100);
    await earn(id, paise);
    before.set(id, paise);
  }
  // Registered a minute after those earnings.
  await t.database.db
    .update(walletTransactions)
    .set({ created_on: new Date(Date.now() - 60_000) })
    .where(inArray(walletTransactions.user_id, LATE));
  const gstDocs = new Map<number, number>();
  for (const id of LATE) gstDocs.set(id, await registerGst(id));

  for (let round = 0; round < 3; round++) {
    const actions: (() => Promise<unknown>)[] = [];
    for (const id of LATE) {
      await earn(id, 10_000 * (1 + rand(5)) + rand(100));
      const draft = await draftOf(id);
      if (!draft) continue;
      actions.push(async () => {
        await call('POST', `/partner/invoices/${draft.invoice_id}/accept`, cookies.get(id)!);
        await call('POST', `/ops/invoices/${draft.invoice_id}/approve`, admins[rand(2)]!);
      });
    }
    if (round === 1) actions.push(() => t.services.documents.setStatus(gstDocs.get(LAPSING)!, 2, 'Cancelled on the GST portal'));
    for (let r = 0; r < 3; r++) {
      actions.push(() =>
        call('POST', '/ops/payouts/runs', admins[rand(2)]!, {
          request_key: `late-race-${round}-${r}`,
          user_ids: LATE,
          mode: 'provider',
        }),
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
  await call('POST', '/ops/payouts/runs', admins[0]!, { request_key: 'late-race-final', user_ids: LATE, mode: 'provider' });
  await checkMoney();

  const items = await t.database.db.select().from(payoutRunItems).where(inArray(payoutRunItems.user_id, LATE));
  const kept = (id: number) => items.filter((i) => i.user_id === id && i.status !== 'HELD' && i.status !== 'FAILED');
  for (const id of LATE.filter((i) => i !== LATE_RETURNED && i !== LAPSING)) {
    // What was earned before the registration was paid once, without an invoice; everything after, on paid invoices.
    expect(kept(id).reduce((s, i) => s + i.uninvoiced_paise, 0)).toBe(before.get(id));
    const rows = await t.database.db.select().from(invoices).where(eq(invoices.user_id, id));
    expect(rows.every((r) => r.status === 'PAID')).toBe(true);
    expect((await walletOf(t, id)).balance).toBe(0);
  }
  // The lapsed partner is paid everything, each invoice either paid or cancelled, never both.
  expect((await walletOf(t, LAPSING)).balance).toBe(0);
  const lapsed = await t.database.db.select().from(invoices).where(eq(invoices.user_id, LAPSING));
  expect(lapsed.every((r) => r.status === 'PAID' || r.status === 'CANCELLED')).toBe(true);
  // Every transfer to 4714 is returned: each carried the part without an invoice whole or not at all (another
  // run had it in flight), and all of it is back in the wallet.
  const returned = items.filter((i) => i.user_id === LATE_RETURNED && i.status === 'FAILED');
  expect(returned.length).toBeGreaterThan(0);
  for (const i of returned) expect([0, before.get(LATE_RETURNED)]).toContain(i.uninvoiced_paise);
  expect(kept(LATE_RETURNED)).toEqual([]);
  const ledger = await t.database.db.select().from(walletTransactions).where(eq(walletTransactions.user_id, LATE_RETURNED));
  const earned = ledger.filter((r) => r.ref_type === 'LEAD' || r.ref_type === 'INVOICE').reduce((s, r) => s + r.amount_paise, 0);
  expect((await walletOf(t, LATE_RETURNED)).balance).toBe(earned);
});
