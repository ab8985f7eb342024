import { runCheck } from '../../db/run-check';
import { PAYOUT_ITEM_STATE } from '@pmw/contract/ops';
import { and, ne, sql } from 'drizzle-orm';
import { payoutRunItems } from '../../db/schema/ops';
import { createWalletService } from '../wallet/wallet.service';

/**
 * Compares every wallet's balance with the sum of its ledger over the whole
 * database, and every payout item's gross with its TDS + net; prints what
 * differs and exits 1 when anything does.
 */
runCheck(async (database, started) => {
  const wallet = createWalletService({ db: database.db });
  const mismatches = await wallet.ledgerMismatches();
  // Read here rather than through the payouts service, which needs the whole app's providers.
  const items = await database.db
    .select({
      run: payoutRunItems.payout_run_id,
      user: payoutRunItems.user_id,
      gross: payoutRunItems.amount_paise,
      tds: payoutRunItems.tds_paise,
      net: payoutRunItems.net_paise,
    })
    .from(payoutRunItems)
    .where(
      and(
        ne(payoutRunItems.status, PAYOUT_ITEM_STATE.held),
        sql`${payoutRunItems.amount_paise} <> ${payoutRunItems.tds_paise} + ${payoutRunItems.net_paise}`,
      ),
    );
  const c = await wallet.ledgerSize();
  return {
    summary: `Checked ${c.wallets} wallets and ${c.entries} ledger entries on ${database.kind} in ${Date.now() - started} ms.`,
    agreed: "Every balance equals its ledger, and every payout item's gross equals its TDS + net.",
    differ: (count) => `${count} wallets or payout items differ:`,
    differences: [
      ...mismatches.map((m) => `user ${m.user_id}: balance ${m.balance_paise} paise, ledger ${m.ledger_paise} paise`),
      ...items.map((i) => `payout run ${i.run}, user ${i.user}: gross ${i.gross} paise, TDS ${i.tds} + net ${i.net} paise`),
    ],
  };
});
