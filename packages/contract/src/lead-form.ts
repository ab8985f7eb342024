import { z } from 'zod';
import { text, int, coerceInt } from './base';
import { inputTranslationsSchema } from './content-language';
import { isValidPan } from './kyc';
import { isValidMobile, normaliseMobile } from './mobile';
import { commonCatalogue } from './texts/common';
import { kycCatalogue } from './texts/kyc';
import { leadCatalogue } from './texts/lead';
import { partnerCatalogue } from './texts/partner';
import { saidIn } from './texts/said';

const commonSaid = saidIn(commonCatalogue);
const kycSaid = saidIn(kycCatalogue);
const leadSaid = saidIn(leadCatalogue);
const partnerSaid = saidIn(partnerCatalogue);

/**
 * The pure rules of a lead form (task form), shared by the server that stores
 * a lead and every page that renders one (campaign page, team area).
 */

export const FILE_INPUT_TYPES = ['IMAGE', 'VIDEO', 'FILE'] as const;
export type FileInputType = (typeof FILE_INPUT_TYPES)[number];

/** One input of a task form, with the spec's field names. */
export const formInputSchema = z.object({
  input_id: int(),
  label: text(),
  input_type: text(),
  input_category: text().nullish(),
  input_format: text().nullish(),
  input_enum: z.array(text()).nullish(),
  placeholder: text().nullish(),
  validation: z.object({ required: z.boolean().optional() }).nullish(),
  is_primary: z.boolean().optional(),
  isAllowFileManager: z.boolean().optional(),
  /** What ops wrote in other languages; a reader's form has it applied and left out. */
  translations: inputTranslationsSchema.optional(),
  /** The options' names in the reader's language, beside their English values in input_enum (set only when they differ). */
  option_labels: z.array(text()).nullish(),
  /** The English label of an input shown in another language: the rules that read a label (name, monthly income) read this one. */
  english_label: text().nullish(),
});
export type FormInputDef = z.infer<typeof formInputSchema>;

export const mapLocationSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  address: text().max(500).optional(),
});
export type MapLocation = z.infer<typeof mapLocationSchema>;

/** Where a phone was when it sent a lead, with the radius (metres) its location is good to. */
export const devicePositionSchema = mapLocationSchema.extend({ accuracy_m: z.number().min(0).max(10_000_000).optional() });
export type DevicePosition = z.infer<typeof devicePositionSchema>;

/** What a client sends for one input: text, a number, a file_id, or a location. */
export const leadInputValueSchema = z.object({
  input_id: coerceInt(),
  value: z.union([text().max(2000), z.number(), mapLocationSchema, z.null()]),
});
export type LeadInputValue = z.infer<typeof leadInputValueSchema>;

/** A value after validation, as it is stored (form_response_data). */
export interface NormalisedLeadValue {
  input_id: number;
  value: string;
  file_id?: number;
}

export const isFileInput = (input: Pick<FormInputDef, 'input_type'>): boolean =>
  (FILE_INPUT_TYPES as readonly string[]).includes(input.input_type.toUpperCase());
export const isRequired = (input: Pick<FormInputDef, 'validation'>): boolean => input.validation?.required === true;

/** The input that holds the customer's mobile: category MOBILE, else the first input. */
export function mobileInput(inputs: readonly FormInputDef[]): FormInputDef | undefined {
  return inputs.find((i) => i.input_category === 'MOBILE') ?? inputs[0];
}

const englishLabel = (i: Pick<FormInputDef, 'label' | 'english_label'>) => i.english_label ?? i.label;

/** The input that holds the customer's name: the first text input labelled with "name", else input 2. */
export function nameInput(inputs: readonly FormInputDef[]): FormInputDef | undefined {
  const mobile = mobileInput(inputs);
  return (
    inputs.find((i) => i !== mobile && i.input_type.toUpperCase() === 'TEXT' && /name/i.test(englishLabel(i)) && !i.input_category) ??
    inputs.find((i) => i.input_id === 2 && i !== mobile)
  );
}

/** "12.97160,77.59460" is how a location is stored. */
export const formatLocation = (loc: { lat: number; lng: number }) => `${loc.lat.toFixed(6)},${loc.lng.toFixed(6)}`;
export function parseLocation(raw: string): MapLocation | undefined {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(raw);
  if (!m) return undefined;
  const parsed = mapLocationSchema.safeParse({ lat: Number(m[1]), lng: Number(m[2]) });
  return parsed.success ? parsed.data : undefined;
}

/** The lead form's refusals, said by code; a field is named by its label in the reader's language (the form's). */
export const leadFormMessages = {
  required: (label: string) => leadSaid('leadForm.required', { label }),
  invalidPan: kycSaid('kyc.panInvalid'),
  notANumber: (label: string) => leadSaid('leadForm.notANumber', { label }),
  invalidEmail: leadSaid('leadForm.invalidEmail'),
  notAnOption: (label: string) => leadSaid('leadForm.notAnOption', { label }),
  fileMissing: (label: string) => leadSaid('leadForm.fileMissing', { label }),
  locationNotSelected: leadSaid('leadForm.locationNotSelected'),
  unknownInput: leadSaid('leadForm.unknownInput'),
  tooLong: (label: string) => commonSaid('validation.tooLong', { field: label, n: MAX_TEXT }),
  mobileRequired: commonSaid('common.mobileRequired'),
  invalidMobile: commonSaid('common.invalidMobile'),
  accountInvalid: partnerSaid('profile.accountInvalid'),
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const MAX_TEXT = 500;

function isEmpty(value: LeadInputValue['value'] | undefined): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** Checks one input; answers the stored value or an error a person can read (a message said by code, see `readSaid`). */
export function validateLeadInput(
  input: FormInputDef,
  raw: LeadInputValue['value'] | undefined,
): { value?: NormalisedLeadValue; error?: string } {
  const type = input.input_type.toUpperCase();
  const isMobile = input.input_category === 'MOBILE';
  if (isEmpty(raw)) {
    if (isMobile) return { error: leadFormMessages.mobileRequired };
    if (!isRequired(input)) return {};
    if (type === 'MAP_LOCATION') return { error: leadFormMessages.locationNotSelected };
    if (isFileInput(input)) return { error: leadFormMessages.fileMissing(input.label) };
    return { error: leadFormMessages.required(input.label) };
  }
  const id = input.input_id;

  if (type === 'MAP_LOCATION') {
    const loc = typeof raw === 'object' && raw !== null ? mapLocationSchema.safeParse(raw).data : parseLocation(String(raw));
    if (!loc) return { error: leadFormMessages.locationNotSelected };
    return { value: { input_id: id, value: formatLocation(loc) } };
  }
  if (typeof raw === 'object' && raw !== null) return { error: leadFormMessages.required(input.label) };
  const text = String(raw).trim();

  if (isFileInput(input)) {
    if (!/^[1-9][0-9]{0,9}$/.test(text)) return { error: leadFormMessages.fileMissing(input.label) };
    return { value: { input_id: id, value: text, file_id: Number(text) } };
  }
  if (isMobile) {
    const mobile = normaliseMobile(text);
    if (!isValidMobile(mobile)) return { error: leadFormMessages.invalidMobile };
    return { value: { input_id: id, value: mobile } };
  }
  if (input.input_category === 'PAN_CARD') {
    const pan = text.toUpperCase();
    if (!isValidPan(pan)) return { error: leadFormMessages.invalidPan };
    return { value: { input_id: id, value: pan } };
  }
  if (input.input_category === 'BANK_ACCOUNT') {
    const account = text.replace(/[\s-]/g, '');
    if (!/^[0-9]{9,18}$/.test(account)) return { error: leadFormMessages.accountInvalid };
    return { value: { input_id: id, value: account } };
  }
  if (type === 'NUMBER') {
    const n = text.replace(/,/g, '');
    if (!NUMBER.test(n)) return { error: leadFormMessages.notANumber(input.label) };
    return { value: { input_id: id, value: String(Number(n)) } };
  }
  if (type === 'DROPDOWN') {
    const options = input.input_enum ?? [];
    if (!options.includes(text)) return { error: leadFormMessages.notAnOption(input.label) };
    return { value: { input_id: id, value: text } };
  }
  if (type === 'EMAIL') {
    if (!EMAIL.test(text)) return { error: leadFormMessages.invalidEmail };
    return { value: { input_id: id, value: text.toLowerCase() } };
  }
  if (text.length > MAX_TEXT) return { error: leadFormMessages.tooLong(input.label) };
  return { value: { input_id: id, value: text } };
}

export interface LeadValidation {
  /** Error per input_id; empty when the values are acceptable. */
  errors: Record<number, string>;
  values: NormalisedLeadValue[];
}

/** Checks every input of a form against the values sent; unknown inputs are errors too. */
export function validateLeadInputs(inputs: readonly FormInputDef[], values: readonly LeadInputValue[]): LeadValidation {
  const byId = new Map(values.map((v) => [v.input_id, v.value]));
  const known = new Set(inputs.map((i) => i.input_id));
  const errors: Record<number, string> = {};
  const out: NormalisedLeadValue[] = [];
  for (const v of values) if (!known.has(v.input_id)) errors[v.input_id] = leadFormMessages.unknownInput;
  for (const input of inputs) {
    const result = validateLeadInput(input, byId.get(input.input_id));
    if (result.error) errors[input.input_id] = result.error;
    else if (result.value) out.push(result.value);
  }
  return { errors, values: out };
}

/** The first error in form order, for a one-line message. */
export function firstLeadError(inputs: readonly FormInputDef[], errors: Record<number, string>): string | undefined {
  for (const input of inputs) if (errors[input.input_id]) return errors[input.input_id];
  const rest = Object.values(errors);
  return rest[0];
}

/** The customer a lead is about, from its normalised values. */
export function leadCustomer(
  inputs: readonly FormInputDef[],
  values: readonly NormalisedLeadValue[],
): { mobile: string | undefined; name: string | undefined } {
  const m = mobileInput(inputs);
  const n = nameInput(inputs);
  return {
    mobile: m ? values.find((v) => v.input_id === m.input_id)?.value : undefined,
    name: n ? values.find((v) => v.input_id === n.input_id)?.value : undefined,
  };
}

/** The input labelled Monthly Income, used as the earning of the credit-profile check. */
export function incomeInput(inputs: readonly FormInputDef[]): FormInputDef | undefined {
  return inputs.find((i) => /monthly income/i.test(englishLabel(i)));
}
export const panInput = (inputs: readonly FormInputDef[]) => inputs.find((i) => i.input_category === 'PAN_CARD');
/** The customer's bank account number input, when the form asks for one. */
export const bankAccountInput = (inputs: readonly FormInputDef[]) => inputs.find((i) => i.input_category === 'BANK_ACCOUNT');
