/** The hiring area's texts the server sends, without schemas (the browser's translation index imports them). */

export const hiringMessages = {
  bookingDateShape: 'Interview date must be written as YYYY-MM-DD',
  trackingInvalid: 'The tracking code of this link is not valid',
  linkCopied: 'Link Copied!',
  kycNeeded: 'Please add your KYC details - AADHAR, PAN details to unlock the Project Link feature.',
  jobNotFound: 'This job is not available',
  locationNotOfJob: 'This location is not part of the job',
  applicationsClosed: 'This job is not taking applications right now',
  ownLink: 'You cannot apply through your own referral link',
  recruiterNotFound: 'This referral link is not valid',
  applied: 'Applied successfully',
  notApplied: 'Please apply to this job first',
  slotFull: 'This slot is full, please choose another',
  slotPast: 'This slot has already started, please choose another',
  slotNotOfJob: 'This slot is not part of the job',
  slotNotOfLocation: 'This slot is at another location than the one you applied for',
  bookingDateMismatch: 'booking_date does not match the slot',
  alreadyBooked: 'You have already booked an interview slot for this job',
  slotBooked: 'Interview slot booked',
  slotRescheduled: 'Interview moved to the new time',
  noBooking: 'You have not booked an interview for this job',
  interviewStarted: 'This interview has already started and cannot be moved',
  /** The text a candidate gets when their interview moves (English; Hindi in texts.hi). */
  nameUpdated: 'Details updated successfully!',
  documentAdded: 'Document added',
  ownDataOnly: 'You can only change your own details',
} as const;
