import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { leadActionResultSchema, payoutRunDetailSchema } from '@pmw/contract/ops';
import { LEAD_STATUS } from '@pmw/contract/lead-status';
import { formResponses, users, walletTransactions } from '../../db/schema/index';
import { body, createTestApp, loginOps, type TestApp } from '../../../test/test-app';
import { insertLead, walletOf } from './ops-fixtures.test-helper';

let t: TestApp;
let admins: string[];
/** Two partners who are paid out (a PAN and a verified default bank). */
const PARTNERS = [4601, 4602];

beforeAll(async () => {
  t = await createTestApp();
  admins = [await loginOps(t), await loginOps(t)];
  await t.database.db.insert(users).values(PARTNERS.map((id) => ({ user_id: id, mobile: `98765${id}0`, first_name: `P${id}` })));
  for (const id of PARTNERS) {
    await t.services.documents.add({ kind: 'worker', id }, { user_id: id, type: 'PAN', number: `ABCPV${id}K` });
    const bank = await t.services.banks.add(id, { ifsc_code: 'HDFC0000001', account_no: `5010099998${id}` });
    await t.services.banks.setStatus(bank.bank_detail_id, 1);
  }
});
afterAll(async () => t.close());

const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: { cookie }, payload });
const postings = async (id: number) => {
  const rows = await t.database.db
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.ref_type, 'LEAD'), eq(walletTransactions.ref_id, String(id))));
  return { credits: rows.filter((r) => r.type === 1).length, reversals: rows.filter((r) => r.type === 2).length };
};
const statusOf = async (id: number) =>
  (await t.database.db.select().from(formResponses).where(eq(formResponses.form_response_id, id)))[0]!.status;

// An undo racing a payout run on the same partner: either the undo wins (the run finds nothing of
// that credit to pay) or the run wins (the undo is refused and the lead stays approved); never both.
it('an undo racing a payout run never pays money that is undone', async () => {
  const failures: string[] = [];
  let undoneWins = 0;
  let runWins = 0;
  for (let round = 0; round < 12; round++) {
    const partner = PARTNERS[round % 2]!;
    const amount = 10_000 + round * 1_000;
    const id = await insertLead(t, { partner_user_id: partner, payout_paise: amount });
    expect((await post('/ops/leads/approve', admins[0]!, { form_response_ids: [id] })).statusCode).toBe(200);
    const undoCall = () => post('/ops/leads/approve/undo', admins[1]!, { form_response_ids: [id] });
    const runCall = () => post('/ops/payouts/runs', admins[0]!, { request_key: `undo-race-${round}`, user_ids: [partner] });
    // Half the rounds start the run first; the others give the undo a lead of a few milliseconds, more each
    // round, so the two meet at different points (the run takes the wallet's lock early, the undo after the lead's).
    const head = (round % 6) * 4;
    const [undoRes, runRes] =
      round % 2
        ? await Promise.all([undoCall(), new Promise((r) => setTimeout(r, head)).then(runCall)])
        : (await Promise.all([runCall(), undoCall()])).reverse();
    for (const res of [undoRes!, runRes!]) if (res.statusCode !== 200) failures.push(`${res.statusCode} ${res.body}`);
    const undone = leadActionResultSchema.parse(body(undoRes!).data).results[0]!.ok;
    const paid = payoutRunDetailSchema.parse(body(runRes!).data).total_paise;
    const { credits, reversals } = await postings(id);
    if (undone) {
      undoneWins++;
      expect(paid, `round ${round}`).toBe(0);
      expect(await statusOf(id)).toBe(LEAD_STATUS.pending);
      expect([credits, reversals]).toEqual([1, 1]);
    } else {
      runWins++;
      expect(paid, `round ${round}`).toBe(amount);
      expect(await statusOf(id)).toBe(LEAD_STATUS.approved);
      expect([credits, reversals]).toEqual([1, 0]);
    }
    expect((await walletOf(t, partner)).balance).toBe(0);
  }
  expect(failures).toEqual([]);
  expect(undoneWins + runWins).toBe(12);
  expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
});

// Undos, re-approvals and rejections of one lead at once: each credit is reversed at most once,
// and the lead is approved exactly when it holds one credit more than its reversals.
it('undos, approvals and rejections at once never credit or reverse twice', async () => {
  const failures: string[] = [];
  const leads = await Promise.all(PARTNERS.flatMap((p) => [insertLead(t, { partner_user_id: p, payout_paise: 7_000 })]));
  for (let round = 0; round < 10; round++) {
    const calls = leads.flatMap((id, i) => [
      post('/ops/leads/approve', admins[i % 2]!, { form_response_ids: [id] }),
      post('/ops/leads/approve/undo', admins[(i + 1) % 2]!, { form_response_ids: [id] }),
      post('/ops/leads/approve/undo', admins[i % 2]!, { form_response_ids: [id] }),
      round % 3 === 0
        ? post('/ops/leads/reject', admins[i % 2]!, { form_response_ids: [id], comment: 'Random check' })
        : post('/ops/leads/approve', admins[(i + 1) % 2]!, { form_response_ids: [id] }),
    ]);
    for (const res of await Promise.all(calls)) if (res.statusCode >= 500) failures.push(`${res.statusCode} ${res.body}`);
    for (const id of leads) {
      const { credits, reversals } = await postings(id);
      expect(credits - reversals, `lead ${id} round ${round}`).toBe((await statusOf(id)) === LEAD_STATUS.approved ? 1 : 0);
    }
  }
  expect(failures).toEqual([]);
  expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
});
