import { createRequire } from 'node:module';
import type { IfscLookup } from '@pmw/contract/partner-profile';
import { IFSC_PATTERN } from '@pmw/contract/partner-profile';
import type { IfscDirectory } from './ifsc-directory';

/** Bank code lookups: validation, bank name and branch offline (the directory), the branch optionally online. */
export interface IfscProvider {
  lookup(code: string): Promise<IfscLookup>;
  /** Offline only: whether the code exists, and its bank's name. */
  validate(code: string): { valid: boolean; bank: string | null };
  /** Offline only: the directory's branch and address in one line (as the bank form writes them), or null. */
  branchOf(code: string): string | null;
}

/** The directory's branch of a code as one line, `Branch, Address`. */
const branchLine = (directory: IfscDirectory | undefined, code: string): string | null => {
  const found = directory?.branch(code);
  return found ? [found.BRANCH, found.ADDRESS].filter(Boolean).join(', ') : null;
};

// The `ifsc` package ships plain JSON and no types; its main entry pulls in an
// HTTP client we do not want, so read its data files directly.
const require = createRequire(import.meta.url);
let branches: Record<string, (number | string)[]> | undefined;
let bankNames: Record<string, string> | undefined;
let sublets: Record<string, string> | undefined;
let customSublets: [string, string][] | undefined;
function data() {
  branches ??= require('ifsc/src/IFSC.json') as Record<string, (number | string)[]>;
  bankNames ??= require('ifsc/src/banknames.json') as Record<string, string>;
  sublets ??= require('ifsc/src/sublet.json') as Record<string, string>;
  customSublets ??= Object.entries(require('ifsc/src/custom-sublets.json') as Record<string, string>);
  return { branches, bankNames, sublets, customSublets };
}

/**
 * The bank a valid code belongs to. A small bank that clears through a larger
 * one ('sublet') has codes under the larger bank's prefix (HDFC0CAACOB is
 * Akhand Anand Co-op Bank's): the package lists those codes and prefixes.
 */
function bankOf(code: string): string | null {
  const { bankNames: names, sublets: byCode, customSublets: byPrefix } = data();
  const sublet = byCode[code] ?? byPrefix.find(([prefix]) => code.startsWith(prefix))?.[1];
  return (sublet ? names[sublet] : undefined) ?? names[code.slice(0, 4)] ?? null;
}

/** The package's own rule: bank code, a 0, then a branch code listed for that bank. */
export function validateIfsc(raw: string): { valid: boolean; bank: string | null } {
  const code = raw.trim().toUpperCase();
  if (!IFSC_PATTERN.test(code)) return { valid: false, bank: null };
  const { branches: all } = data();
  const bankCode = code.slice(0, 4);
  const branch = code.slice(5);
  const list = all[bankCode];
  if (!list) return { valid: false, bank: null };
  const found = /^[0-9]+$/.test(branch) ? list.includes(parseInt(branch, 10)) : list.includes(branch);
  return { valid: found, bank: found ? bankOf(code) : null };
}

/** Offline: the package's codes and banks, and the branch and its address from the directory where it has them. */
export function createOfflineIfsc(directory?: IfscDirectory): IfscProvider {
  return {
    validate: validateIfsc,
    branchOf: (code) => branchLine(directory, code),
    async lookup(code) {
      const ifsc = code.trim().toUpperCase();
      const v = validateIfsc(ifsc);
      const branch = v.valid ? directory?.branch(ifsc) : null;
      return { ifsc, valid: v.valid, BANK: v.bank, BRANCH: branch?.BRANCH ?? null, ADDRESS: branch?.ADDRESS ?? null };
    },
  };
}

/**
 * Adds the branch and address from an online service answering GET {url}/{ifsc}
 * with BANK, BRANCH and ADDRESS (Razorpay's shape), over the offline answer
 * (the directory's branch, when it has one). Any failure there keeps the
 * offline answer: the lookup is a convenience and fails silently.
 */
export function createOnlineIfsc(
  baseUrl: string,
  opts: { timeoutMs?: number; fetchImpl?: typeof fetch; directory?: IfscDirectory | undefined } = {},
): IfscProvider {
  const offline = createOfflineIfsc(opts.directory);
  const doFetch = opts.fetchImpl ?? fetch;
  return {
    validate: validateIfsc,
    branchOf: offline.branchOf,
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
        return {
          ...base,
          BANK: text(body.BANK) ?? base.BANK,
          BRANCH: text(body.BRANCH) ?? base.BRANCH,
          ADDRESS: text(body.ADDRESS) ?? base.ADDRESS,
        };
      } catch {
        return base;
      }
    },
  };
}
