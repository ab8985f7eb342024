/** The feedback area's texts the server sends, without schemas (the browser's translation index imports them). */

export const feedbackMessages = {
  thankYou: 'Thank you for your valuable feedback',
  linkInvalid: 'This feedback link is not valid',
  linkLocked: 'This feedback link is locked after too many wrong codes. Please ask your partner for a new link.',
  linkCodeShape: 'The code in this link must be 4 to 6 digits',
  startDateShape: 'Start date must be written as YYYY-MM-DD',
  endDateShape: 'End date must be written as YYYY-MM-DD',
  merchantSms: '{partner} from PickMyWork served you for {job}. Please rate their work: {link}',
  resendTooSoon: 'This link was sent a few minutes ago. Please wait before sending it again.',
  resendLimit: 'This link has been sent the most times allowed',
  taskNotFound: 'Feedback task not found',
  addressLocked: 'Too many wrong feedback links from this network. Please try again in 15 minutes.',
} as const;
