import { partnerCatalogue } from './texts/partner';
import { fillText } from './texts/fill';
/** Names for the partner-profile area's texts the server sends, without schemas; the words, English and Hindi, live in the area's catalogue under texts/. */

export const profileMessages = {
  updated: partnerCatalogue.en['profile.updated'],
  accountMismatch: partnerCatalogue.en['profile.accountMismatch'],
  bankLimit: partnerCatalogue.en['profile.bankLimit'],
  bankAdded: partnerCatalogue.en['profile.bankAdded'],
  bankNotFound: partnerCatalogue.en['profile.bankNotFound'],
  bankNotVerified: partnerCatalogue.en['profile.bankNotVerified'],
  bankDuplicate: partnerCatalogue.en['profile.bankDuplicate'],
  bankRemoved: partnerCatalogue.en['profile.bankRemoved'],
  bankNotRemovable: partnerCatalogue.en['profile.bankNotRemovable'],
  defaultSet: partnerCatalogue.en['profile.defaultSet'],
  ifscInvalid: partnerCatalogue.en['profile.ifscInvalid'],
  ifscUnknown: partnerCatalogue.en['profile.ifscUnknown'],
  accountInvalid: partnerCatalogue.en['profile.accountInvalid'],
  accountRequired: partnerCatalogue.en['profile.accountRequired'],
  firstNameRequired: partnerCatalogue.en['profile.firstNameRequired'],
  emailInvalid: partnerCatalogue.en['profile.emailInvalid'],
  pincodeInvalid: partnerCatalogue.en['profile.pincodeInvalid'],
  documentAdded: partnerCatalogue.en['profile.documentAdded'],
  fileRequired: (what: string) => fillText(partnerCatalogue.en['profile.fileRequired'], { what }),
  businessNote: partnerCatalogue.en['profile.businessNote'],
  gstNote: partnerCatalogue.en['profile.gstNote'],
} as const;
