import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bankDetails, creditConsents, documents, otpRequests, payoutRunItems, payoutRuns } from '../db/schema/index';
import { createFieldCipher, hmac } from '../lib/crypto';
import { body, createTestApp, loginWorker, type TestApp } from '../../test/test-app';
import { testConfig } from '../../test/test-config';
import { restoreDemoSnapshot, wantsDemoSnapshot } from './restore';
import { rekeySealedData, SNAPSHOT_SECRET_KEY } from './snapshot';

const NEW_KEY = 'a-key-this-data-dir-made-for-itself-0000000001';

describe('a start from the demo snapshot with a key of its own', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The test database was seeded with the test key, as the build's snapshot is with the snapshot key.
    t = await createTestApp({ SECRET_KEY: NEW_KEY });
  });
  afterAll(async () => t.close());

  it("reads Asha's PAN and finds her bank account after sealing them again with the new key", async () => {
    const [pan] = await t.database.db
      .select()
      .from(documents)
      .where(and(eq(documents.user_id, 101), eq(documents.type, 'PAN')));
    expect(() => t.services.documents.reveal(pan!)).toThrow();
    await rekeySealedData(t.database.db, testConfig().secretKey, NEW_KEY);

    const [resealed] = await t.database.db.select().from(documents).where(eq(documents.document_id, pan!.document_id));
    expect(t.services.documents.reveal(resealed!)).toBe('AKXPV4821M');
    expect(createFieldCipher(NEW_KEY).decrypt(resealed!.number_enc)).toBe('AKXPV4821M');
    // A lead's PAN still finds its holder (lead risk), by the hash made with the new key.
    expect(await t.services.documents.holders('PAN', 'AKXPV4821M')).toEqual([101]);
    expect(await t.services.banks.holders('50100123454321')).toEqual([101]);
    // Asha sees her masked PAN, and adding her seeded bank account again is recognised as the same account.
    const asha = await loginWorker(t, '9876500001');
    const docs = body<{ type: string; number: string }[]>(
      await t.app.inject({ method: 'GET', url: '/api/v2/partner/profile/document/fetch', headers: { cookie: asha } }),
    );
    expect(JSON.stringify(docs.data)).toContain('XXXXXX821M');
    await expect(t.services.banks.add(101, { ifsc_code: 'HDFC0000001', account_no: '50100123454321' })).rejects.toThrow();
  });

  it("seals a credit consent's PAN and a paid partner's account again, and drops OTPs sealed with the old key", async () => {
    const oldKey = createFieldCipher(NEW_KEY);
    const newerKey = 'the-next-key-of-this-data-dir-000000000000002';
    const db = t.database.db;
    await db.insert(creditConsents).values({
      consent_id: 'rekey-consent',
      purpose: 'loan',
      mobile: '9000000001',
      name: 'Ravi',
      pan_enc: oldKey.encrypt('ABCDE1234F'),
      pan_last4: '234F',
      utm_code: 'asha01',
      otp_request_id: 'x',
      client_ip: '127.0.0.1',
    });
    const [run] = await db.insert(payoutRuns).values({ request_key: 'rekey-run', created_by: 101 }).returning();
    await db.insert(payoutRunItems).values([
      {
        payout_run_id: run!.payout_run_id,
        user_id: 101,
        status: 'PAID',
        amount_paise: 100,
        account_no_enc: oldKey.encrypt('50100123454321'),
      },
      { payout_run_id: run!.payout_run_id, user_id: 102, status: 'HELD', amount_paise: 100, reason: 'No bank' },
    ]);
    expect((await db.select().from(otpRequests)).length).toBeGreaterThan(0);

    await rekeySealedData(db, NEW_KEY, newerKey);

    const next = createFieldCipher(newerKey);
    const [consent] = await db.select().from(creditConsents).where(eq(creditConsents.consent_id, 'rekey-consent'));
    expect(next.decrypt(consent!.pan_enc)).toBe('ABCDE1234F');
    const items = await db
      .select()
      .from(payoutRunItems)
      .where(eq(payoutRunItems.payout_run_id, run!.payout_run_id))
      .orderBy(payoutRunItems.user_id);
    expect(next.decrypt(items[0]!.account_no_enc!)).toBe('50100123454321');
    expect(items[1]!.account_no_enc).toBeNull();
    for (const doc of await db.select().from(documents)) expect(() => next.decrypt(doc.number_enc)).not.toThrow();
    for (const bank of await db.select().from(bankDetails)) {
      expect(bank.account_no_hash).toBe(hmac(newerKey, `bank-account:${next.decrypt(bank.account_no_enc)}`));
    }
    expect(await db.select().from(otpRequests)).toEqual([]);
  });
});

describe('restoring the snapshot', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pmw-snapshot-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies the snapshot into a data dir with no database, and never over one', async () => {
    const snapshot = path.join(dir, 'snapshot');
    mkdirSync(path.join(snapshot, 'pgdata'), { recursive: true });
    mkdirSync(path.join(snapshot, 'files'), { recursive: true });
    writeFileSync(path.join(snapshot, 'pgdata', 'PG_VERSION'), '17\n');
    writeFileSync(path.join(snapshot, 'files', 'photo.png'), 'png');
    const fresh = path.join(dir, 'fresh');
    mkdirSync(fresh);
    writeFileSync(path.join(fresh, 'secret.key'), 'mine');
    expect(await restoreDemoSnapshot(snapshot, fresh)).toBe(true);
    expect(existsSync(path.join(fresh, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(readFileSync(path.join(fresh, 'secret.key'), 'utf8')).toBe('mine');
    expect(readFileSync(path.join(fresh, 'files', 'photo.png'), 'utf8')).toBe('png');
    // A second start finds its database and copies nothing.
    writeFileSync(path.join(fresh, 'pgdata', 'PG_VERSION'), 'changed');
    expect(await restoreDemoSnapshot(snapshot, fresh)).toBe(false);
    expect(readFileSync(path.join(fresh, 'pgdata', 'PG_VERSION'), 'utf8')).toBe('changed');
    // No snapshot built: nothing to copy.
    expect(await restoreDemoSnapshot(path.join(dir, 'missing'), path.join(dir, 'other'))).toBe(false);
  });

  it('a copy that fails leaves no half database behind: every file copy has ended before it is removed', async () => {
    const snapshot = path.join(dir, 'broken-snapshot');
    mkdirSync(path.join(snapshot, 'pgdata', 'base'), { recursive: true });
    writeFileSync(path.join(snapshot, 'pgdata', 'PG_VERSION'), '17\n');
    for (let i = 0; i < 200; i++) writeFileSync(path.join(snapshot, 'pgdata', 'base', `file-${i}`), 'x'.repeat(8192));
    // A link to nothing: its copy fails while the others are under way.
    symlinkSync(path.join(dir, 'nowhere'), path.join(snapshot, 'pgdata', 'base', 'file-100-link'));
    const fresh = path.join(dir, 'fresh-after-failure');
    await expect(restoreDemoSnapshot(snapshot, fresh)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(existsSync(path.join(fresh, 'pgdata'))).toBe(false);
  });

  it('the build seals the snapshot with the key a start unseals it with', () => {
    const build = readFileSync(path.join(import.meta.dirname, '../../build.mjs'), 'utf8');
    expect(build).toContain(`'${SNAPSHOT_SECRET_KEY}'`);
  });

  it('a fresh data dir starts from the snapshot only outside production, on PGlite, with the demo allowed, for the server itself', () => {
    const settings = { env: 'development', dataDir: '/data', databaseUrl: undefined, seedDemo: 'auto' } as const;
    expect(wantsDemoSnapshot(settings, [], {})).toBe(true);
    expect(wantsDemoSnapshot({ ...settings, env: 'production' }, [], {})).toBe(false);
    expect(wantsDemoSnapshot({ ...settings, databaseUrl: 'postgres://db/pmw' }, [], {})).toBe(false);
    expect(wantsDemoSnapshot({ ...settings, seedDemo: 'never' }, [], {})).toBe(false);
    expect(wantsDemoSnapshot(settings, ['--migrate-only'], {})).toBe(false);
    expect(wantsDemoSnapshot(settings, ['--create-admin', '9876500001'], {})).toBe(false);
    expect(wantsDemoSnapshot(settings, [], { PMW_NO_SNAPSHOT: '1' })).toBe(false);
  });
});
