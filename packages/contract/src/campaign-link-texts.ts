/** The error code of a lead refused as a self-referral (409): forms show its message at the mobile field. */
export const SELF_REFERRAL_ERROR = 'SELF_REFERRAL' as const;

/** The texts of a partner's own campaign link and of the self-referral rule, without schemas (the browser's translation index imports them). */
export const campaignLinkMessages = {
  codeFormat: 'The code must be 6 to 12 small letters or digits 2 to 9',
  codeTaken: 'This code is taken, please choose another',
  codeSame: 'This is already your code',
  codeChangedOnce: 'Your campaign code can be changed only once',
  codeChanged: 'Campaign code changed',
  /** A customer on a campaign page typed the mobile of the partner who shared it. */
  selfReferralCampaign:
    "This is the mobile number of the partner who shared this link. A partner cannot send a lead for themselves; please enter the customer's mobile number.",
  /** A team member typed their own mobile or their team manager's. */
  selfReferralTeam: "You cannot send a lead for your own mobile number or your team manager's. Please enter the customer's mobile number.",
} as const;
