import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bankSchema, documentSchema, ifscLookupSchema, profileSchema } from '@pmw/contract/partner-profile';
import { bankDetails, users } from '../../db/schema/index';
import { body, createTestApp, loginWorker, type TestApp } from '../../../test/test-app';
import { PARTNER_DEMO } from '../../seed/partner.seed';

let t: TestApp;
let asha: string;
let ravi: string;
beforeAll(async () => {
  t = await createTestApp();
  asha = await loginWorker(t, '9876500001');
  ravi = await loginWorker(t, '9876500002');
});
afterAll(async () => t.close());

const get = (url: string, cookie = asha) => t.app.inject({ method: 'GET', url: `/api/v2/partner${url}`, headers: { cookie } });
const post = (url: string, payload: unknown, cookie = asha) =>
  t.app.inject({ method: 'POST', url: `/api/v2/partner${url}`, payload: payload as object, headers: { cookie } });

async function upload(cookie: string, name: string, purpose: string, bytes: Buffer) {
  const signed = await t.app.inject({
    method: 'PUT',
    url: '/api/v2/partner/file/s3/url/signed',
    payload: { file_name: name, file_purpose: purpose },
    headers: { cookie },
  });
  const { url, key, content_type } = body<{ url: string; key: string; content_type: string }>(signed).data;
  await t.app.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': content_type } });
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/v2/partner/file/add',
    payload: { file_key: key, file_name: name, file_purpose: purpose },
    headers: { cookie },
  });
  return body<{ file_id: number; file_key: string }>(added).data;
}
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('Personal Details', () => {
  it('fetches and updates the profile with the spec fields', async () => {
    const p = profileSchema.parse(body(await get('/profile/basic/fetch')).data);
    expect(p).toMatchObject({ id: 'PMW101', user_id: 101, first_name: 'Asha' });
    // The spec's profile also carries `details` and `documents`: the KYC documents as the document fetch answers them.
    const docs = documentSchema.array().parse(body(await get('/profile/document/fetch')).data);
    expect(p.documents).toEqual(docs);
    expect(p.details).toEqual({ kyc_complete: expect.any(Boolean) });
    const pic = await upload(asha, 'me.png', 'USER_PROFILE', PNG);
    const res = await post('/profile/basic/update', {
      first_name: 'Asha',
      email: 'asha@example.com',
      gender: 2,
      zip_code: '560034',
      city: 'Bengaluru',
      state: 'Karnataka',
      permanent_address: '12, 4th Cross, Koramangala',
      location_coords: '12.935200,77.624500',
      profile_picture_key: pic.file_key,
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Details updated successfully!');
    const saved = profileSchema.parse(body(res).data);
    expect(saved).toMatchObject({ email: 'asha@example.com', gender: 2, zip_code: '560034', profile_picture_key: pic.file_key });
    expect(saved.profile_picture_url).toBeTruthy();
  });

  it('refuses a bad email, pincode, gender, empty name and another partner\u2019s picture', async () => {
    const base = { first_name: 'Asha', email: null, gender: 2, zip_code: '560034' };
    expect(body(await post('/profile/basic/update', { ...base, email: 'not-mail' })).message).toContain('Invalid email address');
    expect(body(await post('/profile/basic/update', { ...base, zip_code: '56A' })).message).toContain('Pincode must be 6 digits');
    expect((await post('/profile/basic/update', { ...base, gender: 4 })).statusCode).toBe(400);
    expect(body(await post('/profile/basic/update', { ...base, first_name: ' ' })).message).toContain('Name is required');
    const ravisPic = await upload(ravi, 'ravi.png', 'USER_PROFILE', PNG);
    expect((await post('/profile/basic/update', { ...base, profile_picture_key: ravisPic.file_key })).statusCode).toBe(403);
    expect((await post('/profile/basic/update', base, '')).statusCode).toBe(401);
  });
});

describe('KYC documents', () => {
  it('shows the owner masked numbers; another user_id is refused', async () => {
    const docs = documentSchema.array().parse(body(await get('/profile/document/fetch?user_id=101')).data);
    expect(docs.map((d) => d.type).sort()).toEqual(['AADHAAR', 'PAN']);
    expect(docs.find((d) => d.type === 'PAN')!.number).toBe('XXXXXX821M');
    expect((await get('/profile/document/fetch?user_id=102')).statusCode).toBe(403);
  });

  it('validates PAN, Aadhaar and GSTIN, adds them once, and keeps them read-only', async () => {
    const front = await upload(ravi, 'front.png', 'USER_AADHAR_FILE', PNG);
    const back = await upload(ravi, 'back.png', 'USER_AADHAR_FILE', PNG);
    const badPan = await post('/profile/document/add', { user_id: 102, type: 'PAN', number: 'ABCDE12345' }, ravi);
    expect(body(badPan).message).toContain('Invalid PAN number');
    const badAadhaar = await post(
      '/profile/document/add',
      { user_id: 102, type: 'AADHAAR', number: '498712345604', file_id: front.file_id, file_id2: back.file_id },
      ravi,
    );
    expect(body(badAadhaar).message).toContain('Invalid Aadhaar number');
    const badGst = await post('/profile/document/add', { user_id: 102, type: 'GST', number: '27AAPFU0939F1ZX' }, ravi);
    expect(body(badGst).message).toContain('Invalid GST number');
    const pan = await post('/profile/document/add', { user_id: 102, type: 'PAN', number: 'bnzpk1234q' }, ravi);
    expect(pan.statusCode).toBe(200);
    expect(documentSchema.parse(body(pan).data).number).toBe('XXXXXX234Q');
    const aadhaar = await post(
      '/profile/document/add',
      { user_id: 102, type: 'AADHAAR', number: '4987 1234 5605', file_id: front.file_id, file_id2: back.file_id },
      ravi,
    );
    expect(documentSchema.parse(body(aadhaar).data)).toMatchObject({
      number: 'XXXXXXXX5605',
      file_id: front.file_id,
      file_id2: back.file_id,
    });
    const gst = await post('/profile/document/add', { user_id: 102, type: 'GST', number: '27AAPFU0939F1ZV' }, ravi);
    expect(gst.statusCode).toBe(200);
    const change = await post('/profile/document/add', { user_id: 102, type: 'PAN', number: 'CNZPK1234Q' }, ravi);
    expect(change.statusCode).toBe(409);
    // Someone else's id in the body.
    expect((await post('/profile/document/add', { user_id: 101, type: 'GST', number: '27AAPFU0939F1ZV' }, ravi)).statusCode).toBe(403);
    // Asha's file on Ravi's document.
    const ashaFile = await upload(asha, 'a.png', 'USER_DOCUMENT', PNG);
    expect(
      (await post('/profile/document/add', { user_id: 102, type: 'FIRM_PAN', number: 'AAPFU0939F', file_id: ashaFile.file_id }, ravi))
        .statusCode,
    ).toBeGreaterThanOrEqual(403);
  });
});

describe('Banks', () => {
  it('looks up an IFSC offline: bank name for a known code, says so for an unknown one', async () => {
    const hdfc = ifscLookupSchema.parse(body(await get('/ifsc/hdfc0000001')).data);
    expect(hdfc).toMatchObject({ ifsc: 'HDFC0000001', valid: true, BANK: 'HDFC Bank' });
    const unknown = await get('/ifsc/ZZZZ0000001');
    expect(body(unknown).message).toBe('This IFSC code was not found');
    expect(ifscLookupSchema.parse(body(unknown).data).valid).toBe(false);
  });

  it('lists banks masked, with Verified and Default', async () => {
    const banks = bankSchema.array().parse(body(await get('/profile/bank/fetch')).data);
    expect(banks).toHaveLength(2);
    expect(banks[0]).toMatchObject({ bank_name: 'HDFC Bank', account_no: 'XXXXXXXXXX4321', status: 1, is_default: true });
    expect(JSON.stringify(banks)).not.toContain('50100123454321');
    const [row] = await t.database.db.select().from(bankDetails).where(eq(bankDetails.bank_detail_id, PARTNER_DEMO.banks.ashaHdfc));
    expect(row!.account_no_enc).not.toContain('4321');
    expect(t.services.banks.revealAccount(row!)).toBe('50100123454321');
  });

  it('refuses a mismatch, a bad or unknown IFSC and a bad account number with clear messages', async () => {
    const mismatch = await post(
      '/profile/bank/add',
      { ifsc_code: 'SBIN0005943', account_no: '123456789012', account_no_confirm: '123456789013' },
      ravi,
    );
    expect(body(mismatch).message).toBe('Account number not matched, Please check');
    expect(
      body(
        await post('/profile/bank/add', { ifsc_code: 'SBIN005943', account_no: '123456789012', account_no_confirm: '123456789012' }, ravi),
      ).message,
    ).toContain('Invalid IFSC code');
    expect(
      body(
        await post('/profile/bank/add', { ifsc_code: 'ZZZZ0000001', account_no: '123456789012', account_no_confirm: '123456789012' }, ravi),
      ).message,
    ).toBe('This IFSC code was not found');
    expect(
      body(await post('/profile/bank/add', { ifsc_code: 'SBIN0005943', account_no: '12AB', account_no_confirm: '12AB' }, ravi)).message,
    ).toContain('Account number must be 9 to 18 digits');
    expect(
      (
        await post(
          '/profile/bank/add',
          { user_id: 101, ifsc_code: 'SBIN0005943', account_no: '123456789012', account_no_confirm: '123456789012' },
          ravi,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('keeps at most 3 banks even when many adds arrive at once', async () => {
    // Accounts ending 9999 are held by someone else at the simulated bank: they wait for ops' review.
    const adds = await Promise.all(
      ['111119999', '222229999', '333339999', '444449999', '555559999'].map((n) =>
        post(
          '/profile/bank/add',
          { user_id: 102, ifsc_code: 'ICIC0000001', account_no: n, account_no_confirm: n, bank_name: 'Spoofed Bank' },
          ravi,
        ),
      ),
    );
    expect(adds.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(adds.filter((r) => r.statusCode === 409).every((r) => body(r).message === 'You can add at most 3 bank accounts')).toBe(true);
    const banks = bankSchema.array().parse(body(await get('/profile/bank/fetch', ravi)).data);
    expect(banks).toHaveLength(3);
    expect(banks.every((b) => b.bank_name === 'ICICI Bank' && b.status === 0 && !b.is_default)).toBe(true);
  });

  it('makes only a verified bank default, one default at a time, and only the owner\u2019s', async () => {
    const banks = bankSchema.array().parse(body(await get('/profile/bank/fetch', ravi)).data);
    const [a, b] = banks;
    expect(body(await post('/profile/bank/set/default', { bank_detail_id: a!.bank_detail_id }, ravi)).message).toBe(
      'Only a verified bank can be made default',
    );
    // Ops review: the first verified bank becomes the default.
    const verified = await t.services.banks.setStatus(a!.bank_detail_id, 1);
    expect(verified.is_default).toBe(true);
    await t.services.banks.setStatus(b!.bank_detail_id, 1);
    const res = await post('/profile/bank/set/default', { bank_detail_id: b!.bank_detail_id }, ravi);
    expect(res.statusCode).toBe(200);
    const after = bankSchema.array().parse(body(res).data);
    expect(after.filter((x) => x.is_default).map((x) => x.bank_detail_id)).toEqual([b!.bank_detail_id]);
    expect((await t.services.banks.verifiedDefault(102))?.bank_detail_id).toBe(b!.bank_detail_id);
    // Ravi's bank from Asha's session.
    expect((await post('/profile/bank/set/default', { bank_detail_id: b!.bank_detail_id })).statusCode).toBe(404);
    const rejected = await t.services.banks.setStatus(b!.bank_detail_id, 2, 'Name does not match');
    expect(rejected).toMatchObject({ status: 2, is_default: false });
  });

  it('shows why a bank was rejected, lets it be removed and replaced, and counts only banks in use toward 3', async () => {
    const banks = bankSchema.array().parse(body(await get('/profile/bank/fetch', ravi)).data);
    expect(banks).toHaveLength(3);
    const rejected = banks.find((x) => x.status === 2)!;
    expect(rejected.reject_reason).toBe('Name does not match');
    // Ops' own words have no code: every reader sees them as written.
    expect(rejected.reject_reason_code).toBeNull();
    expect(banks.filter((x) => x.status !== 2).every((x) => x.reject_reason === null)).toBe(true);

    // Two in use and one rejected: a replacement may be added beside the rejected one.
    const replacement = await post(
      '/profile/bank/add',
      { ifsc_code: 'SBIN0005943', account_no: '666669999', account_no_confirm: '666669999' },
      ravi,
    );
    expect(replacement.statusCode, replacement.body).toBe(200);
    const fourth = await post(
      '/profile/bank/add',
      { ifsc_code: 'SBIN0005943', account_no: '777779999', account_no_confirm: '777779999' },
      ravi,
    );
    expect(body(fourth).message).toBe('You can add at most 3 bank accounts');

    // Only the owner's rejected bank, or one still under review, can be removed: not one in use.
    const inUse = banks.find((x) => x.status === 1)!;
    const notRejected = await post('/profile/bank/remove', { bank_detail_id: inUse.bank_detail_id }, ravi);
    expect(notRejected.statusCode).toBe(409);
    expect(body(notRejected).message).toBe('A verified bank account cannot be removed');
    expect((await post('/profile/bank/remove', { bank_detail_id: rejected.bank_detail_id })).statusCode).toBe(404);
    const removed = await post('/profile/bank/remove', { bank_detail_id: rejected.bank_detail_id }, ravi);
    expect(removed.statusCode).toBe(200);
    expect(body(removed).message).toBe('Bank account removed');
    const left = bankSchema.array().parse(body(removed).data);
    expect(left.map((x) => x.bank_detail_id)).not.toContain(rejected.bank_detail_id);
    expect(left).toHaveLength(3);
    expect((await post('/profile/bank/remove', { bank_detail_id: rejected.bank_detail_id }, ravi)).statusCode).toBe(404);

    // A bank still under review (a typo in it) can be removed too, to add it again as it should be.
    const inReview = left.find((x) => x.status === 0)!;
    const fixed = await post('/profile/bank/remove', { bank_detail_id: inReview.bank_detail_id }, ravi);
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(
      bankSchema
        .array()
        .parse(body(fixed).data)
        .map((x) => x.bank_detail_id),
    ).not.toContain(inReview.bank_detail_id);
  });
});

describe('session', () => {
  it('needs a login for every profile call', async () => {
    for (const url of ['/profile/basic/fetch', '/profile/document/fetch', '/profile/bank/fetch', '/ifsc/HDFC0000001']) {
      expect((await get(url, '')).statusCode).toBe(401);
    }
    const [u] = await t.database.db.select().from(users).where(eq(users.user_id, 102));
    expect(u).toBeTruthy();
  });
});
