import { text } from './base';
import { saidIn } from './texts/said';
import { commonCatalogue } from './texts/common';

/** This file's validation messages, said by code (see `saidIn`). */
const commonSaid = saidIn(commonCatalogue);

export const MOBILE_LENGTH = 10;
export const COUNTRY_CODES = ['+91', '+60', '+971', '+974', '+1'] as const;

/**
 * The campaign rule of the spec: +91 and every non-digit are stripped and the
 * last 10 digits kept. The result may still be too short; validate it after.
 */
export function normaliseMobile(raw: string): string {
  let digits = raw.trim();
  if (digits.startsWith('+91')) digits = digits.slice(3);
  digits = digits.replace(/\D/g, '');
  return digits.slice(-MOBILE_LENGTH);
}

/** An Indian mobile: 10 digits, the first 6 to 9. */
export const MOBILE_PATTERN = /^[6-9][0-9]{9}$/;

export function isValidMobile(mobile: string): boolean {
  return MOBILE_PATTERN.test(mobile);
}

/** A valid Indian mobile, as every form asks. */
export const mobileSchema = text({ error: commonSaid('common.mobileRequired') })
  .trim()
  .min(1, commonSaid('common.mobileRequired'))
  .regex(MOBILE_PATTERN, commonSaid('common.invalidMobile'));

/** Lenient input (spaces, +91, dashes) normalised to 10 digits. */
export const normalisedMobileSchema = text({ error: commonSaid('common.mobileRequired') })
  .trim()
  .min(1, commonSaid('common.mobileRequired'))
  .transform(normaliseMobile)
  .pipe(text().regex(MOBILE_PATTERN, commonSaid('common.invalidMobile')));
