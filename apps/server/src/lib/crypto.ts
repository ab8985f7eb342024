import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

export const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
export const hmac = (key: string, data: string) => createHmac('sha256', key).update(data).digest('base64url');
/** The keyed hash that finds a document by its number (PAN: `document:PAN:ABCDE1234F`) without decrypting every row. */
export const documentNumberHash = (key: string, type: string, number: string) => hmac(key, `document:${type}:${number}`);
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/**
 * Field encryption for Aadhaar, PAN and bank account numbers: AES-256-GCM with
 * a key derived from SECRET_KEY. Output: v1.<iv>.<tag>.<ciphertext>, base64url.
 */
export function createFieldCipher(secretKey: string) {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'pmw', 'field-encryption-v1', 32));
  return {
    encrypt(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    decrypt(sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown ciphertext format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type FieldCipher = ReturnType<typeof createFieldCipher>;

/** `XXXXXXXX1234`: all but the last four characters hidden. */
export function maskNumber(last4: string, totalLength = 12): string {
  return 'X'.repeat(Math.max(0, totalLength - last4.length)) + last4;
}
