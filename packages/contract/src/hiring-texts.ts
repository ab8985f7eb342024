import { hiringCatalogue } from './texts/hiring';
/** Names for the hiring area's texts the server sends, without schemas; the words, English and Hindi, live in the area's catalogue under texts/. */

export const hiringMessages = {
  bookingDateShape: hiringCatalogue.en['hiring.bookingDateShape'],
  trackingInvalid: hiringCatalogue.en['hiring.trackingInvalid'],
  linkCopied: hiringCatalogue.en['hiring.linkCopied'],
  kycNeeded: hiringCatalogue.en['hiring.kycNeeded'],
  jobNotFound: hiringCatalogue.en['hiring.jobNotFound'],
  locationNotOfJob: hiringCatalogue.en['hiring.locationNotOfJob'],
  applicationsClosed: hiringCatalogue.en['hiring.applicationsClosed'],
  ownLink: hiringCatalogue.en['hiring.ownLink'],
  recruiterNotFound: hiringCatalogue.en['hiring.recruiterNotFound'],
  applied: hiringCatalogue.en['hiring.applied'],
  notApplied: hiringCatalogue.en['hiring.notApplied'],
  slotFull: hiringCatalogue.en['hiring.slotFull'],
  slotPast: hiringCatalogue.en['hiring.slotPast'],
  slotNotOfJob: hiringCatalogue.en['hiring.slotNotOfJob'],
  slotNotOfLocation: hiringCatalogue.en['hiring.slotNotOfLocation'],
  bookingDateMismatch: hiringCatalogue.en['hiring.bookingDateMismatch'],
  alreadyBooked: hiringCatalogue.en['hiring.alreadyBooked'],
  slotBooked: hiringCatalogue.en['hiring.slotBooked'],
  slotRescheduled: hiringCatalogue.en['hiring.slotRescheduled'],
  noBooking: hiringCatalogue.en['hiring.noBooking'],
  interviewStarted: hiringCatalogue.en['hiring.interviewStarted'],
  /** The text a candidate gets when their interview moves (English; Hindi in texts.hi). */
  nameUpdated: hiringCatalogue.en['hiring.nameUpdated'],
  documentAdded: hiringCatalogue.en['hiring.documentAdded'],
  ownDataOnly: hiringCatalogue.en['hiring.ownDataOnly'],
} as const;
