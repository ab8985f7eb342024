import type { Translation } from './shape';

/** The lead form and a lead as the server takes it. */
const en = {
  'leadForm.required': '{label} is required',
  'leadForm.notANumber': '{label} must be a number',
  'leadForm.invalidEmail': 'Invalid email address',
  'leadForm.notAnOption': 'Please choose one of the options for {label}',
  'leadForm.fileMissing': 'Please upload {label}',
  'leadForm.locationNotSelected': 'Location not selected',
  'leadForm.unknownInput': 'This field is not on the form',
  'lead.unavailable': 'This project is not taking leads right now',
  'lead.duplicate': 'A lead for {mobile} was already added for {project} in the last {days} days',
  'lead.mobileLocked': 'The customer mobile of a lead cannot be changed',
  'lead.keyTaken': 'This submission key was already used for another lead',
  'lead.inputNotFile': 'This detail does not take a file',
  'lead.inputNotFound': 'This detail is not part of the lead form',
  'lead.inputFilled': 'This detail already has a file',
  'lead.fileWrongType': 'This file type does not fit the detail',
} as const;

export const leadCatalogue = {
  en,
  hi: {
    'leadForm.required': '{label} ज़रूरी है',
    'leadForm.notANumber': '{label} एक संख्या होनी चाहिए',
    'leadForm.invalidEmail': 'ईमेल पता सही नहीं है',
    'leadForm.notAnOption': '{label} के लिए दिए गए विकल्पों में से एक चुनें',
    'leadForm.fileMissing': '{label} अपलोड करें',
    'leadForm.locationNotSelected': 'लोकेशन नहीं चुनी गई',
    'leadForm.unknownInput': 'यह फ़ील्ड फ़ॉर्म में नहीं है',
    'lead.unavailable': 'यह प्रोजेक्ट अभी लीड नहीं ले रहा है',
    'lead.duplicate': '{mobile} की लीड पिछले {days} दिनों में {project} के लिए पहले ही जोड़ी जा चुकी है',
    'lead.mobileLocked': 'लीड का ग्राहक मोबाइल नंबर बदला नहीं जा सकता',
    'lead.keyTaken': 'यह सबमिशन की किसी और लीड के लिए इस्तेमाल हो चुकी है',
    'lead.inputNotFile': 'इस जानकारी में फ़ाइल नहीं लगती',
    'lead.inputNotFound': 'यह जानकारी लीड फ़ॉर्म का हिस्सा नहीं है',
    'lead.inputFilled': 'इस जानकारी की फ़ाइल पहले से लगी है',
    'lead.fileWrongType': 'यह फ़ाइल टाइप इस जानकारी के लिए सही नहीं है',
  } satisfies Translation<typeof en>,
};
