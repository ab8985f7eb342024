// The process entry. On PGlite it starts the database's thread first (which
// copies the build's demo snapshot into a fresh data dir, then opens the
// database), then loads the server (main.mjs, a bundle of its own) meanwhile:
// the two overlap instead of adding up (docs/performance.md, Start).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { snapshotDir } from './seed/restore';
import { startPgliteThread, type StartedPgliteThread } from './db/pglite/pglite-remote';
import type { main as Main } from './main';

const here = path.dirname(fileURLToPath(import.meta.url));
// Built: the thread's bundle beside this file, started first of all (it reads the
// database settings itself). From the sources (tsx) PGlite runs in the server's thread.
const threadScript = new URL('./pglite-worker.mjs', import.meta.url);
let pgliteThread: StartedPgliteThread | undefined;
// With DATABASE_URL there is no thread and no snapshot (the snapshot is PGlite's, beside the bundle).
if (!process.env.DATABASE_URL && existsSync(fileURLToPath(threadScript))) {
  pgliteThread = startPgliteThread(threadScript, { argv: process.argv, snapshot: snapshotDir(here) }, (err) => {
    // Nothing is answered without the database: stop, so whatever runs the server starts it again.
    console.error(err);
    process.exit(1);
  });
}
// Built: main.mjs beside this file; from the sources (tsx): main.ts.
const bundled = new URL('./main.mjs', import.meta.url);
const mainUrl = existsSync(fileURLToPath(bundled)) ? bundled : new URL('./main.ts', import.meta.url);
const { main } = (await import(mainUrl.href)) as { main: typeof Main };
main(pgliteThread).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
