import { leadCatalogue } from './texts/lead';
import { partnerCatalogue } from './texts/partner';
/** Names for the partner area's texts the server sends, without schemas; the words, English and Hindi, live in the area's catalogue under texts/. */

export const partnerMessages = {
  leadNotFound: partnerCatalogue.en['partner.leadNotFound'],
  inputNotFile: leadCatalogue.en['lead.inputNotFile'],
  inputNotFound: leadCatalogue.en['lead.inputNotFound'],
  inputFilled: leadCatalogue.en['lead.inputFilled'],
  fileWrongType: leadCatalogue.en['lead.fileWrongType'],
  attachmentAdded: partnerCatalogue.en['partner.attachmentAdded'],
  fileRequired: partnerCatalogue.en['partner.fileRequired'],
  customerNotFound: partnerCatalogue.en['partner.customerNotFound'],
  callNotFound: partnerCatalogue.en['partner.callNotFound'],
  callStarted: partnerCatalogue.en['partner.callStarted'],
  callFailed: partnerCatalogue.en['partner.callFailed'],
  callInProgress: partnerCatalogue.en['partner.callInProgress'],
  customerCallLimit: partnerCatalogue.en['partner.customerCallLimit'],
  dateOrder: partnerCatalogue.en['partner.dateOrder'],
} as const;
