import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/**
 * The bank-branch directory read offline: IFSC → branch name and address.
 * The file is made by `scripts/ifsc-directory.mjs` from Razorpay's published
 * IFSC.csv (the RBI's lists, refreshed monthly): gzip, a first line
 * `#ifsc-directory 1 <source>` and then one `IFSC\tBRANCH\tADDRESS` line a
 * branch, sorted. It is read on the first lookup, not at start, and kept.
 */
export interface IfscBranch {
  BRANCH: string;
  ADDRESS: string | null;
}

export interface IfscDirectory {
  branch(ifsc: string): IfscBranch | null;
  /** How many branches the directory holds (0 when its file is missing or unreadable). */
  size(): number;
}

export const IFSC_DIRECTORY_HEADER = '#ifsc-directory 1';

/** Parses a directory file's text (after gunzip). Lines that are not a code, a branch and an address are skipped. */
export function parseIfscDirectory(text: string): Map<string, IfscBranch> {
  const out = new Map<string, IfscBranch>();
  const lines = text.split('\n');
  if (!lines[0]?.startsWith(IFSC_DIRECTORY_HEADER)) return out;
  for (let i = 1; i < lines.length; i++) {
    const [code, branch, address] = lines[i]!.split('\t');
    if (!code || !branch || !/^[A-Z]{4}0[A-Z0-9]{6}$/.test(code)) continue;
    out.set(code, { BRANCH: branch, ADDRESS: address?.trim() ? address : null });
  }
  return out;
}

/**
 * The directory in `file`, loaded lazily. A missing or broken file is an
 * empty directory (the bank form then fills the bank name only) and is said
 * once through `warn`.
 */
export function loadIfscDirectory(file: string | undefined, warn: (msg: string) => void = () => {}): IfscDirectory {
  let entries: Map<string, IfscBranch> | undefined;
  const all = () => {
    if (entries) return entries;
    entries = new Map();
    if (!file || !existsSync(file)) {
      warn(`No IFSC branch directory at ${file ?? '(unset)'}: run scripts/ifsc-directory.mjs to fill branch names offline`);
      return entries;
    }
    try {
      entries = parseIfscDirectory(gunzipSync(readFileSync(file)).toString('utf8'));
      if (!entries.size) warn(`The IFSC branch directory ${file} has no branches`);
    } catch (err) {
      warn(`The IFSC branch directory ${file} could not be read: ${(err as Error).message}`);
    }
    return entries;
  };
  return {
    branch: (ifsc) => all().get(ifsc.trim().toUpperCase()) ?? null,
    size: () => all().size,
  };
}

/** A directory held in memory (tests). */
export const ifscDirectoryOf = (entries: Record<string, IfscBranch>): IfscDirectory => {
  const map = new Map(Object.entries(entries));
  return { branch: (ifsc) => map.get(ifsc.trim().toUpperCase()) ?? null, size: () => map.size };
};
