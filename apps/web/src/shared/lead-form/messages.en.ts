
/** Texts of the shared lead-form renderer. */
export default {
  countryCode: 'Country code',
  uploading: 'Uploading…',
  takePhoto: 'Take photo',
  choosePhoto: 'Choose photo',
  recordVideo: 'Record video',
  chooseFile: 'Choose file',
  replace: 'Replace',
  remove: 'Remove',
  uploaded: 'Uploaded: {name}',
  kept: 'On this phone: {name}',
  keptNote: 'No signal: it uploads when the network returns.',
  uploadFailed: 'Unable to upload file. Please try again later.',
  useMyLocation: 'Use my location',
  locating: 'Finding your location…',
  locationShown: 'Location: {lat}, {lng}',
  locationFailed: 'Not able to fetch location',
  locationUnsupported: 'Not able to fetch location in your browser',
  locationDenied: 'Location permission was denied. Please allow location access in your browser settings.',
  required: 'required',
  selectPlaceholder: 'Select',
};
