import type { z } from 'zod';
import { fieldKey, tooLongMessage } from './field-words';
import { englishTexts } from './texts/english';
import { FieldWords, readSaid, renderSaid, say, saidOf, Unsaid, type Said } from './texts/said';

/**
 * The message a person reads for the first problem of a request, said by its
 * code so the server answers it in the reader's language. Never starts with
 * a field's API name: a sentence of ours is answered as it is, a length limit
 * says its number, and anything else (a program's mistake, in zod's words) is
 * "Check <field in words>: <what is wrong>".
 */
export function validationMessage(error: z.ZodError): Said {
  const issue = error.issues[0];
  return issue ? issueSaid(issue) : say('common.invalidRequest');
}

/** One problem of a request, said by its code (see validationMessage). */
export function issueSaid(issue: z.core.$ZodIssue): Said {
  const message = tooLongMessage(issue) ?? issue.message;
  const read = readSaid(message);
  const english = read?.english ?? message;
  const key = fieldKey(issue.path);
  const words = new FieldWords(key).words;
  if (!words) return saidOf(message);
  if (english.toLowerCase().includes(words)) return /^[a-z]/.test(english) ? new Unsaid(capital(english)) : saidOf(message);
  if (read && /^[A-Z]/.test(english)) return read.said;
  return say('validation.field', { field: new FieldWords(key), message: saidOf(message) });
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One problem of a request in English words (see validationMessage). */
export const issueMessage = (issue: z.core.$ZodIssue): string => renderSaid(issueSaid(issue), englishTexts, englishTexts);
