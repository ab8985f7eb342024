import { z } from 'zod';
import { text, int, coerceInt, webUrl } from './base';
import { defineRoute, queryInt } from './api';
import { formInputSchema, type FormInputDef } from './lead-form';
import { formTranslationsSchema, projectTranslationsSchema, type MissingText } from './content-language';
import { PROJECT_ACTION_STATUS, PROJECT_ARCHIVE_STATUS } from './project-status';

/** Writing the catalogue from the ops console: projects (Job), their lead form, locations and pincodes. */

const optText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
const textList = z.array(text().trim().min(1).max(200)).max(30);
export const pincodeSchema = text().regex(/^[1-9][0-9]{5}$/, 'A pincode has 6 digits and does not start with 0');

export const creditRulesSchema = z.object({
  min_income: int().min(0).optional(),
  min_score: int().min(300).max(900).optional(),
  min_age: int().min(18).max(100).optional(),
  max_age: int().min(18).max(100).optional(),
});

const leadHours = text()
  .trim()
  .regex(/^$|^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Lead hours: a time like 09:00')
  .nullish()
  .transform((v) => v || null);

const projectArchiveStatus = z
  .union([z.literal(PROJECT_ARCHIVE_STATUS.live), z.literal(PROJECT_ARCHIVE_STATUS.archived)])
  .default(PROJECT_ARCHIVE_STATUS.live);
export const projectBodySchema = z
  .object({
    employer_id: int().positive('Choose an employer'),
    job_category_id: int().positive('Choose a category'),
    job_title: text().trim().min(3, 'Job title needs at least 3 characters').max(150),
    /** Lower-case words joined by dashes; made from the title when empty. */
    slug_name: text()
      .trim()
      .max(120)
      .regex(/^$|^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug: lower-case letters, digits and dashes')
      .optional(),
    type: optText(60),
    domain: optText(60),
    rewards: optText(200),
    /** `label_value;;label_value` pairs. */
    criteria: optText(2000),
    features: textList.default([]),
    payout_prefix: optText(60),
    payout_text: optText(200),
    payout_text_custom: optText(500),
    payout_paise: int().min(0, 'Payout cannot be negative').max(10_000_000),
    logo_file_id: int().positive().nullish(),
    banner_file_id: int().positive().nullish(),
    logo_url: webUrl('Logo URL must be a web address')
      .nullish()
      .or(z.literal(''))
      .transform((v) => v || null),
    tag_line: optText(200),
    duration: int().min(0).max(120).nullish(),
    min_salary: int().min(0).nullish(),
    max_salary: int().min(0).nullish(),
    perks: textList.default([]),
    description: optText(10_000),
    customer_tnc: optText(10_000),
    customer_criteria: optText(2000),
    customer_features: textList.default([]),
    /** HTML for the feedback page's merchants (sanitised whenever it is sent out). */
    consumer_instruction: optText(5000),
    action_status: z
      .union([z.literal(PROJECT_ACTION_STATUS.addLead), z.literal(PROJECT_ACTION_STATUS.shareLink)])
      .default(PROJECT_ACTION_STATUS.addLead),
    archive_status: projectArchiveStatus,
    archive_message: optText(300),
    on_hold: z.boolean().default(false),
    /** Listed on partners' campaign pages. */
    utm_selected: z.boolean().default(true),
    /** Not listed to partners (Available Projects, the team area) and its referral links do not open: an employer's internal roles. */
    hidden_from_partners: z.boolean().default(false),
    hold_message: optText(300),
    application_archive_status: projectArchiveStatus,
    application_archive_message: optText(300),
    is_credit_flow: z.boolean().default(false),
    /** An approved lead texts its merchant (the lead's mobile) a feedback link. */
    asks_merchant_feedback: z.boolean().default(false),
    credit_rules: creditRulesSchema.nullish(),
    duplicate_window_days: int().min(0).max(3650),
    validity_days: int().min(1, 'Validity must be at least 1 day').max(3650),
    /** The hours (India time, `HH:MM`) the project expects leads in; a lead outside them is flagged for review. Both empty: any time. */
    lead_hours_start: leadHours,
    lead_hours_end: leadHours,
    redirect_link: webUrl('Redirect link must be a web address')
      .nullish()
      .or(z.literal(''))
      .transform((v) => v || null),
    locations: z
      .array(
        z.object({
          city: text().trim().min(2, 'City needs at least 2 characters').max(80),
          address: optText(300),
          pincode: pincodeSchema
            .nullish()
            .or(z.literal(''))
            .transform((v) => v || null),
        }),
      )
      .max(200)
      .default([]),
    pincodes: z.array(pincodeSchema).max(5000).default([]),
    /** The texts above in Hindi, by the same names; an empty one shows the English. */
    translations: projectTranslationsSchema.default({ hi: {} }),
  })
  .superRefine((p, ctx) => {
    if (p.min_salary != null && p.max_salary != null && p.min_salary > p.max_salary)
      ctx.addIssue({ code: 'custom', path: ['max_salary'], message: 'Max salary must be at least the min salary' });
    if (p.archive_status === PROJECT_ARCHIVE_STATUS.archived && !p.archive_message)
      ctx.addIssue({ code: 'custom', path: ['archive_message'], message: 'Write the archive message partners will see' });
    if (p.on_hold && !p.hold_message)
      ctx.addIssue({ code: 'custom', path: ['hold_message'], message: 'Write the hold message partners will see' });
    if (!p.lead_hours_start !== !p.lead_hours_end)
      ctx.addIssue({
        code: 'custom',
        path: [p.lead_hours_start ? 'lead_hours_end' : 'lead_hours_start'],
        message: 'Set both ends of the lead hours, or neither',
      });
    const r = p.credit_rules;
    if (r?.min_age != null && r.max_age != null && r.min_age > r.max_age)
      ctx.addIssue({ code: 'custom', path: ['credit_rules', 'max_age'], message: 'Max age must be at least the min age' });
  });
export type ProjectBody = z.input<typeof projectBodySchema>;

/** Slug from a title: "Axis Bank Credit Card" → "axis-bank-credit-card". */
export const slugify = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100) || 'project';

export const INPUT_TYPES = [
  'TEXT',
  'NUMBER',
  'EMAIL',
  'DATE',
  'DROPDOWN',
  'RADIO',
  'CHECKBOX',
  'TEXTAREA',
  'IMAGE',
  'VIDEO',
  'FILE',
  'MAP_LOCATION',
] as const;
export const INPUT_CATEGORIES = ['MOBILE', 'PAN_CARD', 'BANK_ACCOUNT'] as const;
const ENUM_TYPES = ['DROPDOWN', 'RADIO', 'CHECKBOX'];

/** Problems with a form a customer could not fill in; empty when it is fine. */
export function formProblems(inputs: readonly FormInputDef[]): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  const ids = new Set<number>();
  inputs.forEach((input, i) => {
    if (ids.has(input.input_id)) out.push({ path: ['inputs', i, 'input_id'], message: `Input id ${input.input_id} is used twice` });
    ids.add(input.input_id);
    if (!input.label.trim()) out.push({ path: ['inputs', i, 'label'], message: `Input ${i + 1} needs a label` });
    if (ENUM_TYPES.includes(input.input_type) && !(input.input_enum ?? []).some((o) => o.trim())) {
      out.push({ path: ['inputs', i, 'input_enum'], message: `${input.label || `Input ${i + 1}`}: add at least one option` });
    }
  });
  const mobiles = inputs.filter((i) => i.input_category === 'MOBILE');
  if (mobiles.length !== 1)
    out.push({ path: ['inputs'], message: 'The form needs exactly one input with category MOBILE (the customer mobile)' });
  return out;
}

export const taskFormBodySchema = z
  .object({
    inputs: z
      .array(
        formInputSchema.extend({
          label: text().trim().max(200),
          input_type: z.enum(INPUT_TYPES),
          input_category: z.enum(INPUT_CATEGORIES).nullish(),
        }),
      )
      .min(1, 'Add at least one input')
      .max(60),
    is_otp_required: z.boolean(),
    description: optText(2000),
    custom_link: webUrl('Custom link must be a web address')
      .nullish()
      .or(z.literal(''))
      .transform((v) => v || null),
    translations: formTranslationsSchema.default({ hi: {} }),
  })
  .superRefine((f, ctx) => {
    for (const p of formProblems(f.inputs)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });
export type TaskFormBody = z.input<typeof taskFormBodySchema>;

const nullableText = text().nullable();
export const opsProjectSchema = z.object({
  job_id: int(),
  employer_id: int(),
  employer_name: text(),
  job_category_id: int(),
  job_title: text(),
  slug_name: text(),
  type: nullableText,
  domain: nullableText,
  rewards: nullableText,
  criteria: nullableText,
  features: z.array(text()),
  payout_prefix: nullableText,
  payout_text: nullableText,
  payout_text_custom: nullableText,
  payout_paise: int(),
  logo_key: nullableText,
  logo_url: nullableText,
  banner_key: nullableText,
  tag_line: nullableText,
  duration: int().nullable(),
  min_salary: int().nullable(),
  max_salary: int().nullable(),
  perks: z.array(text()),
  description: nullableText,
  customer_tnc: nullableText,
  customer_criteria: nullableText,
  customer_features: z.array(text()),
  consumer_instruction: nullableText,
  action_status: int(),
  archive_status: int(),
  archive_message: nullableText,
  on_hold: z.boolean(),
  hold_message: nullableText,
  utm_selected: z.boolean(),
  hidden_from_partners: z.boolean(),
  application_archive_status: int(),
  application_archive_message: nullableText,
  is_credit_flow: z.boolean(),
  asks_merchant_feedback: z.boolean(),
  credit_rules: creditRulesSchema.nullable(),
  duplicate_window_days: int(),
  validity_days: int(),
  lead_hours_start: nullableText,
  lead_hours_end: nullableText,
  redirect_link: nullableText,
  locations: z.array(z.object({ job_location_id: int(), city: text(), address: nullableText, pincode: nullableText })),
  pincodes: z.array(text()),
  translations: projectTranslationsSchema,
  form: z
    .object({
      form_id: int(),
      inputs: z.array(formInputSchema),
      is_otp_required: z.boolean(),
      description: nullableText,
      custom_link: nullableText,
      translations: formTranslationsSchema,
    })
    .nullable(),
  modified_on: text(),
});
export type OpsProject = z.infer<typeof opsProjectSchema>;

export const opsProjectRowSchema = z.object({
  job_id: int(),
  job_title: text(),
  employer_name: text(),
  category: text(),
  payout_paise: int(),
  action_status: int(),
  archive_status: int(),
  on_hold: z.boolean(),
  is_credit_flow: z.boolean(),
  has_form: z.boolean(),
  modified_on: text(),
});

const jobParams = z.object({ job_id: coerceInt().positive() });

/** Something ops wrote in English and not yet in Hindi, for the console's list of what to translate. */
export const missingHindiRowSchema = z.object({
  kind: z.enum(['project', 'category', 'employer']),
  id: int(),
  name: text(),
  missing: z.array(z.object({ field: text(), english: text() })),
});
export type MissingHindiRow = z.infer<typeof missingHindiRowSchema> & { missing: MissingText[] };

export const opsProjectRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/ops/projects',
    summary: 'Projects of the catalogue, by title search and category',
    auth: 'ops',
    query: z.object({ q: text().trim().max(100).default(''), job_category_id: queryInt.optional() }),
    response: z.array(opsProjectRowSchema),
  }),
  meta: defineRoute({
    method: 'GET',
    path: '/ops/projects/meta',
    summary: 'The employers and categories a project can be given (retired ones are flagged: only a project that has one keeps it)',
    auth: 'ops',
    response: z.object({
      employers: z.array(z.object({ employer_id: int(), employer_name: text(), retired: z.boolean() })),
      categories: z.array(z.object({ job_category_id: int(), title: text(), retired: z.boolean() })),
    }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/ops/projects/:job_id',
    summary: 'One project with every field, locations, pincodes and its lead form',
    auth: 'ops',
    params: jobParams,
    response: opsProjectSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/ops/projects',
    summary: 'Creates a project in the catalogue',
    auth: 'ops',
    body: projectBodySchema,
    response: opsProjectSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/ops/projects/:job_id',
    summary: "Saves a project's fields, locations and pincodes",
    auth: 'ops',
    params: jobParams,
    body: projectBodySchema,
    response: opsProjectSchema,
  }),
  missingHindi: defineRoute({
    method: 'GET',
    path: '/ops/translations/missing',
    summary: 'Content written in English and not yet in Hindi: projects (texts and lead forms), categories and employers',
    auth: 'ops',
    response: z.array(missingHindiRowSchema),
  }),
  saveForm: defineRoute({
    method: 'PUT',
    path: '/ops/projects/:job_id/form',
    summary: 'Saves the lead form partners and customers fill for a project',
    auth: 'ops',
    params: jobParams,
    body: taskFormBodySchema,
    response: opsProjectSchema,
  }),
};
