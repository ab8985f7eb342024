import { say } from '@pmw/contract/texts/said';
import { users } from '../../db/schema/index';
import { loginWorker, type TestApp } from '../../../test/test-app';

/** A partner as the invoice tests need one: a verified PAN's worth of KYC, a verified bank, signed in. */
export async function paidPartner(t: TestApp, user: typeof users.$inferInsert, accountNo: string): Promise<string> {
  const id = user.user_id!;
  await t.database.db.insert(users).values(user);
  await t.services.documents.add({ kind: 'worker', id }, { user_id: id, type: 'PAN', number: `ABCPK${id}L` });
  const bank = await t.services.banks.add(id, { ifsc_code: 'HDFC0000001', account_no: accountNo });
  await t.services.banks.setStatus(bank.bank_detail_id, 1);
  return loginWorker(t, user.mobile);
}

/** The partner's GSTIN, added and verified by ops; answers the document's id. */
export async function registerGstin(t: TestApp, id: number, gstin: string): Promise<number> {
  const doc = await t.services.documents.add({ kind: 'worker', id }, { user_id: id, type: 'GST', number: gstin });
  await t.services.documents.setStatus(doc.document_id, 1, null);
  return doc.document_id;
}

/** An approved lead's credit, as lead approval posts it. */
export const earn = (t: TestApp, userId: number, paise: number, leadId: number) =>
  t.services.wallet.post({
    user_id: userId,
    type: 1,
    amount_paise: paise,
    reason: say('wallet.leadApproved'),
    ref_type: 'LEAD',
    ref_id: String(leadId),
    idempotency_key: `lead:${leadId}:1`,
    affects_earnings: true,
  });

/** A call to the API as a signed-in person. */
export const callAs = (t: TestApp, method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v2${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
