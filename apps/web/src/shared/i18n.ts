/**
 * Every text a person reads comes from an area's catalogue through `t`. Each
 * language of a catalogue is its own lazily loaded module, so a Hindi reader
 * downloads the Hindi texts of the area they open and nothing else.
 *
 * The active language is one value for the whole page: chosen once at start
 * (cookie, device, browser), changed by reloading, and set around a
 * synchronous server render with `withLocale`, so a server can render two
 * languages one after another.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@pmw/contract/locale';
import { formatDate as istDate, formatDateTime as istDateTime, formatTime as istTime } from '@pmw/contract/time';
import type { FieldNames, TextTranslation } from '@pmw/contract/texts';
import { tooLongMessage } from '@pmw/contract/field-words';
import type { z } from 'zod';
import type { Catalogue as TextCatalogue } from '@pmw/contract/texts/shape';
import { readSaid, renderSaid, Unsaid, type Said } from '@pmw/contract/texts/said';
import { renderStored, toStored } from '@pmw/contract/texts/stored';

export type Catalogue = Record<string, string>;
/** A translation has exactly the English catalogue's keys. */
export type Translation<T extends Catalogue> = { [K in keyof T]: string };
type Vars = Record<string, string | number>;
type Module<C> = Promise<{ default: C }>;
export type Loaders<T extends Catalogue> = { en: () => Module<T> } & { [L in Exclude<Locale, 'en'>]: () => Module<Translation<T>> };

interface Entry {
  loaders: Record<Locale, () => Module<Catalogue>>;
  loaded: Partial<Record<Locale, Catalogue>>;
}

let active: Locale = DEFAULT_LOCALE;
const registry: Entry[] = [];
/**
 * The contract's texts (validation messages said by code, and the names of
 * the fields they name), per language other than English, loaded with the
 * language, so an English reader never downloads them: a validation message
 * carries its English.
 */
type ContractTexts = { default: TextTranslation; fields: FieldNames };
const contractTexts: Partial<Record<Locale, ContractTexts>> = {};
const contractLoaders: Record<Exclude<Locale, 'en'>, () => Promise<ContractTexts>> = {
  hi: () => import('@pmw/contract/texts.hi'),
};

export const getLocale = (): Locale => active;

/** Sets the page's language (the start of the browser app, or a test). */
export function setLocale(locale: Locale): void {
  active = locale;
}

/** Runs a synchronous render in one language and restores the previous one. */
export function withLocale<R>(locale: Locale, render: () => R): R {
  const previous = active;
  active = locale;
  try {
    return render();
  } finally {
    active = previous;
  }
}

const fill = (text: string, vars?: Vars) =>
  vars ? text.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;

/**
 * An area's catalogue: `en` and each other language as lazy modules. Loaded
 * for a language by `loadCatalogues` before the area renders.
 */
export function defineCatalogue<T extends Catalogue>(loaders: Loaders<T>) {
  const entry: Entry = { loaders: loaders as unknown as Entry['loaders'], loaded: {} };
  registry.push(entry);
  return function t(key: keyof T & string, vars?: Vars): string {
    const text = entry.loaded[active]?.[key];
    if (text === undefined) {
      if (import.meta.env?.DEV) console.warn(`i18n: "${key}" read before its ${active} catalogue loaded`);
      return key;
    }
    return fill(text, vars);
  };
}

/** A catalogue that stays English (the ops console). */
export function defineMessages<T extends Catalogue>(en: T) {
  return function t(key: keyof T & string, vars?: Vars): string {
    return fill(en[key] ?? key, vars);
  };
}

/** The contract's texts in a language (for validation messages); nothing for English. */
export async function loadContractTexts(locale: Locale = active): Promise<void> {
  if (locale !== 'en' && !contractTexts[locale]) contractTexts[locale] = await contractLoaders[locale]();
}

/**
 * Loads every catalogue the page has imported so far, in one language; cheap
 * when all are there. `contract: false` leaves the contract's texts for later
 * (a public page shows none of them before anyone types).
 */
export async function loadCatalogues(locale: Locale = active, options: { contract?: boolean } = {}): Promise<void> {
  const waits: Promise<unknown>[] = registry
    .filter((e) => !e.loaded[locale])
    .map((e) => e.loaders[locale]().then((m) => (e.loaded[locale] = m.default)));
  if (options.contract !== false) waits.push(loadContractTexts(locale));
  await Promise.all(waits);
}

/** A lazy module whose catalogues are loaded before it renders (for router `lazy` and `React.lazy`). */
export function withCatalogues<M>(load: () => Promise<M>): () => Promise<M> {
  return async () => {
    const module = await load();
    await loadCatalogues();
    return module;
  };
}

/** A text of one of the contract's area catalogues, by its code, in the page's language. */
export function textOf<T extends Record<string, string>>(catalogue: TextCatalogue<T>, code: keyof T & string, vars?: Vars): string {
  const side: Record<string, string> | undefined = (catalogue as unknown as Partial<Record<Locale, Record<string, string>>>)[active];
  return fill(side?.[code] ?? catalogue.en[code]!, vars);
}

/**
 * A text a row stored beside its code (a wallet entry's reason, PIKU's line),
 * in the page's language from one of the contract's catalogues, by the code
 * and its parts. A row written before it had a code, a code this catalogue
 * does not hold, or something a person typed shows the stored English.
 */
export function storedTextOf(
  catalogue: TextCatalogue,
  stored: { code?: string | null | undefined; vars?: unknown },
  english: string,
): string {
  const side: Record<string, string> | undefined = (catalogue as unknown as Partial<Record<Locale, Record<string, string>>>)[active];
  return renderStored(stored.code, stored.vars, side ?? catalogue.en, catalogue.en) ?? english;
}

/** A text the contract says by code (a `Said`), in the page's language from one of its catalogues. */
export function saidOf(catalogue: TextCatalogue, said: Said): string {
  const stored = toStored(said);
  return storedTextOf(catalogue, stored, renderStored(stored.code, stored.vars, catalogue.en, catalogue.en) ?? said.code);
}

/** A said text in the page's language from the contract's texts; `english` until another language's texts are loaded. */
function spoken(said: Said, english: string): string {
  const translation = active === 'en' ? undefined : contractTexts[active];
  return translation ? renderSaid(said, translation.default, translation.default, translation.fields) : english;
}

/**
 * A validation message (a lead form's, a chosen file's) in the page's
 * language, rendered by its code from the contract's texts. Any other words
 * (a server's answer, kept with a file) are shown as they came: the server
 * answers in the reader's language.
 */
export function validationText(message: string): string {
  const read = readSaid(message);
  return read ? spoken(read.said, read.english) : message;
}

/** A problem zod found, in the page's language; zod's own words read "Invalid value" in another language. */
export function issueText(issue: z.core.$ZodIssue): string {
  const message = tooLongMessage(issue) ?? issue.message;
  const read = readSaid(message);
  return read ? spoken(read.said, read.english) : spoken(new Unsaid(message), message);
}

/** The first problem zod found, in the page's language (for a field's error line). */
export const firstIssue = (error: { issues: readonly z.core.$ZodIssue[] } | undefined): string | undefined => {
  const issue = error?.issues[0];
  return issue === undefined ? undefined : issueText(issue);
};

/** Dates and times at +05:30 in the page's language, Latin digits. */
export const formatDate = (input: Date | string | number) => istDate(input, active);
export const formatDateTime = (input: Date | string | number) => istDateTime(input, active);
export const formatTime = (input: Date | string | number) => istTime(input);

export { LOCALES };
export type { Locale };
