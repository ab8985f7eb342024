import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { formResponses, users, walletTransactions } from '../../db/schema/index';
import { createTestApp, loginOps, type TestApp } from '../../../test/test-app';
import { leadCounterMismatches } from '../leads/lead-counters';
import { insertLead } from './ops-fixtures.test-helper';

let t: TestApp;
let admins: string[];
/** Two partners who are paid out (PAN and a verified default bank) and one team member. */
const PARTNERS = [4301, 4302];
const MEMBER = 4303;

beforeAll(async () => {
  t = await createTestApp();
  admins = [await loginOps(t), await loginOps(t)];
  await t.database.db.insert(users).values([
    { user_id: 4301, mobile: '9876504301', first_name: 'Lata' },
    { user_id: 4302, mobile: '9876504302', first_name: 'Mohan' },
    { user_id: 4303, mobile: '9876504303', first_name: 'Nisha' },
  ]);
  for (const id of PARTNERS) {
    await t.services.documents.add({ kind: 'worker', id }, { user_id: id, type: 'PAN', number: `ABCPL${id}K` });
    const bank = await t.services.banks.add(id, { ifsc_code: 'HDFC0000001', account_no: `5010099999${id}` });
    await t.services.banks.setStatus(bank.bank_detail_id, 1);
  }
});
afterAll(async () => t.close());

const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { cookie }, payload });

// Bulk approvals, rejections, requests for details and payout runs, many at once on overlapping
// leads of the same partners: each action locks its leads (and a run its wallets) in one order,
// so no request meets a deadlock (a 500), and the money and the counters stay right.
// Ninety-six requests queue on one database: beside a second test suite on two cores this takes
// four times as long as alone (seen: past 30 s), so it has a longer limit than an ordinary test.
it(
  'concurrent bulk lead actions and payout runs never answer 500 and keep the ledger and counters right',
  { timeout: 120_000 },
  async () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const leads: number[] = [];
    for (let i = 0; i < 24; i++) {
      const partner = PARTNERS[i % 2]!;
      // Some leads carry both a partner and a team member, so one action moves two owners' counters.
      leads.push(
        await insertLead(t, {
          partner_user_id: partner,
          team_member_user_id: i % 3 === 0 ? MEMBER : null,
          payout_paise: 1_000 * (1 + rand(20)),
        }),
      );
    }
    const pickSome = () => {
      const chosen = new Set<number>();
      const n = 2 + rand(8);
      while (chosen.size < n) chosen.add(leads[rand(leads.length)]!);
      // Not sorted: the server must order the locks itself.
      return [...chosen];
    };
    const failures: string[] = [];
    for (let round = 0; round < 12; round++) {
      const batch = Array.from({ length: 8 }, (_, i) => {
        const cookie = admins[i % 2]!;
        const action = rand(6);
        if (action <= 1) return post('/ops/leads/approve', cookie, { form_response_ids: pickSome() });
        if (action === 2) return post('/ops/leads/reject', cookie, { form_response_ids: pickSome(), comment: 'Random check' });
        if (action === 3)
          return post('/ops/leads/needs-details', cookie, { form_response_ids: pickSome(), comment: 'Please add the shop photo' });
        if (action === 4) return post('/ops/payouts/runs', cookie, { request_key: `concurrent-run-${round}-${i}` });
        return post('/ops/leads/approve', cookie, { form_response_ids: pickSome().reverse() });
      });
      for (const res of await Promise.all(batch)) {
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
    expect(await leadCounterMismatches(t.database.db)).toEqual([]);
    for (const id of leads) {
      const [lead] = await t.database.db.select().from(formResponses).where(eq(formResponses.form_response_id, id));
      const posts = await t.database.db
        .select()
        .from(walletTransactions)
        .where(sql`${walletTransactions.ref_type} = 'LEAD' and ${walletTransactions.ref_id} = ${String(id)}`);
      const net = posts.filter((p) => p.type === 1).length - posts.filter((p) => p.type === 2).length;
      // A rejection whose reversal found the money already paid out is refused and leaves the lead approved.
      expect(net, `lead ${id}`).toBe(lead!.status === 1 ? 1 : 0);
    }
  },
);
