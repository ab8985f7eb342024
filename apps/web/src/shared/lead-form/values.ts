import {
  validateLeadInputs,
  type FormInputDef,
  type LeadInputValue,
  type MapLocation,
} from '@pmw/contract/lead-form';
import type { LeadFieldValue, LeadFieldValues, UploadedFile } from './types';

export const isUploadedFile = (v: LeadFieldValue | undefined): v is UploadedFile =>
  typeof v === 'object' && v !== null && 'file_id' in v;
export const isLocation = (v: LeadFieldValue | undefined): v is MapLocation =>
  typeof v === 'object' && v !== null && 'lat' in v && 'lng' in v;

/** The renderer's values as the API takes them: files by file_id, locations as lat/lng. */
export function toLeadInputValues(inputs: readonly FormInputDef[], values: LeadFieldValues): LeadInputValue[] {
  return inputs.map((input) => {
    const v = values[input.input_id];
    if (v === undefined) return { input_id: input.input_id, value: null };
    if (isUploadedFile(v)) return { input_id: input.input_id, value: String(v.file_id) };
    if (isLocation(v)) return { input_id: input.input_id, value: { lat: v.lat, lng: v.lng } };
    return { input_id: input.input_id, value: v };
  });
}

/** The same rules the server applies, so a person sees every error before anything is sent. */
export function leadFormErrors(inputs: readonly FormInputDef[], values: LeadFieldValues): Record<number, string> {
  return validateLeadInputs(inputs, toLeadInputValues(inputs, values)).errors;
}

/** A text value of the form (mobile, PAN, income), or '' when it is not text. */
export function textValue(values: LeadFieldValues, inputId: number | undefined): string {
  if (inputId === undefined) return '';
  const v = values[inputId];
  return typeof v === 'string' ? v : '';
}
