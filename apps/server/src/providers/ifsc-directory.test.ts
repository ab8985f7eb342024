import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { bankSchema, ifscLookupSchema } from '@pmw/contract/partner-profile';
// The refresh script is plain JavaScript run by node; its text maker is what the server's file comes from.
import { directoryText } from '../../../../scripts/ifsc-directory.mjs';
import { body, createTestApp, loginWorker } from '../../test/test-app';
import { createOfflineIfsc, validateIfsc } from './ifsc';
import { loadIfscDirectory, parseIfscDirectory } from './ifsc-directory';

// A CSV in the shape of Razorpay's IFSC.csv. The codes are real ones the `ifsc` package lists; the branch
// names and addresses are made up for the test (the real directory is made from the published file).
const CSV = [
  'BANK,IFSC,BRANCH,CENTRE,DISTRICT,STATE,ADDRESS,CONTACT,IMPS,RTGS,CITY,ISO3166,NEFT,MICR,UPI,SWIFT',
  'HDFC Bank,HDFC0000001,Test Branch One,MUMBAI,MUMBAI,MAHARASHTRA,"1 Test Road, Mumbai 400001",,true,true,MUMBAI,IN-MH,true,,true,',
  'State Bank of India,SBIN0005943,Test Branch\tTwo,PUNE,PUNE,MAHARASHTRA,,,true,true,PUNE,IN-MH,true,,true,',
  // A code the package does not list: left out, so the form never names a branch for a code it refuses.
  'Nowhere Bank,ZZZZ0000001,Made Up,X,X,X,Nowhere,,true,true,X,IN-MH,true,,true,',
].join('\n');

const dir = mkdtempSync(path.join(tmpdir(), 'pmw-ifsc-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function directoryFile(): Promise<string> {
  const { text, count } = await directoryText(Readable.from([CSV]), { source: 'test.csv' });
  expect(count).toBe(2);
  const file = path.join(dir, `ifsc-${Math.random().toString(36).slice(2)}.tsv.gz`);
  writeFileSync(file, gzipSync(text));
  return file;
}

describe('the offline IFSC branch directory', () => {
  it('is made from the published CSV: known codes only, one clean line a branch, sorted', async () => {
    const { text } = await directoryText(Readable.from([CSV]), { source: 'test.csv' });
    expect(text.split('\n')).toEqual([
      '#ifsc-directory 1 test.csv',
      'HDFC0000001\tTest Branch One\t1 Test Road, Mumbai 400001',
      'SBIN0005943\tTest Branch Two\t',
      '',
    ]);
    expect(parseIfscDirectory(text).get('SBIN0005943')).toEqual({ BRANCH: 'Test Branch Two', ADDRESS: null });
    expect(parseIfscDirectory('not a directory\nHDFC0000001\tX\tY').size).toBe(0);
  });

  it('fills the branch and address offline, read on the first lookup', async () => {
    const warnings: string[] = [];
    const directory = loadIfscDirectory(await directoryFile(), (m) => warnings.push(m));
    const ifsc = createOfflineIfsc(directory);
    expect(await ifsc.lookup('hdfc0000001')).toEqual({
      ifsc: 'HDFC0000001',
      valid: true,
      BANK: 'HDFC Bank',
      BRANCH: 'Test Branch One',
      ADDRESS: '1 Test Road, Mumbai 400001',
    });
    // A valid code the directory lacks still has its bank.
    expect(await ifsc.lookup('SBIN0000001')).toMatchObject({ valid: true, BANK: 'State Bank of India', BRANCH: null });
    expect(directory.size()).toBe(2);
    expect(warnings).toEqual([]);
  });

  it('without its file is empty, said once, and the bank is still named', async () => {
    const warnings: string[] = [];
    const ifsc = createOfflineIfsc(loadIfscDirectory(path.join(dir, 'missing.tsv.gz'), (m) => warnings.push(m)));
    expect(await ifsc.lookup('HDFC0000001')).toMatchObject({ valid: true, BANK: 'HDFC Bank', BRANCH: null, ADDRESS: null });
    await ifsc.lookup('HDFC0000001');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('scripts/ifsc-directory.mjs');
  });

  it("names a small bank that clears through a larger one by its own name, not the larger bank's", () => {
    expect(validateIfsc('HDFC0CAACOB')).toEqual({ valid: true, bank: 'Akhand Anand Co.op Bank' });
  });

  it('the bank form’s lookup answers the branch from the directory the configuration names', async () => {
    const t = await createTestApp({ IFSC_DIRECTORY_FILE: await directoryFile() });
    try {
      const asha = await loginWorker(t, '9876500001');
      const res = await t.app.inject({ method: 'GET', url: '/api/v2/partner/ifsc/HDFC0000001', headers: { cookie: asha } });
      expect(ifscLookupSchema.parse(body(res).data)).toMatchObject({ BANK: 'HDFC Bank', BRANCH: 'Test Branch One' });
      // A bank saved with no branch shows the directory's in the bank list's Branch column.
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/v2/partner/profile/bank/add',
        headers: { cookie: asha },
        payload: { ifsc_code: 'HDFC0000001', account_no: '50100999911112', account_no_confirm: '50100999911112' },
      });
      expect(added.statusCode, added.body).toBe(200);
      const banks = bankSchema
        .array()
        .parse(body(await t.app.inject({ method: 'GET', url: '/api/v2/partner/profile/bank/fetch', headers: { cookie: asha } })).data);
      expect(banks.find((b) => b.account_no.endsWith('1112'))?.branch_detail).toBe('Test Branch One, 1 Test Road, Mumbai 400001');
    } finally {
      await t.close();
    }
  });
});
