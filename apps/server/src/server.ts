// The process entry. It only decides whether a fresh data dir starts from the
// build's demo snapshot and starts that copy, then loads the server (main.mjs,
// a bundle of its own) while the files copy: the copy and the module loading
// overlap instead of adding up.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config';
import { restoreDemoSnapshot, snapshotDir, wantsDemoSnapshot } from './seed/restore';
import type { main as Main } from './main';

const here = path.dirname(fileURLToPath(import.meta.url));
let restoring: Promise<boolean> = Promise.resolve(false);
try {
  const config = loadConfig();
  if (wantsDemoSnapshot(config, process.argv)) restoring = restoreDemoSnapshot(snapshotDir(here), config.dataDir);
} catch {
  // A bad configuration: main reports it.
}
// Awaited by main before it opens the database; a failure is reported there.
restoring.catch(() => undefined);
// Built: main.mjs beside this file; from the sources (tsx): main.ts.
const bundled = new URL('./main.mjs', import.meta.url);
const mainUrl = existsSync(fileURLToPath(bundled)) ? bundled : new URL('./main.ts', import.meta.url);
const { main } = (await import(mainUrl.href)) as { main: typeof Main };
main(restoring).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
