import type { Translation } from '../i18n';
import type en from './messages.en';

export default {
  countryCode: 'देश का कोड',
  uploading: 'अपलोड हो रहा है…',
  takePhoto: 'फ़ोटो खींचें',
  choosePhoto: 'फ़ोटो चुनें',
  recordVideo: 'वीडियो बनाएँ',
  chooseFile: 'फ़ाइल चुनें',
  replace: 'बदलें',
  remove: 'हटाएँ',
  uploaded: 'अपलोड हो गया: {name}',
  kept: 'इस फ़ोन पर: {name}',
  keptNote: 'सिग्नल नहीं है: नेटवर्क लौटने पर यह अपलोड हो जाएगी।',
  uploadFailed: 'फ़ाइल अपलोड नहीं हो पाई। थोड़ी देर बाद फिर कोशिश करें।',
  useMyLocation: 'मेरी लोकेशन लें',
  locating: 'आपकी लोकेशन ढूँढ रहे हैं…',
  locationShown: 'लोकेशन: {lat}, {lng}',
  locationFailed: 'लोकेशन नहीं मिल पाई',
  locationUnsupported: 'आपके ब्राउज़र में लोकेशन नहीं मिल पा रही',
  locationDenied: 'लोकेशन की अनुमति नहीं मिली। ब्राउज़र की सेटिंग में लोकेशन की अनुमति दें।',
  required: 'ज़रूरी',
  selectPlaceholder: 'चुनें',
} satisfies Translation<typeof en>;
