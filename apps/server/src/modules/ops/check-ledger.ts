import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { createWalletService } from '../wallet/wallet.service';

/**
 * Compares every wallet's balance with the sum of its ledger over the whole
 * database and prints the wallets that differ; exits 1 when any does.
 */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // A fresh data folder has no tables yet; migrating is a no-op on a current database.
  await database.migrate();
  try {
    const wallet = createWalletService({ db: database.db });
    const started = Date.now();
    const mismatches = await wallet.ledgerMismatches();
    const counts = (await database.db.execute(
      "select (select count(*) from wallets)::int as wallets, (select count(*) from wallet_transactions)::int as entries",
    )) as unknown as { rows: { wallets: number; entries: number }[] };
    const c = counts.rows[0];
    console.log(`Checked ${c?.wallets ?? 0} wallets and ${c?.entries ?? 0} ledger entries on ${database.kind} in ${Date.now() - started} ms.`);
    if (!mismatches.length) {
      console.log('Every balance equals its ledger.');
      return 0;
    }
    console.log(`${mismatches.length} wallets differ from their ledger:`);
    for (const m of mismatches) console.log(`  user ${m.user_id}: balance ${m.balance_paise} paise, ledger ${m.ledger_paise} paise`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
