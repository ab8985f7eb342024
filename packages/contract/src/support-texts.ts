/** The support area's texts the server sends, without schemas (the browser's translation index imports them). */

export const RATING_COMMENT_MAX_LENGTH = 750;
export const CHAT_MAX_LENGTH = 750;
/** The spec's texts, kept exactly. */
export const supportTexts = {
  chatTooFast: 'You are sending messages too fast. Please wait a minute and try again.',
  callbackRequested: 'Callback Requested. Please wait..',
  callbackAccepted: 'Thanks! Our support team will call you back shortly.',
  callbackAlreadyRequested: 'You have already requested a call back. Our support team will call you shortly.',
  resolvedHistory: 'Support team answered and marked resolved this query',
  callConnected: 'Support team connected with you on phone call',
  callUserFailed: 'You tried calling the support team but could not get through...',
  notAbleToGetDetails: 'Not able to get query details.',
  chatRequired: 'Please describe your query',
  chooseTicket: 'Choose a ticket',
  chooseTicketType: 'Choose a ticket type',
  callDirection: 'Call direction must be incoming (1) or outgoing (2)',
  callOutcome: 'Call result must be completed, no-answer, busy or failed',
  chatTooLong: `Your message can have at most ${CHAT_MAX_LENGTH} characters`,
  commentTooLong: `Your feedback can have at most ${RATING_COMMENT_MAX_LENGTH} characters`,
  ticketNotFound: 'Query not found',
  ticketClosed: 'This query is closed. Reply to reopen it.',
  rateOnlyAnswered: 'You can rate this query once our support team has answered it.',
  notYourUser: 'You can only see your own queries',
} as const;
