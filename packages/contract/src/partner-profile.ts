import { z } from 'zod';
import { defineRoute, queryInt } from './api';
import { documentTypes } from './kyc';

/**
 * The partner's profile: personal details, KYC and business documents, bank
 * accounts and the IFSC lookup (spec 001, sections 2, 3, 5, 7 and 9).
 */

export const MAX_BANKS = 3;
export const IFSC_LENGTH = 11;
export const GENDERS = [
  { value: 1, label: 'Male' },
  { value: 2, label: 'Female' },
  { value: 3, label: 'Other' },
] as const;
export const PROFILE_PICTURE_ACCEPT = '.jpg,.png,.jpeg';
/** Bank status: 0 submitted (under review), 1 verified, 2 rejected (spec 3). */
export const BANK_STATUS = { submitted: 0, verified: 1, rejected: 2 } as const;

export const profileMessages = {
  updated: 'Details updated successfully!',
  accountMismatch: 'Account number not matched, Please check',
  bankLimit: 'You can add at most 3 bank accounts',
  bankAdded: 'Bank details added successfully',
  bankNotFound: 'Bank details not found',
  bankNotVerified: 'Only a verified bank can be made default',
  bankDuplicate: 'This bank account is already added',
  defaultSet: 'Default bank updated',
  ifscInvalid: 'Invalid IFSC code',
  ifscUnknown: 'This IFSC code was not found',
  accountInvalid: 'Account number must be 9 to 18 digits',
  accountRequired: 'Account number is required',
  firstNameRequired: 'Name is required',
  emailInvalid: 'Invalid email address',
  pincodeInvalid: 'Pincode must be 6 digits',
  documentAdded: 'Document added successfully',
  fileRequired: (what: string) => `${what} is required`,
  businessNote: '*Required for users opting for invoicing-based payouts. It is necessary to process monthly payments',
  gstNote: '*Payouts will be processed on a monthly basis based on submitted invoices.',
} as const;

export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const ifscSchema = z
  .string({ error: profileMessages.ifscInvalid })
  .trim()
  .toUpperCase()
  .regex(IFSC_PATTERN, profileMessages.ifscInvalid);

export const accountNumberSchema = z
  .string({ error: profileMessages.accountRequired })
  .trim()
  .min(1, profileMessages.accountRequired)
  .regex(/^[0-9]{9,18}$/, profileMessages.accountInvalid);

/** The bank form may be saved only when the number is there and equals its confirmation (spec 5). */
export const accountsMatch = (accountNo: string, confirm: string) => accountNo.trim() !== '' && accountNo.trim() === confirm.trim();
/** The add button shows only below the limit (spec 5). */
export const canAddBank = (count: number) => count < MAX_BANKS;
/** 'Make Default' only on verified, non-default banks (spec 4). */
export const canMakeDefault = (bank: { status: number; is_default: boolean }) => bank.status === BANK_STATUS.verified && !bank.is_default;
/** The lookup fires at exactly 11 characters (spec 5). */
export const shouldLookupIfsc = (code: string) => code.trim().length === IFSC_LENGTH;
/** `XXXXXX1234`: the account number as lists show it. */
export const maskAccount = (last4: string, length = 10) => 'X'.repeat(Math.max(0, length - last4.length)) + last4;

// ---------------------------------------------------------------- profile

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const profileSchema = z.object({
  id: z.string(),
  user_id: z.number().int(),
  mobile: z.string(),
  first_name: z.string().nullable(),
  email: z.string().nullable(),
  gender: z.number().int().nullable(),
  zip_code: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  permanent_address: z.string().nullable(),
  location_coords: z.string().nullable(),
  profile_picture_key: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileUpdateBodySchema = z.object({
  first_name: z.string({ error: profileMessages.firstNameRequired }).trim().min(1, profileMessages.firstNameRequired).max(80),
  email: z
    .string()
    .trim()
    .max(120)
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.email(profileMessages.emailInvalid).nullable()),
  gender: z.coerce.number().int().min(1).max(3).nullish().transform((v) => v ?? null),
  zip_code: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.string().regex(/^[0-9]{6}$/, profileMessages.pincodeInvalid).nullable()),
  city: optionalText(80),
  state: optionalText(80),
  permanent_address: optionalText(300),
  location_coords: optionalText(60),
  profile_picture_key: z.string().trim().max(300).nullish(),
});
export type ProfileUpdate = z.input<typeof profileUpdateBodySchema>;

// ---------------------------------------------------------------- documents

export const documentSchema = z.object({
  document_id: z.number().int(),
  user_id: z.number().int(),
  type: z.enum(documentTypes),
  /** Masked: all but the last four characters hidden. */
  number: z.string(),
  file_id: z.number().int().nullable(),
  file_id2: z.number().int().nullable(),
  status: z.number().int(),
  reject_reason: z.string().nullable(),
  created_on: z.string(),
});
export type PartnerDocument = z.infer<typeof documentSchema>;

export const documentFetchQuerySchema = z.object({ user_id: queryInt.positive().optional() });
export const documentAddBodySchema = z.object({
  user_id: z.coerce.number().int().positive(),
  type: z.enum(documentTypes),
  /** Validated per type by the documents service (contract/kyc.ts). */
  number: z.string().trim().min(1, 'Number is required').max(20),
  file_id: z.coerce.number().int().positive().nullish(),
  file_id2: z.coerce.number().int().positive().nullish(),
});

// ---------------------------------------------------------------- banks

export const bankSchema = z.object({
  bank_detail_id: z.number().int(),
  bank_name: z.string(),
  ifsc_code: z.string(),
  /** Masked. */
  account_no: z.string(),
  branch_detail: z.string().nullable(),
  status: z.number().int(),
  is_default: z.boolean(),
  created_on: z.string(),
});
export type Bank = z.infer<typeof bankSchema>;

export const bankAddBodySchema = z
  .object({
    user_id: z.coerce.number().int().positive().optional(),
    ifsc_code: ifscSchema,
    account_no: accountNumberSchema,
    account_no_confirm: z.string().trim(),
    /** Filled by the lookup; the server keeps its own offline bank name when it knows the code. */
    bank_name: z.string().trim().max(120).optional(),
    branch_detail: z.string().trim().max(300).optional(),
  })
  .refine((b) => accountsMatch(b.account_no, b.account_no_confirm), { message: profileMessages.accountMismatch });

export const bankDefaultBodySchema = z.object({ bank_detail_id: z.coerce.number().int().positive() });

export const ifscLookupSchema = z.object({
  ifsc: z.string(),
  valid: z.boolean(),
  BANK: z.string().nullable(),
  BRANCH: z.string().nullable(),
  ADDRESS: z.string().nullable(),
});
export type IfscLookup = z.infer<typeof ifscLookupSchema>;

export const profileRoutes = {
  basicFetch: defineRoute({ method: 'GET', path: '/partner/profile/basic/fetch', auth: 'worker', response: profileSchema }),
  basicUpdate: defineRoute({
    method: 'POST', path: '/partner/profile/basic/update', auth: 'worker', body: profileUpdateBodySchema, response: profileSchema,
  }),
  documentFetch: defineRoute({
    method: 'GET', path: '/partner/profile/document/fetch', auth: 'worker', query: documentFetchQuerySchema, response: z.array(documentSchema),
  }),
  documentAdd: defineRoute({
    method: 'POST', path: '/partner/profile/document/add', auth: 'worker', body: documentAddBodySchema, response: documentSchema,
  }),
  bankFetch: defineRoute({ method: 'GET', path: '/partner/profile/bank/fetch', auth: 'worker', response: z.array(bankSchema) }),
  bankAdd: defineRoute({ method: 'POST', path: '/partner/profile/bank/add', auth: 'worker', body: bankAddBodySchema, response: bankSchema }),
  bankSetDefault: defineRoute({
    method: 'POST', path: '/partner/profile/bank/set/default', auth: 'worker', body: bankDefaultBodySchema, response: z.array(bankSchema),
  }),
  /** Our stand-in for the public lookup service's GET /{ifsc} (spec 7): BANK and ADDRESS. */
  ifscLookup: defineRoute({
    method: 'GET', path: '/partner/ifsc/:ifsc', auth: 'worker', params: z.object({ ifsc: z.string().trim().toUpperCase().max(20) }), response: ifscLookupSchema,
  }),
};
