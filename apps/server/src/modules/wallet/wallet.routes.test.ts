import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletLogsSchema, walletSchema } from '@pmw/contract/partner';
import { say } from '@pmw/contract/texts/said';
import { body, createTestApp, loginWorker, type TestApp } from '../../../test/test-app';
import { WALLET_CREDIT } from './wallet.service';

let t: TestApp;
let asha: string;
beforeAll(async () => {
  t = await createTestApp();
  asha = await loginWorker(t, '9876500001');
});
afterAll(async () => t.close());

const get = (url: string, cookie = asha) => t.app.inject({ method: 'GET', url: `/api/v2/partner${url}`, headers: { cookie } });

describe('Payouts: wallet routes', () => {
  it('answers the balance and earnings, equal to the ledger the logs show', async () => {
    const w = walletSchema.parse(body(await get('/wallet/amount/fetch')).data);
    const logs = walletLogsSchema.parse(body(await get('/wallet/transaction/fetch?limit=200')).data);
    expect(logs.count).toBe(logs.rows.length);
    const sum = logs.rows.reduce((s, r) => s + (r.type === 1 ? r.amount : -r.amount), 0);
    expect(w.total_amount).toBe(sum);
    expect(w.credit_amount).toBeGreaterThan(w.total_amount);
    expect(logs.rows.some((r) => r.type === 2 && r.reason === 'Payout')).toBe(true);
    expect(logs.rows.some((r) => r.type === 1 && r.reason === 'Lead approved')).toBe(true);
    expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
  });

  it('is each partner\u2019s own and needs a login', async () => {
    const ravi = await loginWorker(t, '9876500002');
    const logs = walletLogsSchema.parse(body(await get('/wallet/transaction/fetch', ravi)).data);
    expect(logs.rows.every((r) => r.remark !== 'Paid to HDFC Bank XX4321')).toBe(true);
    expect((await get('/wallet/amount/fetch', '')).statusCode).toBe(401);
    expect((await get('/wallet/transaction/fetch?limit=0')).statusCode).toBe(400);
  });

  it('answers an entry’s reason and remark in English with their codes and parts, for the page to say in the reader’s language', async () => {
    const ravi = await loginWorker(t, '9876500002');
    await t.services.wallet.post({
      user_id: (await t.services.users.byMobile('9876500002'))!.user_id,
      type: WALLET_CREDIT,
      amount_paise: 100,
      reason: say('wallet.leadApprovedFor', { project: 'Credit card' }),
      remark: say('wallet.payoutRunReason', { id: 7, reason: say('wallet.transferFailed') }),
      idempotency_key: 'test:coded-reason',
    });
    const hindi = `${ravi}; pmw_lang=hi`;
    const logs = walletLogsSchema.parse(body(await get('/wallet/transaction/fetch', hindi)).data);
    expect(logs.rows[0]).toMatchObject({
      reason: 'Lead approved: Credit card',
      reason_code: 'wallet.leadApprovedFor',
      reason_vars: { project: 'Credit card' },
      remark: 'Payout run 7: Transfer failed',
      remark_code: 'wallet.payoutRunReason',
      remark_vars: { id: 7, reason: { code: 'wallet.transferFailed', vars: {} } },
    });
  });
});
