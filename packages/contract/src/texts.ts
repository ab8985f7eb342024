/**
 * Every text the server (and the contract's own checks) hands a person to
 * read, keyed by a message code, in English: the English sides of the area
 * catalogues under `texts/`, each of which holds its area's English and Hindi
 * side by side. `texts.hi.ts` joins their Hindi sides.
 *
 * The server and the contract keep producing the English text (so the spec's
 * words stay exactly as written, and a code that has no translation yet still
 * reads); `translateText` finds the code of a text, by its exact words or by a
 * template whose `{placeholders}` stand for the parts that vary, and answers
 * the other language's entry with those parts filled in. A text with no code
 * (something ops typed, a name) goes out as it is.
 */
import { commonCatalogue } from './texts/common';
import { kycCatalogue } from './texts/kyc';
import { leadCatalogue } from './texts/lead';
import { campaignCatalogue } from './texts/campaign';
import { hiringCatalogue } from './texts/hiring';
import { partnerCatalogue } from './texts/partner';
import { teamCatalogue } from './texts/team';
import { supportCatalogue } from './texts/support';
import { feedbackCatalogue } from './texts/feedback';
import { dataDownloadCatalogue } from './texts/data-download';
import { fillText } from './texts/fill';

export const texts = {
  ...commonCatalogue.en,
  ...kycCatalogue.en,
  ...leadCatalogue.en,
  ...campaignCatalogue.en,
  ...hiringCatalogue.en,
  ...partnerCatalogue.en,
  ...teamCatalogue.en,
  ...supportCatalogue.en,
  ...feedbackCatalogue.en,
  ...dataDownloadCatalogue.en,
} as const;

export type TextCode = keyof typeof texts;

/** Another language's catalogue: every code, the same placeholders. */
export type TextTranslation = { readonly [K in TextCode]: string };

/**
 * API field names in words, for validation messages in another language
 * (`first_name` → "नाम"). A field missing here is named as it is.
 */
export type FieldNames = Readonly<Record<string, string>>;

export const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Index {
  exact: Map<string, TextCode>;
  templates: { code: TextCode; pattern: RegExp; names: string[] }[];
}
let index: Index | undefined;

function buildIndex(): Index {
  const exact = new Map<string, TextCode>();
  const templates: Index['templates'] = [];
  for (const [code, english] of Object.entries(texts) as [TextCode, string][]) {
    if (code === 'validation.field') continue;
    const names = [...english.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    if (!names.length) {
      if (!exact.has(english)) exact.set(english, code);
      continue;
    }
    const source = english
      .split(/(\{\w+\})/)
      .map((part) => (/^\{\w+\}$/.test(part) ? '(.+?)' : escape(part)))
      .join('');
    templates.push({ code, pattern: new RegExp(`^${source}$`, 's'), names });
  }
  // The longest fixed text first: the most specific template wins.
  templates.sort((a, b) => fixedLength(texts[b.code]) - fixedLength(texts[a.code]));
  return { exact, templates };
}
const fixedLength = (template: string) => template.replace(/\{\w+\}/g, '').length;

/** The code and the varying parts of an English text, or undefined when it has none. */
export function findText(english: string): { code: TextCode; vars: Record<string, string> } | undefined {
  index ??= buildIndex();
  const code = index.exact.get(english);
  if (code) return { code, vars: {} };
  for (const t of index.templates) {
    const m = t.pattern.exec(english);
    if (m) return { code: t.code, vars: Object.fromEntries(t.names.map((n, i) => [n, m[i + 1]!])) };
  }
  return undefined;
}

/** A field in words ("First name") in another language, by its API name; as it is when unknown. */
const fieldName = (words: string, fieldNames: FieldNames) => fieldNames[words.trim().toLowerCase().replace(/ +/g, '_')] ?? words;

export { fillText };

/**
 * An English text in another language: its code's entry with the varying
 * parts filled in (a part that is itself a known text is translated too, e.g.
 * the level's name). A validation message `field: message` gets the field in
 * words. A text with no code is answered unchanged.
 */
export function translateText(english: string, translation: TextTranslation, fieldNames: FieldNames = {}): string {
  const field = /^Check ([a-z0-9 ]+): (.+)$/s.exec(english);
  if (field) {
    const message = findText(field[2]!) ? translateText(field[2]!, translation, fieldNames) : translation['common.invalidValue'];
    return fillText(translation['validation.field'], { field: fieldName(field[1]!, fieldNames), message });
  }
  const found = findText(english);
  if (!found) return english;
  const vars = Object.fromEntries(
    Object.entries(found.vars).map(([k, v]) => {
      if (k === 'field') return [k, fieldName(v, fieldNames)];
      const inner = index!.exact.get(v);
      return [k, inner ? translation[inner] : v];
    }),
  );
  return fillText(translation[found.code], vars);
}
