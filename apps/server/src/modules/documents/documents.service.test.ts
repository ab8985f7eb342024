import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documents } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
const ravi = { kind: 'worker' as const, id: 102 };

describe('documents', () => {
  it('validates numbers by type with clear messages', async () => {
    await expect(t.services.documents.add(ravi, { user_id: 102, type: 'PAN', number: 'ABC123' })).rejects.toThrow('Invalid PAN number');
    await expect(t.services.documents.add(ravi, { user_id: 102, type: 'AADHAAR', number: '498712345604' })).rejects.toThrow(
      'Invalid Aadhaar number',
    );
    await expect(t.services.documents.add(ravi, { user_id: 102, type: 'GST', number: '29AKXPV4821M1Z5' })).rejects.toThrow(
      'Invalid GST number',
    );
  });

  it('stores the number encrypted, shows it masked, and a retry adds no second row', async () => {
    const first = await t.services.documents.add(ravi, { user_id: 102, type: 'PAN', number: 'bqrpk7731d' });
    expect(first.number).toBe('XXXXXX731D');
    const again = await t.services.documents.add(ravi, { user_id: 102, type: 'PAN', number: 'BQRPK7731D' });
    expect(again.document_id).toBe(first.document_id);
    const rows = await t.database.db.select().from(documents).where(eq(documents.user_id, 102));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.number_enc).not.toContain('7731');
    await expect(t.services.documents.add(ravi, { user_id: 102, type: 'PAN', number: 'BQRPK7732D' })).rejects.toThrow('already added');
  });

  it('refuses adding documents for someone else, or with a file that is not yours', async () => {
    await expect(t.services.documents.add(ravi, { user_id: 101, type: 'PAN', number: 'BQRPK7731D' })).rejects.toThrow('your own');
    await expect(
      t.services.documents.add(ravi, { user_id: 102, type: 'AADHAAR', number: '234567890124', file_id: 999999 }),
    ).rejects.toThrow('not found');
  });

  it('knows KYC is complete for Asha and not for Ravi', async () => {
    expect(await t.services.documents.kycComplete(101)).toBe(true);
    expect(await t.services.documents.kycComplete(102)).toBe(false);
  });

  it('a rejected document can be submitted again', async () => {
    const doc = await t.services.documents.add(ravi, { user_id: 102, type: 'AADHAAR', number: '234567890124' });
    await t.services.documents.setStatus(doc.document_id, 2, 'Photo is blurred');
    const again = await t.services.documents.add(ravi, { user_id: 102, type: 'AADHAAR', number: '739264815024' });
    expect(again).toMatchObject({ document_id: doc.document_id, status: 0, reject_reason: null, number: 'XXXXXXXX5024' });
  });
});
