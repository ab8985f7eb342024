/** The data-download area's texts the server sends, without schemas (the browser's translation index imports them). */

export const dataDownloadMessages = {
  fileRequired: 'Please choose a .xlsx or .csv file',
  passcodeRequired: 'Passcode is required',
  passcodeWrong: 'Wrong passcode',
  passcodeLocked: 'Too many wrong passcodes. Please try again in 15 minutes',
  notSpreadsheet: 'This file is not a readable .xlsx or .csv spreadsheet',
  noLeadColumn: 'No lead id column found. The first row must have a column named lead_id',
  empty: 'The file has no rows under its header',
  tooLarge: 'The file is larger than 10 MB',
  tooManyRows: 'The file has more than 200,000 rows',
  fileMissing: 'The uploaded file was not found. Please upload it again',
} as const;
