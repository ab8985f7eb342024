// Types of scripts/ifsc-directory.mjs for the TypeScript callers (its test).
import type { Readable } from 'node:stream';
export declare function directoryText(
  input: Readable,
  opts?: { source?: string; known?: Set<string> },
): Promise<{ text: string; count: number }>;
