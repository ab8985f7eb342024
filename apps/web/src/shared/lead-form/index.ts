// The lead-form renderer shared by the campaign page and the team area.
export { LeadFormFields, type CountryCode, type LeadFormFieldsProps } from './lead-form-fields';
export { LocationButton } from './location-button';
export type { LeadFieldValue, LeadFieldValues, LeadUploadConfig, MapPickerComponent, MapPickerProps, UploadedFile } from './types';
export { isLocation, isUploadedFile, leadFormErrors, textValue, toLeadInputValues } from './values';
