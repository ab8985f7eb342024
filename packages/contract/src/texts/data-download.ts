import type { Translation } from './shape';

/** The data download. */
const en = {
  'dataDownload.fileRequired': 'Please choose a .xlsx or .csv file',
  'dataDownload.passcodeRequired': 'Passcode is required',
  'dataDownload.passcodeWrong': 'Wrong passcode',
  'dataDownload.passcodeLocked': 'Too many wrong passcodes. Please try again in 15 minutes',
  'dataDownload.notSpreadsheet': 'This file is not a readable .xlsx or .csv spreadsheet',
  'dataDownload.noLeadColumn': 'No lead id column found. The first row must have a column named lead_id',
  'dataDownload.empty': 'The file has no rows under its header',
  'dataDownload.tooLarge': 'The file is larger than 10 MB',
  'dataDownload.tooManyRows': 'The file has more than 200,000 rows',
  'dataDownload.fileMissing': 'The uploaded file was not found. Please upload it again',
  'dataDownload.uploadFile': 'Please upload a file',
  'dataDownload.notConfigured': 'The data download is not configured on this server',
} as const;

export const dataDownloadCatalogue = {
  en,
  hi: {
    'dataDownload.fileRequired': 'कोई .xlsx या .csv फ़ाइल चुनें',
    'dataDownload.passcodeRequired': 'पासकोड डालना ज़रूरी है',
    'dataDownload.passcodeWrong': 'पासकोड गलत है',
    'dataDownload.passcodeLocked': 'बहुत बार गलत पासकोड डाला गया। 15 मिनट बाद फिर कोशिश करें',
    'dataDownload.notSpreadsheet': 'यह फ़ाइल पढ़ने लायक .xlsx या .csv शीट नहीं है',
    'dataDownload.noLeadColumn': 'लीड id का कॉलम नहीं मिला। पहली पंक्ति में lead_id नाम का कॉलम होना चाहिए',
    'dataDownload.empty': 'फ़ाइल में हेडर के नीचे कोई पंक्ति नहीं है',
    'dataDownload.tooLarge': 'फ़ाइल 10 MB से बड़ी है',
    'dataDownload.tooManyRows': 'फ़ाइल में 2,00,000 से ज़्यादा पंक्तियाँ हैं',
    'dataDownload.fileMissing': 'अपलोड की गई फ़ाइल नहीं मिली। कृपया फिर से अपलोड करें',
    'dataDownload.uploadFile': 'कोई फ़ाइल अपलोड करें',
    'dataDownload.notConfigured': 'इस सर्वर पर डेटा डाउनलोड सेट नहीं है',
  } satisfies Translation<typeof en>,
};
