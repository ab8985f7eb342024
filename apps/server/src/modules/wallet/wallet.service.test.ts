import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { WALLET_CREDIT, WALLET_DEBIT } from './wallet.service';
import { say } from '@pmw/contract/texts/said';

let t: TestApp;
// A partner of its own, so demo wallets seeded by other areas do not matter.
let user = 0;
beforeAll(async () => {
  t = await createTestApp();
  user = (await t.services.users.findOrCreateByMobile('9000012345', 'Wallet Test')).user_id;
});
afterAll(async () => t.close());

describe('wallet ledger', () => {
  it('credits once per key, however often and however concurrently it is posted', async () => {
    const post = () =>
      t.services.wallet.post({
        user_id: user,
        type: WALLET_CREDIT,
        amount_paise: 120_000,
        reason: say('wallet.leadApproved'),
        idempotency_key: 'test:lead:1:credit',
        affects_earnings: true,
      });
    const results = await Promise.all([post(), post(), post(), post(), post()]);
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await t.services.wallet.summary(user)).toEqual({ total_amount: 120_000, credit_amount: 120_000 });
  });

  it('a reversal takes back balance and earnings; a payout takes balance only', async () => {
    await t.services.wallet.post({
      user_id: user,
      type: WALLET_DEBIT,
      amount_paise: 20_000,
      reason: say('wallet.leadReversed'),
      idempotency_key: 'test:lead:1:reverse',
      affects_earnings: true,
    });
    await t.services.wallet.post({
      user_id: user,
      type: WALLET_DEBIT,
      amount_paise: 50_000,
      reason: say('wallet.payout'),
      idempotency_key: 'test:payout:1',
    });
    expect(await t.services.wallet.summary(user)).toEqual({ total_amount: 50_000, credit_amount: 100_000 });
    const { rows, count } = await t.services.wallet.transactions(user, { limit: 10, offset: 0 });
    expect(count).toBe(3);
    expect(rows.map((r) => r.type)).toEqual([WALLET_DEBIT, WALLET_DEBIT, WALLET_CREDIT]);
  });

  it('never lets a balance go below zero, and leaves no trace of the refused debit', async () => {
    await expect(
      t.services.wallet.post({
        user_id: user,
        type: WALLET_DEBIT,
        amount_paise: 10_000_000,
        reason: say('wallet.payout'),
        idempotency_key: 'test:payout:too-much',
      }),
    ).rejects.toThrow('Insufficient wallet balance');
    expect(await t.services.wallet.byKey('test:payout:too-much')).toBeUndefined();
    expect((await t.services.wallet.summary(user)).total_amount).toBe(50_000);
  });

  it('refuses amounts that are not positive whole paise', async () => {
    await expect(
      t.services.wallet.post({ user_id: user, type: WALLET_CREDIT, amount_paise: 0, reason: say('wallet.payout'), idempotency_key: 'k0' }),
    ).rejects.toThrow();
    await expect(
      t.services.wallet.post({
        user_id: user,
        type: WALLET_CREDIT,
        amount_paise: 10.5,
        reason: say('wallet.payout'),
        idempotency_key: 'k1',
      }),
    ).rejects.toThrow();
  });

  it('the ledger check finds no wallet whose balance differs from its ledger', async () => {
    expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
  });
});
