import type { Translation } from './i18n';
import type en from './messages.en';

export default {
  loading: 'लोड हो रहा है...',
  close: 'बंद करें',
  yes: 'हाँ',
  no: 'नहीं',
  routeErrorTitle: 'कुछ गड़बड़ हो गई',
  routeErrorText: 'अपना इंटरनेट कनेक्शन जाँचें और फिर से कोशिश करें।',
  tryAgain: 'फिर से कोशिश करें',
  mobileLabel: 'मोबाइल नंबर',
  otpLabel: 'OTP',
  login: 'लॉगिन करें',
  submitOtp: 'OTP जमा करें',
  changeNumber: 'नंबर बदलें?',
  otpSent: 'मोबाइल पर OTP भेज दिया गया है',
  otpAlreadySent: 'OTP पहले ही भेजा जा चुका है',
  resendOtp: 'OTP दोबारा भेजें',
  resendIn: '{n} सेकंड में OTP दोबारा भेजें',
  newOtpIn: '{n} सेकंड बाद आप नया OTP मँगा सकते हैं',
  newOtpNow: 'अब आप नया OTP मँगा सकते हैं',
  networkError: 'नेटवर्क की दिक्कत है, अपना कनेक्शन जाँचें',
  language: 'भाषा',
  retry: 'फिर से कोशिश करें',
  waitingForNetwork: 'नेटवर्क नहीं है। नेटवर्क लौटते ही यह अपने आप लोड हो जाएगा।',
  retrying: 'फिर से कोशिश कर रहे हैं...',
  empty: 'यहाँ अभी कुछ नहीं है।',
} satisfies Translation<typeof en>;
