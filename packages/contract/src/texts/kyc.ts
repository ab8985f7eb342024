import type { Translation } from './shape';

/** KYC documents and their numbers. */
const en = {
  'kyc.panRequired': 'PAN number is required',
  'kyc.panInvalid': 'Invalid PAN number, it should look like ABCDE1234F',
  'kyc.aadhaarRequired': 'Aadhaar number is required',
  'kyc.aadhaarDigits': 'Aadhaar number must be 12 digits',
  'kyc.aadhaarInvalid': 'Invalid Aadhaar number, please check it',
  'kyc.gstRequired': 'GST number is required',
  'kyc.gstInvalid': 'Invalid GST number, please check it',
  'kyc.invalidNumber': 'Invalid document number',
  'kyc.alreadyAdded': '{type} is already added and cannot be changed',
  'kyc.ownDocuments': 'You can only add your own documents',
  'kyc.ownDocumentsSee': 'You can only see your own documents',
} as const;

export const kycCatalogue = {
  en,
  hi: {
    'kyc.panRequired': 'PAN नंबर डालना ज़रूरी है',
    'kyc.panInvalid': 'PAN नंबर सही नहीं है, यह ABCDE1234F जैसा होना चाहिए',
    'kyc.aadhaarRequired': 'Aadhaar नंबर डालना ज़रूरी है',
    'kyc.aadhaarDigits': 'Aadhaar नंबर 12 अंकों का होना चाहिए',
    'kyc.aadhaarInvalid': 'Aadhaar नंबर सही नहीं है, एक बार जाँच लें',
    'kyc.gstRequired': 'GST नंबर डालना ज़रूरी है',
    'kyc.gstInvalid': 'GST नंबर सही नहीं है, एक बार जाँच लें',
    'kyc.invalidNumber': 'दस्तावेज़ नंबर सही नहीं है',
    'kyc.alreadyAdded': '{type} पहले ही जोड़ा जा चुका है और बदला नहीं जा सकता',
    'kyc.ownDocuments': 'आप सिर्फ़ अपने दस्तावेज़ जोड़ सकते हैं',
    'kyc.ownDocumentsSee': 'आप सिर्फ़ अपने दस्तावेज़ देख सकते हैं',
  } satisfies Translation<typeof en>,
};
