import { FieldWords, Said, type TextVars } from './said';
import type { SaidCode } from './english';

/**
 * A said text as a row keeps it beside its English: the code, and the parts
 * that vary as JSON, a part that is itself a text keeping its own code. The
 * reader's language is chosen when the row is shown, not when it is written.
 */
export interface StoredPart {
  readonly code: string;
  readonly vars?: StoredVars;
}
export type StoredVars = { readonly [name: string]: string | number | StoredPart };

/** What a row stores for a said text: its code and its varying parts. */
export interface StoredText {
  readonly code: SaidCode;
  readonly vars: StoredVars;
}

const storedVars = (vars: TextVars): StoredVars =>
  Object.fromEntries(
    Object.entries(vars).map(([k, v]) => [
      k,
      v instanceof Said ? { code: v.code, vars: storedVars(v.vars) } : v instanceof FieldWords ? v.words : v,
    ]),
  );

/** A said text as a row stores it. */
export const toStored = (said: Said): StoredText => ({ code: said.code, vars: storedVars(said.vars) });

const isPart = (v: unknown): v is StoredPart => typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'string';

/**
 * A stored text in one language: its code's entry in `side` (else in
 * `english`) with the parts filled in. Undefined when the code is not one of
 * these catalogues' (a row written before it had a code, a code of another
 * area): the caller then shows the stored English.
 */
export function renderStored(
  code: string | null | undefined,
  vars: unknown,
  side: Readonly<Record<string, string>>,
  english: Readonly<Record<string, string>>,
): string | undefined {
  if (!code) return undefined;
  const template = side[code] ?? english[code];
  if (template === undefined) return undefined;
  const parts = typeof vars === 'object' && vars !== null ? (vars as Record<string, unknown>) : {};
  let known = true;
  const text = template.replace(/\{(\w+)\}/g, (m, name: string) => {
    const part = parts[name];
    if (typeof part === 'string' || typeof part === 'number') return String(part);
    if (isPart(part)) {
      const inner = renderStored(part.code, part.vars, side, english);
      if (inner !== undefined) return inner;
    }
    known = false;
    return m;
  });
  return known ? text : undefined;
}
