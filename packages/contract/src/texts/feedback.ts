import type { Translation } from './shape';

/** Merchant feedback. */
const en = {
  'feedback.thankYou': 'Thank you for your valuable feedback',
  'feedback.linkInvalid': 'This feedback link is not valid',
  'feedback.linkLocked': 'This feedback link is locked after too many wrong codes. Please ask your partner for a new link.',
  'feedback.addressLocked': 'Too many wrong feedback links from this network. Please try again in 15 minutes.',
  'feedback.linkCodeShape': 'The code in this link must be 4 to 6 digits',
  'feedback.startDateShape': 'Start date must be written as YYYY-MM-DD',
  'feedback.endDateShape': 'End date must be written as YYYY-MM-DD',
  'feedback.reasonExplain': 'Did not explain product properly',
  'feedback.reasonHurry': 'Was in hurry',
  'feedback.reasonRude': 'Speaking rudely',
  'feedback.reasonOther': 'Other',
  'feedback.reasonGoodSales': 'Good Sales Person',
  'feedback.reasonConversation': 'Great conversation',
  'feedback.reasonExplained': 'Explained the product clearly',
  'feedback.resendTooSoon': 'This link was sent a few minutes ago. Please wait before sending it again.',
  'feedback.resendLimit': 'This link has been sent the most times allowed',
  'feedback.taskNotFound': 'Feedback task not found',
} as const;

export const feedbackCatalogue = {
  en,
  hi: {
    'feedback.thankYou': 'आपके कीमती फ़ीडबैक के लिए धन्यवाद',
    'feedback.linkInvalid': 'यह फ़ीडबैक लिंक सही नहीं है',
    'feedback.linkLocked': 'बहुत बार गलत कोड डालने से यह फ़ीडबैक लिंक लॉक हो गया है। अपने पार्टनर से नया लिंक माँगें।',
    'feedback.addressLocked': 'इस नेटवर्क से बहुत बार गलत फ़ीडबैक लिंक खोले गए। 15 मिनट बाद फिर कोशिश करें।',
    'feedback.linkCodeShape': 'इस लिंक का कोड 4 से 6 अंकों का होना चाहिए',
    'feedback.startDateShape': 'शुरू की तारीख YYYY-MM-DD के रूप में लिखें',
    'feedback.endDateShape': 'आख़िरी तारीख YYYY-MM-DD के रूप में लिखें',
    'feedback.reasonExplain': 'प्रोडक्ट ठीक से नहीं समझाया',
    'feedback.reasonHurry': 'जल्दबाज़ी में थे',
    'feedback.reasonRude': 'बदतमीज़ी से बात की',
    'feedback.reasonOther': 'अन्य',
    'feedback.reasonGoodSales': 'अच्छे सेल्स पर्सन',
    'feedback.reasonConversation': 'बहुत अच्छी बातचीत',
    'feedback.reasonExplained': 'प्रोडक्ट साफ़-साफ़ समझाया',
    'feedback.resendTooSoon': 'यह लिंक कुछ मिनट पहले ही भेजा गया था। दोबारा भेजने से पहले थोड़ा रुकें।',
    'feedback.resendLimit': 'यह लिंक जितनी बार भेजा जा सकता है, उतनी बार भेजा जा चुका है',
    'feedback.taskNotFound': 'फ़ीडबैक का काम नहीं मिला',
  } satisfies Translation<typeof en>,
};
