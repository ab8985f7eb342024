import type { z } from 'zod';
import { FieldWords, readSaid, saidMessage } from './texts/said';

/**
 * Field names and length limits in a person's words, without zod at run
 * time: the public pages' light entries say a refusal with these and carry
 * no schemas.
 */

/** The English of `validation.tooLong`; the catalogue's entry is the same words. */
const TOO_LONG = '{field} can have at most {n} characters';

/** 'Name can have at most 60 characters': every length limit a person can reach says its number (said by code). */
export const atMostChars = (label: string, n: number) =>
  saidMessage(TOO_LONG, 'validation.tooLong', { field: new FieldWords(label, true), n });

/** The key of the field an issue is about: `user.first_name` → `first_name`, `input.0.value` → `value`; '' when it has none. */
export function fieldKey(path: readonly PropertyKey[]): string {
  const key = [...path].reverse().find((p) => typeof p === 'string' && !/^\d+$/.test(p));
  return typeof key === 'string' ? key : '';
}

/** The field an issue is about, in words: `user.first_name` → "first name", `countryCode` → "country code", `input.0.value` → "value". */
export const fieldWords = (path: readonly PropertyKey[]): string => new FieldWords(fieldKey(path)).words;

/** A text over its length limit whose message does not say the limit: the message that does ("This" when the field has no name). */
export function tooLongMessage(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code !== 'too_big' || issue.origin !== 'string') return undefined;
  const english = readSaid(issue.message)?.english ?? issue.message;
  if (english.includes(String(issue.maximum))) return undefined;
  const key = fieldKey(issue.path);
  return atMostChars(key && new FieldWords(key).words ? key : 'this', Number(issue.maximum));
}
