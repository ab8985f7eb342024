import { z } from 'zod';
import { text } from './base';
import { defineRoute } from './api';
import { campaignLinkMessages } from './campaign-link-texts';
import { saidIn } from './texts/said';
import { campaignCatalogue } from './texts/campaign';

/** This file's validation messages, said by code (see `saidIn`). */
const campaignSaid = saidIn(campaignCatalogue);

/**
 * A partner's own campaign link (`/utm/{code}`), under /api/v2/partner/campaign:
 * the code is made on the first fetch once KYC is complete, and the partner
 * may change it once.
 */
export { campaignLinkMessages };

/** Small letters and the digits 2 to 9: no 0 or 1 to read as o, l or i on a printed poster. */
export const CAMPAIGN_CODE_PATTERN = /^[a-z2-9]{6,12}$/;
export const CAMPAIGN_CODE_MIN = 6;
export const CAMPAIGN_CODE_MAX = 12;
const CODE_DIGITS = '23456789';
const CODE_CHARS = 'abcdefghijklmnopqrstuvwxyz23456789';
/** The part of a made code taken from the partner's name. */
const NAME_PART_MAX = 8;
const NAME_PART_FALLBACK = 'partner';

export const isCampaignCode = (code: string) => CAMPAIGN_CODE_PATTERN.test(code);

/**
 * A code to try for a partner: their first name's latin letters (at most 8)
 * and 4 digits, 6 to 12 long. After a few codes that were taken (`attempt`
 * 5 on), 8 characters of the whole alphabet, which are very unlikely taken.
 * `random` answers [0, 1), as Math.random does.
 */
export function campaignCodeCandidate(firstName: string | null | undefined, attempt: number, random: () => number = Math.random): string {
  const pick = (chars: string, n: number) => Array.from({ length: n }, () => chars[Math.floor(random() * chars.length)]).join('');
  if (attempt >= 5) return pick(CODE_CHARS, 8);
  const letters = (firstName ?? '')
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .slice(0, NAME_PART_MAX);
  return (letters.length >= 2 ? letters : NAME_PART_FALLBACK) + pick(CODE_DIGITS, 4);
}

/** The campaign page's path, and one product's on it. */
export const campaignPath = (code: string) => `/utm/${encodeURIComponent(code)}`;
export const campaignProductPath = (code: string, jobId: number) => `${campaignPath(code)}/${jobId}`;

export const campaignCodeSchema = text({ error: campaignSaid('campaign.codeFormat') })
  .trim()
  .toLowerCase()
  .regex(CAMPAIGN_CODE_PATTERN, campaignSaid('campaign.codeFormat'));

export const partnerCampaignSchema = z.object({
  utm_code: text(),
  /** The campaign page on the site's public origin. */
  link: text(),
  /** The partner has not changed their code yet (they may once). */
  can_change: z.boolean(),
  /** The partner's name, for the printable poster. */
  partner_name: text(),
});
export type PartnerCampaign = z.infer<typeof partnerCampaignSchema>;

export const changeCampaignCodeBodySchema = z.object({ utm_code: campaignCodeSchema });

export const partnerCampaignRoutes = {
  fetch: defineRoute({
    method: 'GET',
    path: '/partner/campaign/fetch',
    auth: 'worker',
    summary: "The partner's campaign code and link, made on the first call once KYC is complete (403 with the KYC message before)",
    response: partnerCampaignSchema,
  }),
  changeCode: defineRoute({
    method: 'POST',
    path: '/partner/campaign/code',
    auth: 'worker',
    summary: "Changes the partner's campaign code, once, to a free code of 6 to 12 small letters or digits 2 to 9",
    body: changeCampaignCodeBodySchema,
    response: partnerCampaignSchema,
  }),
};
