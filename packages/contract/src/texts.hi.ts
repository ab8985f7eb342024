import type { FieldNames, TextTranslation } from './texts';
import { commonCatalogue } from './texts/common';
import { kycCatalogue } from './texts/kyc';
import { leadCatalogue } from './texts/lead';
import { campaignCatalogue } from './texts/campaign';
import { hiringCatalogue } from './texts/hiring';
import { partnerCatalogue } from './texts/partner';
import { teamCatalogue } from './texts/team';
import { supportCatalogue } from './texts/support';
import { feedbackCatalogue } from './texts/feedback';
import { dataDownloadCatalogue } from './texts/data-download';

/** The server's and the contract's texts in Hindi, by message code: each area's catalogue's Hindi side. */
const hi: TextTranslation = {
  ...commonCatalogue.hi,
  ...kycCatalogue.hi,
  ...leadCatalogue.hi,
  ...campaignCatalogue.hi,
  ...hiringCatalogue.hi,
  ...partnerCatalogue.hi,
  ...teamCatalogue.hi,
  ...supportCatalogue.hi,
  ...feedbackCatalogue.hi,
  ...dataDownloadCatalogue.hi,
};
export default hi;

/** API fields in words, for validation messages that name the field. */
export const fields: FieldNames = {
  mobile: 'मोबाइल नंबर',
  otp: 'OTP',
  name: 'नाम',
  first_name: 'नाम',
  this: 'यह',
  email: 'ईमेल',
  pincode: 'पिनकोड',
  city: 'शहर',
  state: 'राज्य',
  address: 'पता',
  gender: 'लिंग',
  pan: 'PAN',
  pan_number: 'PAN नंबर',
  aadhaar: 'Aadhaar',
  number: 'नंबर',
  type: 'प्रकार',
  ifsc: 'IFSC कोड',
  ifsc_code: 'IFSC कोड',
  account_number: 'अकाउंट नंबर',
  confirm_account_number: 'अकाउंट नंबर दोबारा',
  bank_name: 'बैंक का नाम',
  start_date: 'शुरू की तारीख',
  end_date: 'आखिरी तारीख',
  chat_message: 'मैसेज',
  comment: 'टिप्पणी',
  rating: 'रेटिंग',
  ticket_type: 'सवाल का प्रकार',
  passcode: 'पासकोड',
  file_name: 'फ़ाइल का नाम',
  file_id: 'फ़ाइल',
  key: 'फ़ाइल',
  booking_date: 'बुकिंग की तारीख',
  slot_id: 'स्लॉट',
  job_id: 'जॉब',
  team_code: 'टीम कोड',
  monthly_income: 'मासिक आय',
  inputs: 'फ़ॉर्म',
  value: 'जवाब',
};
