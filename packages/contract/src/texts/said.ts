import type { SaidCode } from './english';
import { fillText } from './fill';

/**
 * A field of a request, by its API key (`first_name`, `countryCode`) or the
 * words a message names it by ("The comment"): said in words in English
 * ("first name"), by the reader's language's name for it elsewhere ("नाम"),
 * in words when that language has none.
 */
export class FieldWords {
  constructor(
    readonly key: string,
    /** The field starts the sentence: "First name can have at most …". */
    readonly capital = false,
  ) {}

  /** The field in English words: `user.first_name` → "first name", `countryCode` → "country code". */
  get words(): string {
    const words = this.key
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .replace(/[_.]+/g, ' ')
      .trim()
      .toLowerCase();
    return this.capital ? words.charAt(0).toUpperCase() + words.slice(1) : words;
  }
}

/** The names another language gives a request's fields, by their words joined with `_` (`first_name` → "नाम"). */
export type FieldNames = Readonly<Record<string, string>>;

/** The parts of a text that vary; a part that is itself a text (or a field) is said in the reader's language too. */
export type TextVars = Readonly<Record<string, string | number | Said | FieldWords>>;

/**
 * A text by its message code and the parts that vary, not yet in a language:
 * the server renders it in the reader's language where it answers, by the
 * code, so nothing has to recognise the English words afterwards.
 */
export class Said {
  constructor(
    readonly code: SaidCode,
    readonly vars: TextVars = {},
  ) {}
}

export const say = (code: SaidCode, vars?: TextVars) => new Said(code, vars);

/**
 * Words that are no text of ours (zod's own "Invalid input: expected string",
 * a message only the English-only ops console shows): said as they are in
 * English and as "Invalid value", by its code, in another language.
 */
export class Unsaid extends Said {
  constructor(readonly english: string) {
    super('common.invalidValue');
  }
}

/**
 * Words that are not ours to say (a job's closing message typed by ops, a
 * provider's own reason): shown as they were written, in every language,
 * never looked up in a catalogue.
 */
export class Typed {
  constructor(readonly text: string) {}
}

export const asTyped = (text: string) => new Typed(text);

/**
 * A said text in one language: its code's entry in that language's catalogue
 * (the English one for a code it lacks: the ops console's), with the varying
 * parts filled in. `fields` is how a language other than English names a
 * request's fields; without it the text is English, which says a field in
 * words and zod's own words as they are.
 */
export function renderSaid(
  said: Said,
  catalogue: Readonly<Partial<Record<SaidCode, string>>>,
  english: Readonly<Partial<Record<SaidCode, string>>>,
  fields?: FieldNames,
): string {
  if (said instanceof Unsaid && !fields) return said.english;
  const template = catalogue[said.code] ?? english[said.code] ?? said.code;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => {
    const part = said.vars[name];
    if (part === undefined) return m;
    if (part instanceof Said) return renderSaid(part, catalogue, english, fields);
    if (part instanceof FieldWords) return (fields && fields[part.words.toLowerCase().replace(/ +/g, '_')]) ?? part.words;
    return String(part);
  });
}

/**
 * A validation message as zod carries it (a string): the English words,
 * then, after an invisible separator, the code and its varying parts, so the
 * server and the browser say it by its code (`readSaid`) and a page that has
 * not loaded another language's texts yet still has the English.
 */
const MARK = '\u2063';

type PlainVar = string | number | { field: string; capital?: boolean };

/** The said messages of one area's catalogue (`saidIn(commonCatalogue)('common.mobileRequired')`), as zod messages. */
export function saidIn<T extends Record<string, string>>(catalogue: { readonly en: T }) {
  return (code: keyof T & SaidCode, vars: Readonly<Record<string, string | number | FieldWords>> = {}): string =>
    saidMessage(catalogue.en[code]!, code, vars);
}

/** A message by its code, its English template and its varying parts, as a string zod can carry. */
export function saidMessage(template: string, code: SaidCode, vars: Readonly<Record<string, string | number | FieldWords>> = {}): string {
  const english = fillText(template, Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, v instanceof FieldWords ? v.words : v])));
  const plain: Record<string, PlainVar> = Object.fromEntries(
    Object.entries(vars).map(([k, v]) => [k, v instanceof FieldWords ? { field: v.key, ...(v.capital ? { capital: true } : {}) } : v]),
  );
  return `${english}${MARK}${JSON.stringify(Object.keys(plain).length ? [code, plain] : [code])}`;
}

/** A message said by code (see `saidMessage`): the said text and its English; undefined for any other words. */
export function readSaid(message: string): { said: Said; english: string } | undefined {
  const at = message.indexOf(MARK);
  if (at < 0) return undefined;
  try {
    const [code, plain = {}] = JSON.parse(message.slice(at + 1)) as [SaidCode, Record<string, PlainVar>?];
    const vars = Object.fromEntries(
      Object.entries(plain).map(([k, v]) => [k, typeof v === 'object' ? new FieldWords(v.field, v.capital === true) : v]),
    );
    return { said: new Said(code, vars), english: message.slice(0, at) };
  } catch {
    return undefined;
  }
}

/** A message in English words: the English of a said message, any other words as they are. */
export function englishOf(message: string): string;
export function englishOf(message: string | undefined): string | undefined;
export function englishOf(message: string | undefined): string | undefined {
  return message === undefined ? undefined : (readSaid(message)?.english ?? message);
}

/** A validation message (a zod issue's, a lead form's) as a said text: by its code, or zod's own words. */
export const saidOf = (message: string): Said => readSaid(message)?.said ?? new Unsaid(message);
