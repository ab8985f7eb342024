/** The feedback area's texts the server sends, without schemas (the browser's translation index imports them). */

export const feedbackMessages = {
  thankYou: 'Thank you for your valuable feedback',
  linkInvalid: 'This feedback link is not valid',
  linkLocked: 'This feedback link is locked after too many wrong codes. Please ask your partner for a new link.',
  addressLocked: 'Too many wrong feedback links from this network. Please try again in 15 minutes.',
} as const;
