import { z } from 'zod';
import { text } from './base';
import type { Locale } from './locale';

/**
 * Content ops write (a project's texts, its lead form, category and employer
 * names) in English and, beside it, in Hindi. English is the content itself;
 * each other language is kept as `translations: { hi: {...} }` with the same
 * field names, and a reader of that language gets its text where ops wrote
 * one and the English where they did not. Pure, so the server's pages and
 * answers and the console's "lacks Hindi" view decide alike.
 */

/** The languages content can be written in besides English. */
export const CONTENT_LOCALES = ['hi'] as const;
export type ContentLocale = (typeof CONTENT_LOCALES)[number];

const optText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
/** A list's translation keeps the English list's positions: an empty entry falls back to the English one at that place. */
const textList = z.array(text().trim().max(200)).max(30);

/** A project's texts a reader sees, in the order the console shows them. */
export const PROJECT_TEXT_FIELDS = [
  'job_title',
  'tag_line',
  'rewards',
  'payout_prefix',
  'payout_text',
  'payout_text_custom',
  'criteria',
  'features',
  'perks',
  'description',
  'customer_tnc',
  'customer_criteria',
  'customer_features',
  'archive_message',
  'hold_message',
  'application_archive_message',
  'consumer_instruction',
] as const;
export type ProjectTextField = (typeof PROJECT_TEXT_FIELDS)[number];
const PROJECT_LIST_FIELDS = new Set<ProjectTextField>(['features', 'perks', 'customer_features']);

export const projectTextsSchema = z.object({
  job_title: optText(150),
  tag_line: optText(200),
  rewards: optText(200),
  payout_prefix: optText(60),
  payout_text: optText(200),
  payout_text_custom: optText(500),
  /** `label_value;;label_value` pairs, as in English. */
  criteria: optText(2000),
  features: textList.default([]),
  perks: textList.default([]),
  description: optText(10_000),
  customer_tnc: optText(10_000),
  customer_criteria: optText(2000),
  customer_features: textList.default([]),
  archive_message: optText(300),
  hold_message: optText(300),
  application_archive_message: optText(300),
  consumer_instruction: optText(5000),
});
export type ProjectTexts = z.output<typeof projectTextsSchema>;

export const projectTranslationsSchema = z.object({ hi: projectTextsSchema.partial().optional() });
export type ProjectTranslations = z.output<typeof projectTranslationsSchema>;

/** One lead-form input in another language: its label, placeholder and option names (in the English options' order). */
export const inputTextsSchema = z.object({
  label: optText(200),
  placeholder: optText(200),
  options: textList.default([]),
});
export const inputTranslationsSchema = z.object({ hi: inputTextsSchema.partial().optional() });
export type InputTranslations = z.output<typeof inputTranslationsSchema>;

export const formTranslationsSchema = z.object({
  hi: z
    .object({ description: optText(2000) })
    .partial()
    .optional(),
});
export type FormTranslations = z.output<typeof formTranslationsSchema>;

/** A category's or an employer's display name in another language. */
export const nameTranslationsSchema = z.object({
  hi: z
    .object({ name: optText(120) })
    .partial()
    .optional(),
});
export type NameTranslations = z.output<typeof nameTranslationsSchema>;

/** The text of one language for a reader: English when the reader reads English or ops wrote nothing. */
export function textIn(english: string, translated: string | null | undefined, locale: Locale): string;
export function textIn(english: string | null, translated: string | null | undefined, locale: Locale): string | null;
export function textIn(english: string | null, translated: string | null | undefined, locale: Locale): string | null {
  if (locale === 'en' || english === null) return english;
  return translated?.trim() ? translated : english;
}

/** A list for a reader, entry by entry: an empty or missing translated entry is the English one. */
export function listIn(english: readonly string[], translated: readonly string[] | null | undefined, locale: Locale): string[] {
  if (locale === 'en' || !translated?.length) return [...english];
  return english.map((e, i) => (translated[i]?.trim() ? translated[i]! : e));
}

type TranslationsOf<T> = { hi?: Partial<T> | null | undefined } | null | undefined;
const textsFor = <T>(translations: TranslationsOf<T>, locale: Locale): Partial<T> => (locale === 'hi' ? (translations?.hi ?? {}) : {});

/** A row with some of a project's texts, in a reader's language; fields the row does not have are left out. */
export function projectIn<T extends Partial<Record<ProjectTextField, unknown>>>(
  row: T,
  translations: TranslationsOf<ProjectTexts>,
  locale: Locale,
): T {
  const hi = textsFor(translations, locale);
  if (locale === 'en' || !Object.keys(hi).length) return row;
  const out: Record<string, unknown> = { ...row };
  for (const field of PROJECT_TEXT_FIELDS) {
    if (!(field in row)) continue;
    const english = row[field];
    const translated = hi[field];
    if (PROJECT_LIST_FIELDS.has(field)) out[field] = listIn((english as string[]) ?? [], translated as string[] | undefined, locale);
    else if (typeof english === 'string') out[field] = textIn(english, translated as string | null | undefined, locale);
  }
  return out as T;
}

/** A name (category title, employer) in a reader's language. */
export const nameIn = (english: string, translations: TranslationsOf<{ name: string | null }>, locale: Locale): string =>
  textIn(english, textsFor(translations, locale).name, locale);

/** The parts of a lead-form input that carry words. */
export interface TranslatableInput {
  label: string;
  placeholder?: string | null | undefined;
  input_enum?: string[] | null | undefined;
  option_labels?: string[] | null | undefined;
  english_label?: string | null | undefined;
  translations?: TranslationsOf<{ label: string | null; placeholder: string | null; options: string[] }>;
}

/**
 * An input as a reader sees it: label and placeholder in their language; the
 * options keep their English values (what a lead stores, whatever language it
 * was filled in) and carry the names to show in `option_labels`. The
 * translations themselves stay with the console.
 */
export function inputIn<T extends TranslatableInput>(input: T, locale: Locale): Omit<T, 'translations'> {
  const { translations, ...rest } = input;
  const hi = textsFor(translations, locale);
  if (locale === 'en' || !Object.keys(hi).length) return rest;
  const out = {
    ...rest,
    label: textIn(input.label, hi.label, locale),
    placeholder: textIn(input.placeholder ?? null, hi.placeholder, locale),
    english_label: input.label,
  };
  if (input.input_enum?.length && hi.options?.length) out.option_labels = listIn(input.input_enum, hi.options, locale);
  return out;
}

/**
 * A stored answer of an input with options (always the option's English
 * value, whatever language the form was filled in) named in a reader's
 * language: the Hindi name ops wrote at the option's place, else the value.
 * Several options chosen are read comma-separated.
 */
export function optionValueIn(input: TranslatableInput, value: string, locale: Locale): string {
  const english = input.input_enum ?? [];
  const names = inputIn(input, locale).option_labels;
  if (!english.length || !names?.length) return value;
  const nameOf = (v: string) => {
    const at = english.indexOf(v.trim());
    return at >= 0 && names[at]?.trim() ? names[at]! : v.trim();
  };
  return english.includes(value) ? nameOf(value) : value.split(',').map(nameOf).join(', ');
}

export const inputsIn = <T extends TranslatableInput>(inputs: readonly T[], locale: Locale) => inputs.map((i) => inputIn(i, locale));

/** One piece of content that has English and no Hindi: where it is and which field. */
export interface MissingText {
  field: string;
  /** The English text, so ops see what to translate. */
  english: string;
}

const missingText = (english: string | null | undefined, hi: string | null | undefined) => !!english?.trim() && !hi?.trim();
const missingList = (english: readonly string[] | null | undefined, hi: readonly string[] | null | undefined) =>
  (english ?? []).some((e, i) => e.trim() && !hi?.[i]?.trim());

/** What of a project's texts and its form has English and no Hindi. */
export function projectLacksHindi(
  project: Partial<Record<ProjectTextField, string | string[] | null>> & { translations?: TranslationsOf<ProjectTexts> },
  form?: {
    description?: string | null;
    translations?: TranslationsOf<{ description: string | null }>;
    inputs: readonly TranslatableInput[];
  } | null,
): MissingText[] {
  const out: MissingText[] = [];
  const hi = project.translations?.hi ?? {};
  for (const field of PROJECT_TEXT_FIELDS) {
    const english = project[field];
    if (Array.isArray(english)) {
      if (missingList(english, hi[field] as string[] | undefined)) out.push({ field, english: english.join(' · ') });
    } else if (missingText(english, hi[field] as string | null | undefined)) out.push({ field, english: english! });
  }
  if (form) {
    if (missingText(form.description, form.translations?.hi?.description))
      out.push({ field: 'form.description', english: form.description! });
    for (const input of form.inputs) {
      const t = input.translations?.hi ?? {};
      if (missingText(input.label, t.label)) out.push({ field: `form.label`, english: input.label });
      if (missingText(input.placeholder, t.placeholder)) out.push({ field: `form.placeholder`, english: input.placeholder! });
      if (missingList(input.input_enum, t.options)) out.push({ field: `form.options`, english: (input.input_enum ?? []).join(' · ') });
    }
  }
  return out;
}
