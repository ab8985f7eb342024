/**
 * Messages the server sends that a person reads in the message bar. The spec's
 * own words are kept exactly; the rest are ours.
 */
export const messages = {
  somethingWentWrong: 'Something went wrong',
  mobileRequired: 'Mobile number is required',
  invalidMobile: 'Invalid Mobile Number',
  otpRequired: 'OTP is required',
  otpInvalidFormat: 'OTP must be 4 digits',
  otpSent: 'OTP sent to Mobile',
  otpWrong: 'Incorrect OTP, please try again',
  otpExpired: 'OTP has expired, please request a new one',
  otpUsed: 'OTP has already been used, please request a new one',
  otpTooManyTries: 'Too many wrong attempts, please request a new OTP',
  otpNotRequested: 'Please request an OTP first',
  otpRateLimited: 'Too many OTP requests, please try again later',
  loginSuccess: 'Logged in successfully',
  logoutSuccess: 'Logged out successfully',
  notLoggedIn: 'Please log in to continue',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  routeNotFound: 'This API path does not exist',
  malformedJson: 'The request body is not valid JSON',
  payloadTooLarge: 'The request is too large',
  tooManyRequests: 'Too many requests, please try again later',
  uploadFailed: 'Unable to upload file. Please try again later.',
  uploadFailedShort: 'Sorry! not able to upload file',
  fileTypeNotAllowed: 'This type of file is not allowed here',
  fileTooLarge: 'The file is too large',
  fileLinkExpired: 'This file link has expired',
  fileNotUploaded: 'The file has not been uploaded yet',
  accountRemoved: 'Your account has been removed, Please contact your Admin.',
} as const;
