/**
 * Every text the server (and the contract's own checks) hands a person to
 * read, keyed by a message code, in English: the English sides of the area
 * catalogues under `texts/`, each of which holds its area's English and Hindi
 * side by side. `texts.hi.ts` joins their Hindi sides.
 *
 * A text is said by its code (`say` in `texts/said.ts`) and rendered in the
 * reader's language where it is shown; nothing finds a text by its English
 * words.
 */
import { commonCatalogue } from './texts/common';
import { kycCatalogue } from './texts/kyc';
import { leadCatalogue } from './texts/lead';
import { campaignCatalogue } from './texts/campaign';
import { hiringCatalogue } from './texts/hiring';
import { partnerCatalogue } from './texts/partner';
import { teamCatalogue } from './texts/team';
import { supportCatalogue } from './texts/support';
import { feedbackCatalogue } from './texts/feedback';
import { dataDownloadCatalogue } from './texts/data-download';
import { fillText } from './texts/fill';

export const texts = {
  ...commonCatalogue.en,
  ...kycCatalogue.en,
  ...leadCatalogue.en,
  ...campaignCatalogue.en,
  ...hiringCatalogue.en,
  ...partnerCatalogue.en,
  ...teamCatalogue.en,
  ...supportCatalogue.en,
  ...feedbackCatalogue.en,
  ...dataDownloadCatalogue.en,
} as const;

export type TextCode = keyof typeof texts;

/** Another language's catalogue: every code, the same placeholders. */
export type TextTranslation = { readonly [K in TextCode]: string };

/**
 * API field names in words, for validation messages in another language
 * (`first_name` → "नाम"). A field missing here is named as it is.
 */
export type FieldNames = Readonly<Record<string, string>>;

export const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

export { fillText };
