import { scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { PASSCODE_LOCK_MINUTES, PASSCODE_MAX_WRONG, PASSCODE_WINDOW_MINUTES } from '@pmw/contract/data-download';
import { AppError } from '../../errors';
import type { LimitStore } from '../../lib/limit-store';
import { say } from '@pmw/contract/texts/said';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;
const SCRYPT = { N: 16384, r: 8, p: 1 };

/** `scrypt$<salt>$<hash>` (base64url), as DATA_DOWNLOAD_PASSCODE_HASH holds it. */
export async function hashPasscode(passcode: string, salt: Buffer): Promise<string> {
  const hash = await scryptAsync(passcode, salt, 32, SCRYPT);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

async function matches(passcode: string, stored: string): Promise<boolean> {
  const [, saltText, hashText] = stored.split('$');
  if (!saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await scryptAsync(passcode, Buffer.from(saltText, 'base64url'), expected.length, SCRYPT);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Checks the passcode and locks an address out for PASSCODE_LOCK_MINUTES after
 * PASSCODE_MAX_WRONG wrong tries in PASSCODE_WINDOW_MINUTES. The counts live in
 * the shared limit store, so several processes lock an address together.
 */
export function createPasscodeGuard(opts: { hash: string | undefined; limits: LimitStore }) {
  const { limits } = opts;
  const wrongKey = (address: string) => `passcode:wrong:${address}`;
  const lockKey = (address: string) => `passcode:lock:${address}`;

  return {
    async check(passcode: string, address: string): Promise<void> {
      if (!opts.hash) throw new AppError('FORBIDDEN', say('dataDownload.notConfigured'));
      if ((await limits.count(lockKey(address))) > 0) throw new AppError('RATE_LIMITED', say('dataDownload.passcodeLocked'));
      if (await matches(passcode, opts.hash)) {
        await limits.clear(wrongKey(address));
        return;
      }
      const wrong = await limits.hit(wrongKey(address), PASSCODE_WINDOW_MINUTES * 60_000);
      if (wrong >= PASSCODE_MAX_WRONG) {
        await limits.clear(wrongKey(address));
        await limits.hit(lockKey(address), PASSCODE_LOCK_MINUTES * 60_000);
      }
      throw new AppError('FORBIDDEN', say('dataDownload.passcodeWrong'));
    },
  };
}
export type PasscodeGuard = ReturnType<typeof createPasscodeGuard>;
