import { supportCatalogue } from './texts/support';
import { fillText } from './texts/fill';
/** Names for the support area's texts the server sends, without schemas; the words, English and Hindi, live in the area's catalogue under texts/. */

export const RATING_COMMENT_MAX_LENGTH = 750;
export const CHAT_MAX_LENGTH = 750;
/** The spec's texts, kept exactly. */
export const supportTexts = {
  chatTooFast: supportCatalogue.en['support.chatTooFast'],
  callbackRequested: supportCatalogue.en['support.callbackRequested'],
  callbackAccepted: supportCatalogue.en['support.callbackAccepted'],
  callbackAlreadyRequested: supportCatalogue.en['support.callbackAlreadyRequested'],
  resolvedHistory: supportCatalogue.en['support.resolvedHistory'],
  callConnected: supportCatalogue.en['support.callConnected'],
  callUserFailed: supportCatalogue.en['support.callUserFailed'],
  notAbleToGetDetails: supportCatalogue.en['support.notAbleToGetDetails'],
  chatRequired: supportCatalogue.en['support.chatRequired'],
  chooseTicket: supportCatalogue.en['support.chooseTicket'],
  chooseTicketType: supportCatalogue.en['support.chooseTicketType'],
  callDirection: supportCatalogue.en['support.callDirection'],
  callOutcome: supportCatalogue.en['support.callOutcome'],
  chatTooLong: fillText(supportCatalogue.en['support.chatTooLong'], { n: CHAT_MAX_LENGTH }),
  commentTooLong: fillText(supportCatalogue.en['support.commentTooLong'], { n: RATING_COMMENT_MAX_LENGTH }),
  ticketNotFound: supportCatalogue.en['support.ticketNotFound'],
  ticketClosed: supportCatalogue.en['support.ticketClosed'],
  rateOnlyAnswered: supportCatalogue.en['support.rateOnlyAnswered'],
  notYourUser: supportCatalogue.en['support.notYourUser'],
} as const;
