import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { dashboardSchema } from '@pmw/contract/dashboard';
import { opsDashboardSchema } from '@pmw/contract/ops-dashboard';
import { PAYOUT_ITEM_STATE } from '@pmw/contract/ops';
import { NEXT_PAYOUT_REASON, nextPayoutRun, nextPayoutRunDay, parsePayoutSchedule } from '@pmw/contract/payout-schedule';
import { istDateString } from '@pmw/contract/time';
import { walletTransactions } from '../../db/schema/index';
import { WALLET_CREDIT } from '../wallet/wallet.service';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { DEMO } from '../../seed/demo-ids';
import { say } from '@pmw/contract/texts/said';

const ADMIN = 100;
const ASHA = DEMO.asha.user_id;
const DAY = 86_400_000;
const weeklyMon = parsePayoutSchedule('weekly:MON')!;

let t: TestApp;
let asha: string;
let ravi: string;
let ops: string;
beforeAll(async () => {
  // The default schedule (every Monday), a ₹100 minimum and a week's hold.
  t = await createTestApp({ PAYOUT_HOLD_DAYS: '7', PAYOUT_MINIMUM_RUPEES: '100' });
  [asha, ravi, ops] = await Promise.all([loginWorker(t, DEMO.asha.mobile), loginWorker(t, DEMO.ravi.mobile), loginOps(t)]);
});
afterAll(async () => t.close());

const money = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v2/partner/dashboard', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return dashboardSchema.parse(body(res).data).money;
};
const opsNextRun = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v2/ops/dashboard', headers: { cookie: ops } });
  expect(res.statusCode, res.body).toBe(200);
  return opsDashboardSchema.parse(body(res).data).payout.next_run_on;
};
let credits = 0;
const credit = (user_id: number, amount_paise: number) =>
  t.services.wallet.post({
    user_id,
    type: WALLET_CREDIT,
    amount_paise,
    reason: say('wallet.leadApproved'),
    idempotency_key: `next-payout-test:${++credits}`,
    affects_earnings: true,
  });
/** Every earning of the partner so far credited long ago: out of any holding period. */
const ageCredits = (user_id: number) =>
  t.database.db
    .update(walletTransactions)
    .set({ created_on: sql`now() - interval '30 days'` })
    .where(eq(walletTransactions.user_id, user_id));

describe('the next payout', () => {
  it('is the next Monday run for a balance free to pay into a verified bank account, and the ops dashboard names the same run', async () => {
    await ageCredits(ASHA);
    const balance = (await t.services.wallet.summary(ASHA)).total_amount;
    if (balance < 10_000) await credit(ASHA, 10_000 - balance);
    await ageCredits(ASHA);
    const expected = nextPayoutRun(weeklyMon, new Date(), false);
    expect(await money(asha)).toMatchObject({ next_payout_on: expected, next_payout_reason: null, payout_minimum_paise: 10_000 });
    expect(await opsNextRun()).toBe(expected);
  });

  it('waits for earnings in their holding week once the older money is paid, and today is no longer a run day after a run', async () => {
    await credit(ASHA, 25_000);
    const run = await t.services.ops.payouts.run(ADMIN, { request_key: 'next-payout-run', user_ids: [ASHA] });
    const item = run.items.find((i) => i.user_id === ASHA);
    expect(item?.state).toBeDefined();
    expect(item?.state).not.toBe(PAYOUT_ITEM_STATE.held);
    // Only the fresh ₹250 is left: held for 7 days, so the first Monday after the day the hold ends.
    const m = await money(asha);
    expect(m.payable_paise).toBe(25_000);
    const [fresh] = await t.database.db
      .select({ at: sql<string>`max(${walletTransactions.created_on})::text` })
      .from(walletTransactions)
      .where(eq(walletTransactions.user_id, ASHA));
    const releaseDay = istDateString(new Date(new Date(fresh!.at).getTime() + 7 * DAY));
    expect(m).toMatchObject({ next_payout_on: nextPayoutRunDay(weeklyMon, releaseDay, true), next_payout_reason: null });
    // A run has been started today: the next scheduled run is not today's.
    expect(await opsNextRun()).toBe(nextPayoutRun(weeklyMon, new Date(), true));
  });

  it('is none with nothing to pay, below the minimum, or without a verified bank account or UPI ID, with the reason', async () => {
    const mobile = '9876500077';
    const cookie = await loginWorker(t, mobile);
    const user = (await t.services.users.byMobile(mobile))!.user_id;
    expect(await money(cookie)).toMatchObject({ next_payout_on: null, next_payout_reason: NEXT_PAYOUT_REASON.nothingPayable });
    await credit(user, 4_000);
    await ageCredits(user);
    expect(await money(cookie)).toMatchObject({ next_payout_on: null, next_payout_reason: NEXT_PAYOUT_REASON.belowMinimum });
    await credit(user, 20_000);
    await ageCredits(user);
    expect(await money(cookie)).toMatchObject({ next_payout_on: null, next_payout_reason: NEXT_PAYOUT_REASON.noPayoutMethod });
    // Ravi's seeded earnings are enough, but he has no bank account yet.
    expect(await money(ravi)).toMatchObject({ next_payout_on: null, next_payout_reason: NEXT_PAYOUT_REASON.noPayoutMethod });
  });
});

describe('without a schedule', () => {
  it('no partner has a payout date and the ops dashboard names no run', async () => {
    const off = await createTestApp({ PAYOUT_SCHEDULE: 'off' });
    try {
      const [cookie, opsCookie] = await Promise.all([loginWorker(off, DEMO.asha.mobile), loginOps(off)]);
      const d = await off.app.inject({ method: 'GET', url: '/api/v2/partner/dashboard', headers: { cookie } });
      expect(dashboardSchema.parse(body(d).data).money).toMatchObject({
        next_payout_on: null,
        next_payout_reason: NEXT_PAYOUT_REASON.noSchedule,
      });
      const o = await off.app.inject({ method: 'GET', url: '/api/v2/ops/dashboard', headers: { cookie: opsCookie } });
      expect(opsDashboardSchema.parse(body(o).data).payout.next_run_on).toBeNull();
    } finally {
      await off.close();
    }
  });
});
