import { campaignCatalogue } from './texts/campaign';
/** The error code of a lead refused as a self-referral (409): forms show its message at the mobile field. */
export const SELF_REFERRAL_ERROR = 'SELF_REFERRAL' as const;

/** Names for the texts of a partner's own campaign link and of the self-referral rule; the words live in texts/campaign.ts. */
export const campaignLinkMessages = {
  codeFormat: campaignCatalogue.en['campaign.codeFormat'],
  codeTaken: campaignCatalogue.en['campaign.codeTaken'],
  codeSame: campaignCatalogue.en['campaign.codeSame'],
  codeChangedOnce: campaignCatalogue.en['campaign.codeChangedOnce'],
  codeChanged: campaignCatalogue.en['campaign.codeChanged'],
  /** A customer on a campaign page typed the mobile of the partner who shared it. */
  selfReferralCampaign: campaignCatalogue.en['campaign.selfReferralCampaign'],
  /** A team member typed their own mobile or their team manager's. */
  selfReferralTeam: campaignCatalogue.en['campaign.selfReferralTeam'],
} as const;
