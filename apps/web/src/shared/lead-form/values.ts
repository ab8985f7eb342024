import { validateLeadInputs, type FormInputDef, type LeadInputValue, type MapLocation } from '@pmw/contract/lead-form';
import type { KeptFile, LeadFieldValue, LeadFieldValues, UploadedFile } from './types';

export const isUploadedFile = (v: LeadFieldValue | undefined): v is UploadedFile => typeof v === 'object' && v !== null && 'file_id' in v;
export const isKeptFile = (v: LeadFieldValue | undefined): v is KeptFile => typeof v === 'object' && v !== null && 'kept' in v;

/** The inputs whose files wait on the device, with the files. */
export function keptFiles(values: LeadFieldValues): { input_id: number; file: KeptFile }[] {
  return Object.entries(values).flatMap(([id, v]) => (isKeptFile(v) ? [{ input_id: Number(id), file: v }] : []));
}
export const isLocation = (v: LeadFieldValue | undefined): v is MapLocation =>
  typeof v === 'object' && v !== null && 'lat' in v && 'lng' in v;

/** The renderer's values as the API takes them: files by file_id (a kept file has none yet: null), locations as lat/lng. */
export function toLeadInputValues(inputs: readonly FormInputDef[], values: LeadFieldValues): LeadInputValue[] {
  return inputs.map((input) => {
    const v = values[input.input_id];
    if (v === undefined || isKeptFile(v)) return { input_id: input.input_id, value: null };
    if (isUploadedFile(v)) return { input_id: input.input_id, value: String(v.file_id) };
    if (isLocation(v)) return { input_id: input.input_id, value: { lat: v.lat, lng: v.lng } };
    return { input_id: input.input_id, value: v };
  });
}

/** The same rules the server applies, so a person sees every error before anything is sent. */
export function leadFormErrors(inputs: readonly FormInputDef[], values: LeadFieldValues): Record<number, string> {
  const given = toLeadInputValues(inputs, values).map((v) => (isKeptFile(values[v.input_id]) ? { ...v, value: KEPT_STAND_IN } : v));
  const errors = validateLeadInputs(inputs, given).errors;
  // A kept file the server refused says why until it is replaced.
  for (const { input_id, file } of keptFiles(values)) if (file.problem) errors[input_id] = file.problem;
  return errors;
}

/** A kept file counts as given: it uploads (and gets its file_id) before the lead is sent. */
const KEPT_STAND_IN = '1';

/** A text value of the form (mobile, PAN, income), or '' when it is not text. */
export function textValue(values: LeadFieldValues, inputId: number | undefined): string {
  if (inputId === undefined) return '';
  const v = values[inputId];
  return typeof v === 'string' ? v : '';
}
