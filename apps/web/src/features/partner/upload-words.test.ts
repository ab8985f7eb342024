import { afterEach, describe, expect, it, vi } from 'vitest';
import { partnerFileRoutes } from '@pmw/contract/files';
import { uploadPartnerFile } from './partner-api';
import { uploadFile as uploadLeadFile } from '../../shared/lead-form/upload';

afterEach(() => vi.unstubAllGlobals());

/** The signing call answers `data`; sending the bytes anywhere would be a bug, as there is no place for them. */
function signAnswers(data: unknown) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    if (!_url.startsWith('/api/')) throw new Error(`no upload expected (${init?.method ?? 'GET'} ${_url})`);
    return new Response(JSON.stringify({ status: true, message: 'Success', data }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const file = new File(['x'], 'pan.png', { type: 'image/png' });

describe('the upload words', () => {
  it("says 'Unable to upload file. Please try again later.' exactly when the signed URL is empty", async () => {
    signAnswers({ url: '', key: 'k', content_type: 'image/png' });
    await expect(uploadPartnerFile(file, 'USER_PAN_FILE')).rejects.toThrow(/^Unable to upload file\. Please try again later\.$/);
    signAnswers({ url: '', key: 'k', content_type: 'image/png' });
    await expect(
      uploadLeadFile(
        { signUpload: partnerFileRoutes.signUpload, add: partnerFileRoutes.add, purpose: 'FORM_RESPONSE' } as never,
        file,
        'pan.png',
      ),
    ).rejects.toThrow(/^Unable to upload file\. Please try again later\.$/);
  });

  it("says 'Something went wrong' when the url is missing or there is no data", async () => {
    signAnswers({ key: 'k', content_type: 'image/png' });
    await expect(uploadPartnerFile(file, 'USER_PAN_FILE')).rejects.toThrow(/^Something went wrong$/);
    signAnswers(null);
    await expect(uploadPartnerFile(file, 'USER_PAN_FILE')).rejects.toThrow(/^Something went wrong$/);
  });
});
