import type { z } from 'zod';
import { fieldWords, tooLongMessage } from './base';
import { findText } from './texts';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The message a person reads for the first problem of a request. Never starts
 * with a field's API name: a sentence of ours is answered as it is, a length
 * limit says its number, and anything else (a program's mistake, in zod's
 * words) is "Check <field in words>: <what is wrong>".
 */
export function validationMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? issueMessage(issue) : 'Invalid request';
}

/** One problem of a request in a person's words (see validationMessage). */
export function issueMessage(issue: z.core.$ZodIssue): string {
  const tooLong = tooLongMessage(issue);
  if (tooLong) return tooLong;
  const words = fieldWords(issue.path);
  const msg = issue.message;
  if (!words) return msg;
  if (msg.toLowerCase().includes(words)) return /^[a-z]/.test(msg) ? capital(msg) : msg;
  if (/^[A-Z]/.test(msg) && findText(msg)) return msg;
  return `Check ${words}: ${msg}`;
}
