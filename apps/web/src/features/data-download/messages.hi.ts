import type { Translation } from '../../shared/i18n';
import type en from './messages.en';

export default {
  pageTitle: 'Bueno आउटपुट | PickMyWork',
  heading: 'डेटा डाउनलोड',
  intro: 'लीड id की शीट अपलोड करें और वही शीट वापस पाएँ, जिसमें हर लीड का मौजूदा प्रोजेक्ट, पार्टनर, ग्राहक, स्टेटस, टिप्पणी, पेआउट और समय होगा।',
  fileLabel: 'लीड की फ़ाइल (.xlsx या .csv)',
  fileHint: 'पहली पंक्ति हेडर है; एक कॉलम lead_id होना चाहिए। ज़्यादा से ज़्यादा 10 MB और 2,00,000 पंक्तियाँ।',
  sample: 'सैंपल फ़ाइल डाउनलोड करें',
  passcodeLabel: 'पासकोड',
  showPasscode: 'पासकोड दिखाएँ',
  generate: 'डेटा बनाएँ',
  uploading: 'अपलोड हो रहा है...',
  generating: 'डेटा बन रहा है...',
  fileRequired: 'कोई .xlsx या .csv फ़ाइल चुनें',
  fileTooLarge: 'फ़ाइल 10 MB से बड़ी है',
  passcodeRequired: 'पासकोड डालना ज़रूरी है',
  ready: '{name} तैयार है',
  downloadAgain: '{name} फिर से डाउनलोड करें',
} satisfies Translation<typeof en>;
