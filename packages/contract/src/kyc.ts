import type { z } from 'zod';
import { text } from './base';
import { saidIn } from './texts/said';
import { kycCatalogue } from './texts/kyc';

/** This file's validation messages, said by code (see `saidIn`). */
const kycSaid = saidIn(kycCatalogue);

/** Verhoeff tables, used by Aadhaar's check digit. */
const D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

export function verhoeffValid(digits: string): boolean {
  let c = 0;
  const arr = digits.split('').reverse().map(Number);
  for (let i = 0; i < arr.length; i++) c = D[c]![P[i % 8]![arr[i]!]!]!;
  return c === 0;
}

export function verhoeffCheckDigit(digits: string): number {
  let c = 0;
  const arr = digits.split('').reverse().map(Number);
  for (let i = 0; i < arr.length; i++) c = D[c]![P[(i + 1) % 8]![arr[i]!]!]!;
  return INV[c]!;
}

export const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
export const isValidPan = (pan: string) => PAN_PATTERN.test(pan);
/** 12 digits, not starting with 0 or 1, with a valid Verhoeff check digit. */
export const isValidAadhaar = (n: string) => /^[2-9][0-9]{11}$/.test(n) && verhoeffValid(n);

const GST_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** GSTIN: 2-digit state, the holder's PAN, entity digit, Z, and a mod-36 check character. */
export function isValidGstin(gstin: string): boolean {
  if (!/^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(gstin)) return false;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const v = GST_CHARS.indexOf(gstin[i]!);
    const product = v * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  const check = GST_CHARS[(36 - (sum % 36)) % 36];
  return check === gstin[14];
}

export const panSchema = text({ error: kycSaid('kyc.panRequired') })
  .trim()
  .toUpperCase()
  .min(1, kycSaid('kyc.panRequired'))
  .refine(isValidPan, kycSaid('kyc.panInvalid'));
export const aadhaarSchema = text({ error: kycSaid('kyc.aadhaarRequired') })
  .trim()
  .transform((s) => s.replace(/\s/g, ''))
  .pipe(
    text()
      .min(1, kycSaid('kyc.aadhaarRequired'))
      .regex(/^[0-9]{12}$/, kycSaid('kyc.aadhaarDigits'))
      .refine(isValidAadhaar, kycSaid('kyc.aadhaarInvalid')),
  );
export const gstinSchema = text({ error: kycSaid('kyc.gstRequired') })
  .trim()
  .toUpperCase()
  .min(1, kycSaid('kyc.gstRequired'))
  .refine(isValidGstin, kycSaid('kyc.gstInvalid'));

/** KYC is complete with a first name and PAN and Aadhaar documents. */
export function isKycComplete(user: { first_name: string | null }, documentTypes: readonly string[]): boolean {
  return !!user.first_name?.trim() && documentTypes.includes('PAN') && documentTypes.includes('AADHAAR');
}

export const documentTypes = ['PAN', 'FIRM_PAN', 'AADHAAR', 'GST'] as const;
export type DocumentType = (typeof documentTypes)[number];

/** The validator of each document's number. */
export const documentNumberSchema: Record<DocumentType, z.ZodType<string>> = {
  PAN: panSchema,
  FIRM_PAN: panSchema,
  AADHAAR: aadhaarSchema,
  GST: gstinSchema,
};

/** 0 submitted, 1 verified, 2 rejected. */
export const DOCUMENT_STATUS = { submitted: 0, verified: 1, rejected: 2 } as const;
/** What a reviewer decides about a document: verified or rejected. */
export type DocumentDecision = typeof DOCUMENT_STATUS.verified | typeof DOCUMENT_STATUS.rejected;
