import { z } from 'zod';
import { atMostChars, text, int, coerceInt } from './base';
import { defineRoute } from './api';
import { nameTranslationsSchema } from './content-language';

/**
 * The catalogue's reference data (job categories every install has, because
 * the product's rules name them) and the ops console's categories and
 * employers.
 */

/** The Leads Report hides the customer's mobile for insurance leads. */
export const INSURANCE_CATEGORY_ID = 4;
/** Available Projects lists the projects of this category; its leads hide the customer's mobile too. */
export const HIRING_CATEGORY_ID = 6;

/**
 * Categories the migration creates on every install (`src/db/sql/reference-data.sql`
 * inserts exactly these; a test fails when the two disagree). Ops-created
 * categories get ids from 10000, so they never take one of these.
 */
export const REFERENCE_CATEGORIES: readonly { job_category_id: number; title: string }[] = [
  { job_category_id: INSURANCE_CATEGORY_ID, title: 'Insurance' },
  { job_category_id: HIRING_CATEGORY_ID, title: 'Hiring' },
];

export const CATEGORY_TITLE_MAX = 80;
export const EMPLOYER_NAME_MAX = 120;

export const catalogueMessages = {
  categoryTitleShort: 'Category title needs at least 2 characters',
  categoryTitleTaken: 'Another category already has this title',
  categoryNotFound: 'Category not found',
  categoryRetired: 'This category is retired; choose an active one',
  employerNameShort: 'Employer name needs at least 2 characters',
  employerNameTaken: 'Another employer already has this name',
  employerNotFound: 'Employer not found',
  employerRetired: 'This employer is retired; choose an active one',
  themeColor: 'Theme colour: a colour like #1d4ed8',
} as const;

export const categoryTitleSchema = text()
  .trim()
  .min(2, catalogueMessages.categoryTitleShort)
  .max(CATEGORY_TITLE_MAX, atMostChars('Category title', CATEGORY_TITLE_MAX));
export const employerNameSchema = text()
  .trim()
  .min(2, catalogueMessages.employerNameShort)
  .max(EMPLOYER_NAME_MAX, atMostChars('Employer name', EMPLOYER_NAME_MAX));
/** A `#rrggbb` colour, kept in lower case; empty means none. */
export const themeColorSchema = text()
  .trim()
  .regex(/^$|^#[0-9a-fA-F]{6}$/, catalogueMessages.themeColor)
  .transform((v) => (v ? v.toLowerCase() : null));

/** `{ hi: { name } }`: the title or name in Hindi; absent keeps what is there. */
const nameTranslations = nameTranslationsSchema.optional();
export const categoryBodySchema = z.object({ title: categoryTitleSchema, translations: nameTranslations });
/** Rename, and retire or bring back: a retired category is not offered for new projects; projects that have it keep it. */
export const categoryUpdateBodySchema = z.object({
  title: categoryTitleSchema,
  retired: z.boolean().optional(),
  translations: nameTranslations,
});
export const opsCategorySchema = z.object({
  job_category_id: int(),
  title: text(),
  translations: nameTranslationsSchema,
  retired: z.boolean(),
  reference: z.boolean(),
  projects: int(),
});
export type OpsCategory = z.infer<typeof opsCategorySchema>;

export const employerBodySchema = z.object({
  employer_name: employerNameSchema,
  theme_color: themeColorSchema.nullish().transform((v) => v ?? null),
  /** An image uploaded through the ops file flow (purpose JOB_MEDIA); absent keeps the current logo. */
  logo_file_id: int().positive().nullish(),
  translations: nameTranslations,
});
export const employerUpdateBodySchema = employerBodySchema.extend({ retired: z.boolean().optional() });
export const opsEmployerSchema = z.object({
  employer_id: int(),
  employer_name: text(),
  translations: nameTranslationsSchema,
  theme_color: text().nullable(),
  logo_key: text().nullable(),
  retired: z.boolean(),
  projects: int(),
});
export type OpsEmployer = z.infer<typeof opsEmployerSchema>;

const positiveId = coerceInt().positive();

export const opsCatalogueRoutes = {
  categories: defineRoute({
    method: 'GET',
    path: '/ops/categories',
    summary: 'Job categories, active and retired, with their project counts',
    auth: 'ops',
    response: z.array(opsCategorySchema),
  }),
  addCategory: defineRoute({
    method: 'POST',
    path: '/ops/categories',
    summary: 'Adds a job category; answers its job_category_id',
    auth: 'ops',
    body: categoryBodySchema,
    response: opsCategorySchema,
  }),
  updateCategory: defineRoute({
    method: 'PUT',
    path: '/ops/categories/:job_category_id',
    summary: 'Renames a job category, or retires it (or brings it back)',
    auth: 'ops',
    params: z.object({ job_category_id: positiveId }),
    body: categoryUpdateBodySchema,
    response: opsCategorySchema,
  }),
  employers: defineRoute({
    method: 'GET',
    path: '/ops/employers',
    summary: 'Employers, active and retired, with their project counts',
    auth: 'ops',
    response: z.array(opsEmployerSchema),
  }),
  addEmployer: defineRoute({
    method: 'POST',
    path: '/ops/employers',
    summary: 'Adds an employer with its logo and theme colour; answers its employer_id',
    auth: 'ops',
    body: employerBodySchema,
    response: opsEmployerSchema,
  }),
  updateEmployer: defineRoute({
    method: 'PUT',
    path: '/ops/employers/:employer_id',
    summary: "Edits an employer's name, logo and theme colour, or retires it (or brings it back)",
    auth: 'ops',
    params: z.object({ employer_id: positiveId }),
    body: employerUpdateBodySchema,
    response: opsEmployerSchema,
  }),
};
