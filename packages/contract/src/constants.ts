/** Business constants shared by server and web. */
export const MESSAGE_BAR_MS = 2500;
export const MOBILE_BREAKPOINT_PX = 720;
export const IST_OFFSET = '+05:30';
export const IST_OFFSET_MINUTES = 330;

export const OTP_LENGTH = 4;
export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_TRIES = 5;

/** Resend countdowns, in seconds, per flow. */
export const RESEND_COUNTDOWN = {
  partnerLogin: 30,
  applicant: 30,
  campaign: 60,
  teamLogin: 60,
  lead: 30,
} as const;

/**
 * The seconds an OTP step counts down after a send. A code already sent
 * counts the server's seconds left (its resend window started earlier);
 * a new code counts the flow's countdown, never less than the server's wait.
 */
export function resendCountdown(sent: { resend_after: number; already_sent: boolean }, flowSeconds: number): number {
  return sent.already_sent ? sent.resend_after : Math.max(sent.resend_after, flowSeconds);
}

/** Query parameter at the root that names the tracking id. */
export const REFERRER_PARAM = 'referrer';
