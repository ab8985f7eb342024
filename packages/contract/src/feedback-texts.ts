import { feedbackCatalogue } from './texts/feedback';
/** Names for the feedback area's texts the server sends, without schemas; the words, English and Hindi, live in the area's catalogue under texts/. */

export const feedbackMessages = {
  thankYou: feedbackCatalogue.en['feedback.thankYou'],
  linkInvalid: feedbackCatalogue.en['feedback.linkInvalid'],
  linkLocked: feedbackCatalogue.en['feedback.linkLocked'],
  linkCodeShape: feedbackCatalogue.en['feedback.linkCodeShape'],
  startDateShape: feedbackCatalogue.en['feedback.startDateShape'],
  endDateShape: feedbackCatalogue.en['feedback.endDateShape'],
  resendTooSoon: feedbackCatalogue.en['feedback.resendTooSoon'],
  resendLimit: feedbackCatalogue.en['feedback.resendLimit'],
  taskNotFound: feedbackCatalogue.en['feedback.taskNotFound'],
  addressLocked: feedbackCatalogue.en['feedback.addressLocked'],
} as const;
