import { loadConfig } from '../config';
import { openDatabase, type Database } from './client';

export interface CheckReport {
  /** One line on what was compared, printed first. */
  summary: string;
  /** One line a difference; none means every figure agrees. */
  differences: string[];
  /** Printed when there is no difference. */
  agreed: string;
  /** Printed before the differences, given their count. */
  differ: (count: number) => string;
}

/**
 * Runs a whole-database consistency check from the command line: opens the
 * configured database, prints the report and exits 0 when everything agrees,
 * 1 when anything differs, 2 when the check itself fails.
 */
export function runCheck(check: (database: Database, started: number) => Promise<CheckReport>): void {
  const main = async () => {
    const config = loadConfig();
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    // A fresh data folder has no tables yet; migrating is a no-op on a current database.
    await database.migrate();
    try {
      const report = await check(database, Date.now());
      console.log(report.summary);
      if (!report.differences.length) {
        console.log(report.agreed);
        return 0;
      }
      console.log(report.differ(report.differences.length));
      for (const line of report.differences) console.log(`  ${line}`);
      return 1;
    } finally {
      await database.close();
    }
  };
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(2);
    },
  );
}
