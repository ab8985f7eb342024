/** The team area's texts the server sends, without schemas (the browser's translation index imports them). */

export const teamMessages = {
  invalidUrl: 'Invalid URL',
  nameMin: 'Name must be at least 3 characters',
  nameRequired: 'Name is required',
  teamNotFound: 'Invalid URL',
  leadAdded: 'Lead added successfully',
  leadCompleted: 'Lead details added successfully',
  shareUnavailable: 'The team leader has no campaign link yet, please contact your Admin.',
  projectUnavailable: 'This project is not taking leads right now',
  notYourLead: 'This lead is not yours',
  noDetailsNeeded: 'This lead does not need more details',
  pincodeInvalid: 'Pincode must be 6 digits',
  inviteOnly: 'This team is by invitation only. Please ask your team manager to add you.',
  otpNotAsked: 'This project does not ask for an OTP',
} as const;
