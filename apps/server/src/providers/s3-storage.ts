import type { Readable } from 'node:stream';
import type { StorageProvider } from './storage';

export interface S3Settings {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** S3-compatible storage with presigned URLs; the SDK is loaded only when configured. */
export async function createS3Storage(s3: S3Settings): Promise<StorageProvider> {
  const sdk = await import('@aws-sdk/client-s3');
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  const client = new sdk.S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  return {
    name: 's3',
    async signUpload(grant) {
      // The size limit is checked again when the file is added (HEAD), since a PUT URL cannot carry it.
      // If-None-Match: * is signed, so the URL only ever creates the object: a second PUT gets 412.
      return getSignedUrl(
        client,
        new sdk.PutObjectCommand({ Bucket: s3.bucket, Key: grant.key, ContentType: grant.contentType, IfNoneMatch: '*' }),
        {
          expiresIn: grant.expiresInSeconds,
          signableHeaders: new Set(['if-none-match', 'content-type']),
          unhoistableHeaders: new Set(['if-none-match']),
        },
      );
    },
    async signDownload(key, opts) {
      return getSignedUrl(
        client,
        new sdk.GetObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          ...(opts.fileName ? { ResponseContentDisposition: `inline; filename*=UTF-8''${encodeURIComponent(opts.fileName)}` } : {}),
        }),
        { expiresIn: opts.expiresInSeconds },
      );
    },
    async head(key) {
      try {
        const out = await client.send(new sdk.HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
        return { size: out.ContentLength ?? 0 };
      } catch {
        return null;
      }
    },
    async read(key) {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      return out.Body as Readable;
    },
    async write(key, body, contentType) {
      const { Upload } = await import('@aws-sdk/lib-storage');
      await new Upload({ client, params: { Bucket: s3.bucket, Key: key, Body: body, ContentType: contentType } }).done();
    },
    async remove(key) {
      await client.send(new sdk.DeleteObjectCommand({ Bucket: s3.bucket, Key: key })).catch(() => undefined);
    },
  };
}
