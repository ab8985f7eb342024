import { createRequire } from 'node:module';
import type { IfscLookup } from '@pmw/contract/partner-profile';
import { IFSC_PATTERN } from '@pmw/contract/partner-profile';

/** Bank code lookups: validation and bank name offline, the branch address optionally online. */
export interface IfscProvider {
  lookup(code: string): Promise<IfscLookup>;
  /** Offline only: whether the code exists, and its bank's name. */
  validate(code: string): { valid: boolean; bank: string | null };
}

// The `ifsc` package ships plain JSON and no types; its main entry pulls in an
// HTTP client we do not want, so read its data files directly.
const require = createRequire(import.meta.url);
let branches: Record<string, (number | string)[]> | undefined;
let bankNames: Record<string, string> | undefined;
function data() {
  branches ??= require('ifsc/src/IFSC.json') as Record<string, (number | string)[]>;
  bankNames ??= require('ifsc/src/banknames.json') as Record<string, string>;
  return { branches, bankNames };
}

/** The package's own rule: bank code, a 0, then a branch code listed for that bank. */
export function validateIfsc(raw: string): { valid: boolean; bank: string | null } {
  const code = raw.trim().toUpperCase();
  if (!IFSC_PATTERN.test(code)) return { valid: false, bank: null };
  const { branches: all, bankNames: names } = data();
  const bankCode = code.slice(0, 4);
  const branch = code.slice(5);
  const list = all[bankCode];
  if (!list) return { valid: false, bank: null };
  const found = /^[0-9]+$/.test(branch) ? list.includes(parseInt(branch, 10)) : list.includes(branch);
  return { valid: found, bank: found ? (names[bankCode] ?? null) : null };
}

export function createOfflineIfsc(): IfscProvider {
  return {
    validate: validateIfsc,
    async lookup(code) {
      const ifsc = code.trim().toUpperCase();
      const v = validateIfsc(ifsc);
      return { ifsc, valid: v.valid, BANK: v.bank, BRANCH: null, ADDRESS: null };
    },
  };
}

/**
 * Adds the branch and address from an online service answering GET {url}/{ifsc}
 * with BANK, BRANCH and ADDRESS (Razorpay's shape). Any failure there keeps the
 * offline answer: the lookup is a convenience and fails silently.
 */
export function createOnlineIfsc(baseUrl: string, opts: { timeoutMs?: number; fetchImpl?: typeof fetch } = {}): IfscProvider {
  const offline = createOfflineIfsc();
  const doFetch = opts.fetchImpl ?? fetch;
  return {
    validate: validateIfsc,
    async lookup(code) {
      const base = await offline.lookup(code);
      if (!base.valid) return base;
      try {
        const res = await doFetch(`${baseUrl.replace(/\/$/, '')}/${encodeURIComponent(base.ifsc)}`, {
          signal: AbortSignal.timeout(opts.timeoutMs ?? 3000),
        });
        if (!res.ok) return base;
        const body = (await res.json()) as { BANK?: unknown; BRANCH?: unknown; ADDRESS?: unknown };
        const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
        return { ...base, BANK: text(body.BANK) ?? base.BANK, BRANCH: text(body.BRANCH), ADDRESS: text(body.ADDRESS) };
      } catch {
        return base;
      }
    },
  };
}
