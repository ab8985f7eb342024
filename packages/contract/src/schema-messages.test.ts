import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { baseMessages } from './base';
import { allRoutes } from './routes';
import { englishOf } from './texts/said';
import { issueMessage } from './validation';

/**
 * Every message the contract's request schemas give a person (the browser
 * shows a schema's own message; the server answers it through issueMessage)
 * is words: it never starts with a field's API name ("otp must be …",
 * "first_name: …"). The fragments of the base schemas ("must not contain a
 * NUL character") are the one exception: the server puts the field in words
 * before them.
 */

interface Found {
  where: string;
  field: string;
  /** The message in English words. */
  message: string;
  /** The message as the schema carries it (said by code, or zod's words). */
  raw: string;
}

const fragments = new Set<string>(Object.values(baseMessages));

/** The message a check or schema was given, if it is a fixed text. */
function ownMessage(def: { error?: unknown } | Record<string, unknown>): string | undefined {
  if (typeof def.error !== 'function') return undefined;
  try {
    const out: unknown = (def.error as (issue: object) => unknown)({});
    return typeof out === 'string' ? out : undefined;
  } catch {
    return undefined;
  }
}

/** Walks a schema and its parts, noting each fixed message with the field (object key) it belongs to. */
function walk(schema: z.ZodType, field: string, where: string, out: Found[], seen: Set<unknown>) {
  if (seen.has(schema)) return;
  seen.add(schema);
  // zod v4's definition object: the parts a schema is built from and its checks.
  const def = (
    schema as unknown as { _zod: { def: Record<string, unknown> & { type: string; checks?: { _zod: { def: { error?: unknown } } }[] } } }
  )._zod.def;
  const mine = ownMessage(def);
  if (mine) out.push({ where, field, message: englishOf(mine), raw: mine });
  for (const check of def.checks ?? []) {
    const message = ownMessage(check._zod.def);
    if (message) out.push({ where, field, message: englishOf(message), raw: message });
  }
  const child = (s: unknown, f = field) => {
    if (s && typeof s === 'object' && '_zod' in s) walk(s as z.ZodType, f, where, out, seen);
  };
  if (def.type === 'object') for (const [key, s] of Object.entries(def.shape as Record<string, unknown>)) child(s, key);
  for (const k of ['innerType', 'in', 'out', 'element', 'valueType', 'keyType', 'left', 'right', 'rest']) child(def[k]);
  for (const k of ['options', 'items']) if (Array.isArray(def[k])) for (const s of def[k] as unknown[]) child(s);
}

function routeMessages(): Found[] {
  const out: Found[] = [];
  for (const { group, name, def } of allRoutes()) {
    for (const part of ['body', 'query', 'params'] as const) {
      const schema = (def as unknown as Record<string, unknown>)[part];
      if (schema && typeof schema === 'object' && '_zod' in schema)
        walk(schema as z.ZodType, '', `${group}.${name} ${part}`, out, new Set());
    }
  }
  return out;
}

/** Starts with the field's API name, or is a lower-case fragment that is not one the server completes. */
function leaksField(f: Found): boolean {
  const first = /^[^\s:]+/.exec(f.message)?.[0] ?? '';
  if (f.field && first === f.field) return true;
  return /^[a-z]/.test(f.message) && !fragments.has(f.message);
}

describe('messages of the request schemas', () => {
  const found = routeMessages();

  it('finds the messages of every route', () => {
    expect(found.length).toBeGreaterThan(100);
    expect(found.some((f) => f.message === 'Rating must be 1 to 5')).toBe(true);
  });

  it('never start with a field name, in the schema or in the server answer', () => {
    const leaks = found.filter(leaksField).map((f) => `${f.where} ${f.field}: ${f.message}`);
    expect([...new Set(leaks)]).toEqual([]);
    // The server capitalises a message that names its field: 'otp must …' would reach a person as 'Otp must …'.
    const answered = found
      .filter((f) => f.field !== '')
      .map((f) => ({ ...f, answer: issueMessage({ code: 'custom', path: [f.field], message: f.raw, input: undefined }) }))
      .filter((f) => startsWithIdentifier(f.answer, f.field))
      .map((f) => `${f.where} ${f.field}: ${f.answer}`);
    expect([...new Set(answered)]).toEqual([]);
  });
});

/** Words people write in capitals: as a field name 'Otp' or 'Pan' is the identifier, capitalised. */
const ACRONYMS = new Set(['OTP', 'PAN', 'UTM', 'KYC', 'ID', 'URL', 'IFSC', 'GST', 'UPI']);
function startsWithIdentifier(answer: string, field: string): boolean {
  const first = /^[^\s:]+/.exec(answer)?.[0] ?? '';
  if (first === field) return true;
  return ACRONYMS.has(field.toUpperCase()) && first === field.charAt(0).toUpperCase() + field.slice(1).toLowerCase();
}
