import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openPglite } from './db/client';
import { createAdmin, createAdminMobile } from './create-admin';
import { auditLog, opsAgents, users } from './db/schema/index';
import { COMPANY_ENV, DLT_ENV } from '../test/dlt-env';

/**
 * `npm run create-admin -- <mobile>` runs the server entry with --create-admin:
 * here the same entry, in production mode, on a database `--migrate-only` made.
 */
const entry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
const dataDir = mkdtempSync(path.join(tmpdir(), 'pmw-admin-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', entry, ...args], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SECRET_KEY: 'create-admin-test-key-0123456789abcdef',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'http://127.0.0.1:9/sms',
      ...DLT_ENV,
      ...COMPANY_ENV,
      LOG_LEVEL: 'warn',
      PMW_NO_SNAPSHOT: '1',
    },
    encoding: 'utf8',
    // The child transpiles the server's sources with tsx: minutes on a crowded machine, seconds on a quiet one.
    timeout: 240_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
};

it('reads the mobile from the command line and says what is wrong with it', () => {
  expect(createAdminMobile(['--create-admin', '+91 98123 45678'])).toEqual({ mobile: '9812345678' });
  expect(createAdminMobile(['--create-admin'])).toEqual({ error: expect.stringMatching(/npm run create-admin -- <mobile>/) });
  expect(createAdminMobile(['--create-admin', '12'])).toEqual({ error: 'Not a 10-digit mobile number: 12' });
});

it('creates the first admin of a production install, once, audited with no actor', async () => {
  // What `npm run migrate` does, done in this process to keep the test short.
  const migrated = await openPglite(path.join(dataDir, 'pgdata'));
  await migrated.migrate();
  await migrated.close();

  const first = run('--create-admin', '+91 98123 45678');
  expect(first, first.out).toMatchObject({ code: 0 });
  expect(first.out).toMatch(/Created user \d+ with mobile 9812345678 and made them an ops admin/);

  const database = await openPglite(path.join(dataDir, 'pgdata'));
  try {
    const db = database.db;
    // Running it again changes nothing.
    expect(await createAdmin(db, '9812345678')).toMatchObject({ outcome: 'already-admin' });
    const [user] = await db.select().from(users).where(eq(users.mobile, '9812345678'));
    expect(await db.select().from(opsAgents)).toEqual([expect.objectContaining({ user_id: user!.user_id, role: 'admin' })]);
    // Production never loads the demo: this is the only person there is.
    expect(await db.select().from(users)).toHaveLength(1);
    expect(await db.select().from(auditLog)).toEqual([
      expect.objectContaining({ action: 'agent.add', actor_user_id: null, entity_id: String(user!.user_id) }),
    ]);
  } finally {
    await database.close();
  }
}, 300_000);
