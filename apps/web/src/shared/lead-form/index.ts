// The lead-form renderer shared by the campaign page and the team area.
export { COUNTRY_CODE_KEEP, LeadFormFields, type CountryCode, type LeadFormFieldsProps } from './lead-form-fields';
export { LocationButton } from './location-button';
export type {
  KeptFile,
  LeadFieldValue,
  LeadFieldValues,
  LeadUploadConfig,
  MapPickerComponent,
  MapPickerProps,
  UploadedFile,
} from './types';
export { isKeptFile, isLocation, isUploadedFile, keptFiles, leadFormErrors, textValue, toLeadInputValues } from './values';
export { isRetryableUpload, pickedFileName, uploadFile } from './upload';
