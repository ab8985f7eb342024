// The database as the built server runs it on PGlite: on a thread of its own
// (apps/server/dist/pglite-worker.mjs, so `npm run build` first), in DATA_DIR.
import { existsSync } from 'node:fs';
import { pgliteThreadDatabase, type Database } from '../apps/server/src/db/client';
import { startPgliteThread } from '../apps/server/src/db/pglite-remote';

export async function openServerDatabase(dataDir: string): Promise<Database> {
  const script = new URL('../apps/server/dist/pglite-worker.mjs', import.meta.url);
  if (!existsSync(script)) throw new Error('No build: run `npm run build` first (the database runs on its own thread, from the build, as in the server).');
  // The thread reads its settings from the environment, as the server's does.
  Object.assign(process.env, { NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'never' });
  delete process.env.DATABASE_URL;
  const thread = startPgliteThread(script, { argv: [], snapshot: '' });
  await thread.opened;
  const database = pgliteThreadDatabase(thread.client);
  await database.migrate();
  return database;
}
