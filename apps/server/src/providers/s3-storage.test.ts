import { describe, expect, it } from 'vitest';
import { createS3Storage } from './s3-storage';

// Presigning is computed locally, so the S3 provider's URLs can be checked without a server.
describe('S3-compatible storage', () => {
  it('presigns PUT and GET URLs for the configured endpoint and bucket, with an expiry', async () => {
    const s3 = await createS3Storage({
      endpoint: 'http://127.0.0.1:9000',
      region: 'ap-south-1',
      bucket: 'pmw-files',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example-key',
      forcePathStyle: true,
    });
    const put = new URL(
      await s3.signUpload({ key: 'ticket/worker-1/a.png', contentType: 'image/png', maxBytes: 1000, expiresInSeconds: 900 }),
    );
    expect(put.origin + put.pathname).toBe('http://127.0.0.1:9000/pmw-files/ticket/worker-1/a.png');
    expect(put.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(put.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // Single-use: the browser must send If-None-Match: *, so S3 refuses a PUT over an existing object.
    expect(put.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('if-none-match');
    const get = new URL(await s3.signDownload('ticket/worker-1/a.png', { expiresInSeconds: 300, fileName: 'a.png' }));
    expect(get.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(get.searchParams.get('response-content-disposition')).toContain('a.png');
  });
});
