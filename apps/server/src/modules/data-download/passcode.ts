import { scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { dataDownloadMessages, PASSCODE_LOCK_MINUTES, PASSCODE_MAX_WRONG, PASSCODE_WINDOW_MINUTES } from '@pmw/contract/data-download';
import { AppError } from '../../errors';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: { N: number; r: number; p: number }) => Promise<Buffer>;
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
 * Checks the passcode and locks an address out after PASSCODE_MAX_WRONG wrong
 * tries in PASSCODE_WINDOW_MINUTES. Kept in this process: the utility is
 * internal and one server answers it (see docs/areas/data-download.md).
 */
export function createPasscodeGuard(opts: { hash: string | undefined; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const wrong = new Map<string, number[]>();
  const lockedUntil = new Map<string, number>();
  const windowMs = PASSCODE_WINDOW_MINUTES * 60_000;

  return {
    async check(passcode: string, address: string): Promise<void> {
      if (!opts.hash) throw new AppError('FORBIDDEN', 'The data download is not configured on this server');
      const t = now();
      const until = lockedUntil.get(address);
      if (until && until > t) throw new AppError('RATE_LIMITED', dataDownloadMessages.passcodeLocked);
      if (until) lockedUntil.delete(address);
      if (await matches(passcode, opts.hash)) {
        wrong.delete(address);
        return;
      }
      const recent = (wrong.get(address) ?? []).filter((at) => at > t - windowMs);
      recent.push(t);
      if (recent.length >= PASSCODE_MAX_WRONG) {
        wrong.delete(address);
        lockedUntil.set(address, t + PASSCODE_LOCK_MINUTES * 60_000);
      } else {
        wrong.set(address, recent);
      }
      throw new AppError('FORBIDDEN', dataDownloadMessages.passcodeWrong);
    },
  };
}
export type PasscodeGuard = ReturnType<typeof createPasscodeGuard>;
