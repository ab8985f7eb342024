/** The partner area's texts the server sends, without schemas (the browser's translation index imports them). */

export const partnerMessages = {
  leadNotFound: 'Lead not found',
  inputNotFile: 'This detail does not take a file',
  inputNotFound: 'This detail is not part of the lead form',
  inputFilled: 'This detail already has a file',
  fileWrongType: 'This file type does not fit the detail',
  attachmentAdded: 'Attachment added successfully',
  fileRequired: 'Please choose a file',
  customerNotFound: 'Customer not found',
  callNotFound: 'Call not found',
  callStarted: 'Call connected, please pick up your phone',
  callFailed: 'Unable to connect the call. Please try again later.',
  callInProgress: 'You are already on a call. Please finish it before making another.',
  customerCallLimit: 'This customer was already called 3 times in the last hour. Please try again later.',
  dateOrder: 'End date must not be before the start date',
} as const;
