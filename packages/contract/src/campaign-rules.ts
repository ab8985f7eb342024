/**
 * What the campaign page's first screen needs, without schemas: texts,
 * constants and pure helpers. The browser entry of the public page imports
 * these (and types) only, so it never loads zod; `campaign.ts` re-exports them.
 */
import type { CampaignTaskForm, Customer, OwnerProfile, CampaignCategory } from './campaign';
import { campaignCatalogue } from './texts/campaign';

export const campaignTexts = {
  invalidLink: campaignCatalogue.en['campaign.invalidLink'],
  somethingWentWrong: campaignCatalogue.en['campaign.somethingWentWrong'],
  noProducts: campaignCatalogue.en['campaign.noProducts'],
  verificationSuccessful: campaignCatalogue.en['campaign.verificationSuccessful'],
  redirecting: campaignCatalogue.en['campaign.redirecting'],
  leadAdded: campaignCatalogue.en['campaign.leadAdded'],
  notEligible: campaignCatalogue.en['campaign.notEligible'],
  productUnavailable: campaignCatalogue.en['campaign.productUnavailable'],
  /** A link to a product the page does not list (paused, a hiring project, or missing). */
  productNotAvailable: campaignCatalogue.en['campaign.productNotAvailable'],
  consentNotFound: campaignCatalogue.en['campaign.consentNotFound'],
  consentNotEligible: campaignCatalogue.en['campaign.consentNotEligible'],
  otpNeeded: campaignCatalogue.en['campaign.otpNeeded'],
  loggedOut: campaignCatalogue.en['campaign.loggedOut'],
} as const;

/** Products per category before Show All. */
export const PRODUCTS_BEFORE_SHOW_ALL = 9;
export const CARD_AUTO_SCROLL_MS = 3000;
/** Earning sent to the eligibility check when Monthly Income is left empty. */
export const DEFAULT_MONTHLY_INCOME = 500000;

/** `label_value;;label_value` pairs of customerCriteria. */
export function criteriaPairs(criteria: string | null | undefined): { label: string; value: string }[] {
  if (!criteria) return [];
  return criteria
    .split(';;')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('_');
      return at < 0 ? { label: pair, value: '' } : { label: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() };
    });
}

/** What the server puts in a campaign page's HTML for the browser to hydrate from. */
export interface CampaignPageData {
  utm_code: string;
  /** The product in the address (/utm/{code}/{jid}), when it is listed. */
  jid: number | null;
  /** The address names a product the page does not list (paused, a hiring project, or missing): the page says so above the products. */
  unavailable: boolean;
  /** Null: the code names no partner (the page says the link is invalid). */
  owner: OwnerProfile | null;
  categories: CampaignCategory[];
  customer: Customer | null;
  /** The lead form of `jid`, rendered open. */
  form: CampaignTaskForm | null;
}
