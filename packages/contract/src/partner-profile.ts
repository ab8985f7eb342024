import { z } from 'zod';
import { atMostChars, text, int, coerceInt } from './base';
import { defineRoute, queryInt } from './api';
import { documentTypes } from './kyc';

/**
 * The partner's profile: personal details, KYC and business documents, bank
 * accounts and the IFSC lookup.
 */

export const MAX_BANKS = 3;
export const IFSC_LENGTH = 11;
export const GENDERS = [
  { value: 1, label: 'Male', code: 'profile.genderMale' },
  { value: 2, label: 'Female', code: 'profile.genderFemale' },
  { value: 3, label: 'Other', code: 'profile.genderOther' },
] as const;
export const PROFILE_PICTURE_ACCEPT = '.jpg,.png,.jpeg';
/** Bank status: 0 submitted (under review), 1 verified, 2 rejected. */
export const BANK_STATUS = { submitted: 0, verified: 1, rejected: 2 } as const;
/** What a reviewer decides about a bank account or UPI ID: verified or rejected. */
export type BankDecision = typeof BANK_STATUS.verified | typeof BANK_STATUS.rejected;
/** How a payout method is paid: a bank account (IMPS or NEFT) or a UPI ID. Both share the list, the limit and the review. */
export const PAYOUT_METHOD = { bank: 'BANK', upi: 'UPI' } as const;
export const payoutMethodSchema = z.enum([PAYOUT_METHOD.bank, PAYOUT_METHOD.upi]);
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;
/**
 * What the payout provider said when asked about a method (a penny-drop for a
 * bank, a VPA lookup for UPI): the name it returned matches the PAN name (the
 * method is verified without ops), does not match (ops compare the two), the
 * account or UPI ID does not exist (rejected), or no answer (ops decide).
 */
export const NAME_CHECK = { matched: 'MATCHED', mismatch: 'MISMATCH', invalid: 'INVALID', unavailable: 'UNAVAILABLE' } as const;
export const nameCheckSchema = z.enum([NAME_CHECK.matched, NAME_CHECK.mismatch, NAME_CHECK.invalid, NAME_CHECK.unavailable]);
export type NameCheck = z.infer<typeof nameCheckSchema>;

import { profileMessages } from './partner-profile-texts';
import { saidIn } from './texts/said';
import { commonCatalogue } from './texts/common';
import { leadCatalogue } from './texts/lead';
import { partnerCatalogue } from './texts/partner';

/** This file's validation messages, said by code (see `saidIn`). */
const commonSaid = saidIn(commonCatalogue);
const leadSaid = saidIn(leadCatalogue);
const partnerSaid = saidIn(partnerCatalogue);
export { profileMessages };

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ifscSchema = text({ error: partnerSaid('profile.ifscInvalid') })
  .trim()
  .toUpperCase()
  .regex(IFSC_PATTERN, partnerSaid('profile.ifscInvalid'));

/** A UPI ID (VPA): `handle@bank`, the handle 2 to 256 of letters, digits, dot, hyphen or underscore, the bank part letters. */
export const UPI_ID_PATTERN = /^[a-z0-9][a-z0-9._-]{1,255}@[a-z][a-z0-9]{1,63}$/;
export const upiIdSchema = text({ error: partnerSaid('profile.upiRequired') })
  .trim()
  .toLowerCase()
  .min(1, partnerSaid('profile.upiRequired'))
  .max(320, partnerSaid('profile.upiInvalid'))
  .regex(UPI_ID_PATTERN, partnerSaid('profile.upiInvalid'));
/** `as***@okaxis`: a UPI ID as lists show it (the bank part stays, so the partner knows which app). */
export function maskUpiId(upiId: string): string {
  const at = upiId.lastIndexOf('@');
  const handle = upiId.slice(0, at);
  return `${handle.slice(0, 2)}${'*'.repeat(Math.max(3, handle.length - 2))}${upiId.slice(at)}`;
}

export const accountNumberSchema = text({ error: partnerSaid('profile.accountRequired') })
  .trim()
  .min(1, partnerSaid('profile.accountRequired'))
  .regex(/^[0-9]{9,18}$/, partnerSaid('profile.accountInvalid'));

/** The bank form may be saved only when the number is there and equals its confirmation. */
export const accountsMatch = (accountNo: string, confirm: string) => accountNo.trim() !== '' && accountNo.trim() === confirm.trim();
/** A rejected bank is out of use: it does not count toward the limit and can be removed and replaced. */
export const isActiveBank = (bank: { status: number }) => bank.status !== BANK_STATUS.rejected;
/** The add button shows only while fewer than 3 banks are in use (rejected ones do not count). */
export const canAddBank = (banks: readonly { status: number }[]) => banks.filter(isActiveBank).length < MAX_BANKS;
/**
 * A rejected bank, or one still under review (a typo to fix), can be removed;
 * a verified one stays: payouts go only to verified banks.
 */
export const canRemoveBank = (bank: { status: number }) => bank.status !== BANK_STATUS.verified;
/** What the Payouts page says of the banks: the default one, else how many wait for review, else none. */
export function payoutBank<B extends { status: number; is_default: boolean }>(
  banks: readonly B[],
): { kind: 'default'; bank: B } | { kind: 'inReview'; count: number } | { kind: 'none' } {
  const def = banks.find((b) => b.is_default);
  if (def) return { kind: 'default', bank: def };
  const count = banks.filter((b) => b.status === BANK_STATUS.submitted).length;
  return count > 0 ? { kind: 'inReview', count } : { kind: 'none' };
}
/** 'Make Default' only on verified, non-default banks. */
export const canMakeDefault = (bank: { status: number; is_default: boolean }) => bank.status === BANK_STATUS.verified && !bank.is_default;
/** The lookup fires at exactly 11 characters. */
export const shouldLookupIfsc = (code: string) => code.trim().length === IFSC_LENGTH;
/** `XXXXXX1234`: the account number as lists show it. */
export const maskAccount = (last4: string, length = 10) => 'X'.repeat(Math.max(0, length - last4.length)) + last4;

// ---------------------------------------------------------------- profile

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const profileSchema = z.object({
  id: text(),
  user_id: int(),
  mobile: text(),
  first_name: text().nullable(),
  email: text().nullable(),
  gender: int().nullable(),
  zip_code: text().nullable(),
  city: text().nullable(),
  state: text().nullable(),
  permanent_address: text().nullable(),
  location_coords: text().nullable(),
  profile_picture_key: text().nullable(),
  profile_picture_url: text().nullable(),
  /** What the profile's sections need beyond the user row: whether the KYC documents are complete. */
  details: z.object({ kyc_complete: z.boolean() }),
  /** The partner's KYC documents, as the document fetch answers them. */
  documents: z.array(z.lazy(() => documentSchema)),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileUpdateBodySchema = z.object({
  first_name: text({ error: partnerSaid('profile.firstNameRequired') })
    .trim()
    .min(1, partnerSaid('profile.firstNameRequired'))
    .max(80, atMostChars('Name', 80)),
  email: text()
    .trim()
    .max(120)
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.email(leadSaid('leadForm.invalidEmail')).nullable()),
  gender: coerceInt()
    .min(1)
    .max(3)
    .nullish()
    .transform((v) => v ?? null),
  zip_code: text()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(
      text()
        .regex(/^[0-9]{6}$/, partnerSaid('profile.pincodeInvalid'))
        .nullable(),
    ),
  city: optionalText(80),
  state: optionalText(80),
  permanent_address: optionalText(300),
  location_coords: optionalText(60),
  profile_picture_key: text().trim().max(300).nullish(),
});
export type ProfileUpdate = z.input<typeof profileUpdateBodySchema>;

// ---------------------------------------------------------------- documents

export const documentSchema = z.object({
  document_id: int(),
  user_id: int(),
  type: z.enum(documentTypes),
  /** Masked: all but the last four characters hidden. */
  number: text(),
  file_id: int().nullable(),
  file_id2: int().nullable(),
  status: int(),
  reject_reason: text().nullable(),
  created_on: text(),
});
export type PartnerDocument = z.infer<typeof documentSchema>;

export const documentFetchQuerySchema = z.object({ user_id: queryInt.positive().optional() });
export const documentAddBodySchema = z.object({
  user_id: coerceInt().positive(),
  type: z.enum(documentTypes),
  /** Validated per type by the documents service (contract/kyc.ts). */
  number: text().trim().min(1, commonSaid('common.numberRequired')).max(20),
  file_id: coerceInt().positive().nullish(),
  file_id2: coerceInt().positive().nullish(),
});

// ---------------------------------------------------------------- banks

export const bankSchema = z.object({
  bank_detail_id: int(),
  /** BANK or UPI: UPI IDs are listed with the banks and follow the same limit, review and default. */
  method: payoutMethodSchema,
  /** The bank's name, or 'UPI'. */
  bank_name: text(),
  /** Empty for a UPI ID. */
  ifsc_code: text(),
  /** Masked: the account number's last four, or the UPI ID's first two characters and its bank part. */
  account_no: text(),
  /** The UPI ID, masked as account_no; null for a bank account. */
  upi_id: text().nullable(),
  /** What the payout provider's check found, and the holder's name it returned (null before any check). */
  name_check: nameCheckSchema.nullable(),
  name_at_bank: text().nullable(),
  branch_detail: text().nullable(),
  status: int(),
  /** Why it was rejected (status 2), in English, else null. */
  reject_reason: text().nullable(),
  /** The reason by code and varying parts when it is one of ours, for the reader's language; null for ops' own words and older rows. */
  reject_reason_code: text().nullable().optional(),
  reject_reason_vars: z.record(z.string(), z.unknown()).nullable().optional(),
  is_default: z.boolean(),
  created_on: text(),
});
export type Bank = z.infer<typeof bankSchema>;

export const bankAddBodySchema = z
  .object({
    user_id: coerceInt().positive().optional(),
    ifsc_code: ifscSchema,
    account_no: accountNumberSchema,
    account_no_confirm: text().trim(),
    /** Filled by the lookup; the server keeps its own offline bank name when it knows the code. */
    bank_name: text().trim().max(120).optional(),
    branch_detail: text().trim().max(300).optional(),
  })
  .refine((b) => accountsMatch(b.account_no, b.account_no_confirm), { message: partnerSaid('profile.accountMismatch') });

export const upiAddBodySchema = z.object({ upi_id: upiIdSchema });

export const bankDefaultBodySchema = z.object({ bank_detail_id: coerceInt().positive() });
export const bankRemoveBodySchema = z.object({ bank_detail_id: coerceInt().positive() });

export const ifscLookupSchema = z.object({
  ifsc: text(),
  valid: z.boolean(),
  BANK: text().nullable(),
  BRANCH: text().nullable(),
  ADDRESS: text().nullable(),
});
export type IfscLookup = z.infer<typeof ifscLookupSchema>;

export const profileRoutes = {
  basicFetch: defineRoute({
    method: 'GET',
    path: '/partner/profile/basic/fetch',
    summary: "The partner's profile: name, contact details and picture",
    auth: 'worker',
    response: profileSchema,
  }),
  basicUpdate: defineRoute({
    method: 'POST',
    path: '/partner/profile/basic/update',
    auth: 'worker',
    body: profileUpdateBodySchema,
    response: profileSchema,
    summary: "Saves the partner's profile",
  }),
  documentFetch: defineRoute({
    method: 'GET',
    path: '/partner/profile/document/fetch',
    auth: 'worker',
    query: documentFetchQuerySchema,
    response: z.array(documentSchema),
    summary: "The partner's KYC documents and their review status",
  }),
  documentAdd: defineRoute({
    method: 'POST',
    path: '/partner/profile/document/add',
    auth: 'worker',
    body: documentAddBodySchema,
    response: documentSchema,
    summary: 'Submits a KYC document (PAN or Aadhaar) with its uploaded image',
  }),
  bankFetch: defineRoute({
    method: 'GET',
    path: '/partner/profile/bank/fetch',
    summary: "The partner's bank accounts, default first",
    auth: 'worker',
    response: z.array(bankSchema),
  }),
  bankAdd: defineRoute({
    method: 'POST',
    path: '/partner/profile/bank/add',
    summary: 'Adds a bank account for payouts after checking its IFSC',
    auth: 'worker',
    body: bankAddBodySchema,
    response: bankSchema,
  }),
  bankSetDefault: defineRoute({
    method: 'POST',
    path: '/partner/profile/bank/set/default',
    auth: 'worker',
    body: bankDefaultBodySchema,
    response: z.array(bankSchema),
    summary: 'Makes one bank account the one payouts go to',
  }),
  upiAdd: defineRoute({
    method: 'POST',
    path: '/partner/profile/upi/add',
    summary: 'Adds a UPI ID for payouts; the payout provider looks it up and its name is compared with the PAN name',
    auth: 'worker',
    body: upiAddBodySchema,
    response: bankSchema,
  }),
  /** Removes a rejected bank so it can be replaced; answers the banks left. */
  bankRemove: defineRoute({
    method: 'POST',
    path: '/partner/profile/bank/remove',
    auth: 'worker',
    body: bankRemoveBodySchema,
    response: z.array(bankSchema),
    summary: 'Removes a rejected bank account so another can take its place',
  }),
  /** Our stand-in for the public lookup service's GET /{ifsc}: BANK and ADDRESS. */
  ifscLookup: defineRoute({
    method: 'GET',
    path: '/partner/ifsc/:ifsc',
    auth: 'worker',
    params: z.object({ ifsc: text().trim().toUpperCase().max(20) }),
    response: ifscLookupSchema,
    summary: 'The bank (and branch, where known) of an IFSC code',
  }),
};
