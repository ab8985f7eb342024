import type { z } from 'zod';

/**
 * Field names and length limits in a person's words, without zod at run
 * time: the public pages' light entries translate a refusal with these and
 * carry no schemas.
 */

/** 'Name can have at most 60 characters': every length limit a person can reach says its number. */
export const atMostChars = (label: string, n: number) => `${label} can have at most ${n} characters`;

/** The field an issue is about, in words: `user.first_name` → "first name", `countryCode` → "country code", `input.0.value` → "value". */
export function fieldWords(path: readonly PropertyKey[]): string {
  const key = [...path].reverse().find((p) => typeof p === 'string' && !/^\d+$/.test(p));
  return typeof key === 'string'
    ? key
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .replace(/[_.]+/g, ' ')
        .trim()
        .toLowerCase()
    : '';
}

/** A text over its length limit whose message does not say the limit: the message that does ("This" when the field has no name). */
export function tooLongMessage(issue: z.core.$ZodIssue): string | undefined {
  if (issue.code !== 'too_big' || issue.origin !== 'string' || issue.message.includes(String(issue.maximum))) return undefined;
  const words = fieldWords(issue.path);
  return atMostChars(words ? words.charAt(0).toUpperCase() + words.slice(1) : 'This', Number(issue.maximum));
}
