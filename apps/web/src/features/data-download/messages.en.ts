export default {
  pageTitle: 'Bueno Output | PickMyWork',
  heading: 'Data download',
  intro:
    'Upload a sheet of lead ids and get the same sheet back with each lead’s current project, partner, customer, status, comment, payout and times.',
  fileLabel: 'Leads file (.xlsx or .csv)',
  fileHint: 'The first row is the header; one column must be lead_id. Up to 10 MB and 200,000 rows.',
  sample: 'Download sample input file',
  passcodeLabel: 'Passcode',
  showPasscode: 'Show passcode',
  generate: 'Generate Data',
  uploading: 'Uploading...',
  generating: 'Generating...',
  fileRequired: 'Please choose a .xlsx or .csv file',
  fileTooLarge: 'The file is larger than 10 MB',
  passcodeRequired: 'Passcode is required',
  ready: '{name} is ready',
  downloadAgain: 'Download {name} again',
};
