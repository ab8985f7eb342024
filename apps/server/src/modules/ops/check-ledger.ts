import { runCheck } from '../../db/run-check';
import { createWalletService } from '../wallet/wallet.service';

/**
 * Compares every wallet's balance with the sum of its ledger over the whole
 * database and prints the wallets that differ; exits 1 when any does.
 */
runCheck(async (database, started) => {
  const wallet = createWalletService({ db: database.db });
  const mismatches = await wallet.ledgerMismatches();
  const counts = (await database.db.execute(
    "select (select count(*) from wallets)::int as wallets, (select count(*) from wallet_transactions)::int as entries",
  )) as unknown as { rows: { wallets: number; entries: number }[] };
  const c = counts.rows[0];
  return {
    summary: `Checked ${c?.wallets ?? 0} wallets and ${c?.entries ?? 0} ledger entries on ${database.kind} in ${Date.now() - started} ms.`,
    agreed: 'Every balance equals its ledger.',
    differ: (count) => `${count} wallets differ from their ledger:`,
    differences: mismatches.map((m) => `user ${m.user_id}: balance ${m.balance_paise} paise, ledger ${m.ledger_paise} paise`),
  };
});
