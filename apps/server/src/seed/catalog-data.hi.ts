import type {
  FormTranslations,
  InputTranslations,
  NameTranslations,
  ProjectTexts,
  ProjectTranslations,
} from '@pmw/contract/content-language';
import type { FormInput } from '../db/schema/projects';

/**
 * The demo catalogue's Hindi, as ops would write it in the console beside
 * the English: category and employer names, each project's texts and every
 * lead-form input's label, placeholder and options.
 */

export const CATEGORY_HI: Record<number, string> = {
  4: 'बीमा',
  6: 'नौकरियाँ',
  1: 'क्रेडिट कार्ड',
  2: 'लोन',
  3: 'बैंक खाते',
  5: 'डीमैट और निवेश',
  7: 'UPI और पेमेंट',
};

export const EMPLOYER_HI: Record<number, string> = {
  1: 'सहयोग बैंक',
  2: 'निर्मल फ़ाइनेंस',
  3: 'आरोग्य इंश्योरेंस',
  4: 'तिजोरी सिक्योरिटीज़',
  5: 'पेसेतु',
  6: 'स्विफ़्टकार्ट',
  7: 'क्विककार्ट रिटेल',
  8: 'किसान क्रेडिट कंपनी',
  120: 'ज़ूमराइड मोबिलिटी',
};

export const nameHi = (names: Record<number, string>, id: number): NameTranslations => (names[id] ? { hi: { name: names[id] } } : {});

/** Each input's Hindi, by the demo forms' English label (the forms are written in this file's sibling). */
const INPUT_HI: Record<string, { label: string; placeholder?: string; options?: string[] }> = {
  'Customer Mobile': { label: 'ग्राहक का मोबाइल नंबर', placeholder: '10 अंकों का मोबाइल नंबर लिखें' },
  'Customer Name': { label: 'ग्राहक का नाम', placeholder: 'पूरा नाम, जैसा PAN पर लिखा है' },
  'PAN Number': { label: 'PAN नंबर', placeholder: 'ABCDE1234F' },
  City: {
    label: 'शहर',
    placeholder: 'शहर चुनें',
    options: ['बेंगलुरु', 'मुंबई', 'दिल्ली', 'पुणे', 'हैदराबाद', 'चेन्नई', 'कोलकाता', 'जयपुर'],
  },
  'Application Form Photo': { label: 'आवेदन फ़ॉर्म की फ़ोटो', placeholder: 'आवेदन फ़ॉर्म की फ़ोटो' },
  'Monthly Income': { label: 'मासिक आय', placeholder: '₹ में मासिक आय' },
  'Loan Amount': { label: 'लोन की राशि', options: ['₹1 लाख तक', '₹1-3 लाख', '₹3-5 लाख', '₹5 लाख से ज़्यादा'] },
  'Salary Slip': { label: 'सैलरी स्लिप', placeholder: 'PDF या फ़ोटो' },
  Email: { label: 'ईमेल', placeholder: 'name@example.com' },
  'Aadhaar Photo': { label: 'आधार की फ़ोटो', placeholder: 'आधार की फ़ोटो' },
  Age: { label: 'उम्र', placeholder: 'उम्र (साल में)' },
  Cover: { label: 'कवर', options: ['₹5 लाख', '₹10 लाख', '₹25 लाख', '₹1 करोड़'] },
  'Proposal Form Photo': { label: 'प्रपोज़ल फ़ॉर्म की फ़ोटो', placeholder: 'प्रपोज़ल फ़ॉर्म की फ़ोटो' },
  'Shop Name': { label: 'दुकान का नाम', placeholder: 'बोर्ड पर लिखा नाम' },
  'Shop Photo': { label: 'दुकान की फ़ोटो', placeholder: 'दुकान की फ़ोटो' },
  'Shop Location': { label: 'दुकान की लोकेशन', placeholder: 'नक्शे पर दुकान चुनें' },
  'Shop Video': { label: 'दुकान का वीडियो', placeholder: 'दुकान का छोटा वीडियो' },
  'Has Two-Wheeler': { label: 'क्या टू-व्हीलर है?', options: ['हाँ', 'नहीं'] },
};

/** A demo form input with its Hindi beside it. */
export function inputWithHindi(input: FormInput): FormInput {
  const hi = INPUT_HI[input.label];
  const translations: InputTranslations | undefined = hi
    ? { hi: { label: hi.label, placeholder: hi.placeholder ?? null, options: hi.options ?? [] } }
    : undefined;
  return translations ? { ...input, translations } : input;
}

type JobHi = Partial<
  Pick<
    ProjectTexts,
    'job_title' | 'tag_line' | 'rewards' | 'criteria' | 'description' | 'archive_message' | 'hold_message' | 'consumer_instruction'
  >
> & {
  features?: string[];
  perks?: string[];
};

const MERCHANT_INSTRUCTION_HI = [
  '<p><strong>OTP बताने से पहले</strong> देख लें कि पार्टनर ने:</p>',
  '<ul><li>आपके काउंटर पर QR स्टैंडी लगा दी है</li><li>आपके साथ ₹1 का टेस्ट पेमेंट कर लिया है</li></ul>',
  '<p>कोई सवाल? <a href="https://www.pickmywork.example/merchant-help">मर्चेंट सहायता पेज</a> पढ़ें।</p>',
].join('');

const cardCriteria = 'उम्र_21 से 60 साल;;आय_₹25,000 महीना या ज़्यादा;;क्रेडिट स्कोर_700+';
const campaignCardCriteria = 'उम्र_21 से 60 साल;;आय_₹20,000 महीना या ज़्यादा;;क्रेडिट स्कोर_700+';

const JOB_HI: Record<number, JobHi> = {
  201: {
    job_title: 'सहयोग प्लैटिनम क्रेडिट कार्ड',
    rewards: '₹1,200 तक कमाएँ',
    criteria: cardCriteria,
    features: ['हमेशा मुफ़्त, कोई जॉइनिंग फ़ीस नहीं', 'ऑनलाइन शॉपिंग पर 5% कैशबैक', 'एयरपोर्ट लाउंज की सुविधा'],
    tag_line: 'कैशबैक वाला हमेशा मुफ़्त कार्ड',
  },
  202: {
    job_title: 'सहयोग रिवॉर्ड्स क्रेडिट कार्ड',
    rewards: '₹900 तक कमाएँ',
    criteria: cardCriteria,
    features: ['हर ₹150 पर 4 रिवॉर्ड पॉइंट', 'फ़्यूल सरचार्ज में छूट', 'कॉन्टैक्टलेस पेमेंट'],
  },
  203: {
    job_title: 'सहयोग फ़्यूल क्रेडिट कार्ड',
    rewards: '₹800 तक कमाएँ',
    criteria: cardCriteria,
    features: ['पेट्रोल-डीज़ल पर 5% वापस', '₹50,000 ख़र्च पर सालाना फ़ीस नहीं', 'क्रेडिट कार्ड पर UPI'],
  },
  351: {
    job_title: 'निर्मल शॉपिंग क्रेडिट कार्ड',
    rewards: '₹1,500 तक कमाएँ',
    criteria: cardCriteria,
    features: ['पार्टनर दुकानों पर 10% छूट', 'हर ख़रीद पर EMI', 'तुरंत वर्चुअल कार्ड'],
  },
  377: {
    job_title: 'निर्मल इंस्टेंट पर्सनल लोन',
    rewards: '₹2,000 तक कमाएँ',
    criteria: 'उम्र_23 से 58 साल;;आय_₹30,000 महीना या ज़्यादा;;क्रेडिट स्कोर_725+',
    features: ['₹5 लाख तक का लोन', '30 मिनट में पैसा खाते में', 'कोई काग़ज़ी कार्रवाई नहीं'],
  },
  211: {
    job_title: 'किसान गोल्ड लोन',
    rewards: 'हर डिस्बर्सल पर ₹700 कमाएँ',
    criteria: 'उम्र_18+;;सोना_18 कैरेट या ज़्यादा',
    features: ['0.8% महीने से सबसे कम ब्याज', '30 मिनट में लोन', 'सुरक्षित लॉकर में रखा जाता है'],
  },
  212: {
    job_title: 'किसान टू-व्हीलर लोन',
    rewards: 'हर डिस्बर्सल पर ₹1,000 कमाएँ',
    criteria: 'उम्र_21 से 60 साल;;आय_₹15,000 महीना',
    features: ['ऑन-रोड क़ीमत का 95% तक लोन', '4 साल तक की अवधि'],
    archive_message: 'यह प्रोजेक्ट 1 दिसंबर तक रुका हुआ है',
  },
  221: {
    job_title: 'सहयोग ज़ीरो बैलेंस सेविंग्स खाता',
    rewards: 'हर खाते पर ₹300 कमाएँ',
    criteria: 'उम्र_18+;;दस्तावेज़_आधार और PAN',
    features: ['कोई न्यूनतम बैलेंस नहीं', 'मुफ़्त डेबिट कार्ड', 'घर बैठे वीडियो KYC'],
  },
  222: {
    job_title: 'सहयोग सैलरी खाता',
    rewards: 'हर खाते पर ₹400 कमाएँ',
    criteria: 'नौकरी_वेतनभोगी',
    features: ['ज़ीरो बैलेंस', 'मुफ़्त बीमा कवर'],
    hold_message: 'होल्ड पर: बैंक अपनी प्रक्रिया बदल रहा है',
  },
  231: {
    job_title: 'आरोग्य फ़ैमिली हेल्थ कवर',
    rewards: 'प्रीमियम का 10% कमाएँ',
    criteria: 'उम्र_18 से 65 साल',
    features: ['9,000 अस्पतालों में कैशलेस इलाज', 'नो क्लेम बोनस', 'माता-पिता भी कवर'],
  },
  232: {
    job_title: 'आरोग्य टर्म लाइफ़ प्लान',
    rewards: 'प्रीमियम का 12% कमाएँ',
    criteria: 'उम्र_18 से 55 साल',
    features: ['₹490 महीने से ₹1 करोड़ का कवर', 'टैक्स में छूट'],
  },
  233: {
    job_title: 'आरोग्य बाइक इंश्योरेंस',
    rewards: 'हर पॉलिसी पर ₹150 कमाएँ',
    criteria: 'वाहन_टू-व्हीलर',
    features: ['2 मिनट में पॉलिसी', 'ज़ीरो डेप्रिसिएशन ऐड-ऑन'],
  },
  241: {
    job_title: 'तिजोरी डीमैट खाता',
    rewards: 'हर खाते पर ₹450 कमाएँ',
    criteria: 'उम्र_18+;;दस्तावेज़_PAN, आधार, बैंक का प्रमाण',
    features: ['खाता खोलने की कोई फ़ीस नहीं', 'डिलीवरी पर ₹0 ब्रोकरेज', '10 मिनट में खाता खोलें'],
  },
  242: {
    job_title: 'तिजोरी म्यूचुअल फ़ंड SIP',
    rewards: 'हर SIP पर ₹250 कमाएँ',
    criteria: 'न्यूनतम SIP_₹500',
    features: ['डायरेक्ट प्लान', '₹500 से शुरू करें'],
  },
  251: {
    job_title: 'पेसेतु मर्चेंट QR',
    rewards: 'हर चालू दुकान पर ₹200 कमाएँ',
    criteria: 'दुकान_बोर्ड वाली कोई भी दुकान',
    features: ['तुरंत सेटलमेंट', 'मुफ़्त QR स्टैंडी'],
    consumer_instruction: MERCHANT_INSTRUCTION_HI,
  },
  252: {
    job_title: 'पेसेतु साउंडबॉक्स',
    rewards: 'हर साउंडबॉक्स पर ₹350 कमाएँ',
    criteria: 'दुकान_चालू पेसेतु QR',
    features: ['हिंदी और अंग्रेज़ी में अलर्ट', '4 दिन चलने वाली बैटरी'],
    consumer_instruction: MERCHANT_INSTRUCTION_HI,
  },
  261: {
    job_title: 'डिलीवरी पार्टनर',
    rewards: 'हर जॉइनिंग पर ₹1,000 कमाएँ',
    criteria: 'उम्र_18 से 45 साल;;वाहन_लाइसेंस के साथ टू-व्हीलर',
    features: ['₹2,000 जॉइनिंग बोनस', 'अपनी पसंद की शिफ़्ट', 'हर हफ़्ते वेतन'],
    tag_line: 'अपने ही इलाक़े में डिलीवरी करें, शिफ़्ट ख़ुद चुनें',
    description: 'स्टोर से 3 किमी के अंदर किराने और रोज़मर्रा का सामान पहुँचाएँ। स्मार्टफ़ोन, टू-व्हीलर और ड्राइविंग लाइसेंस ज़रूरी है।',
    perks: ['हर हफ़्ते भुगतान', 'दुर्घटना बीमा', 'पेट्रोल भत्ता'],
  },
  262: {
    job_title: 'स्टोर असोसिएट',
    rewards: 'हर जॉइनिंग पर ₹800 कमाएँ',
    criteria: 'उम्र_18 से 35 साल;;पढ़ाई_10वीं पास',
    features: ['तय वेतन', 'दिन की शिफ़्ट'],
    tag_line: 'अपने पास के क्विककार्ट स्टोर में काम करें',
    description: 'ग्राहकों की मदद करें, शेल्फ़ में सामान लगाएँ और बिलिंग सँभालें। 10वीं पास और थोड़ी अंग्रेज़ी आनी चाहिए।',
    perks: ['PF और ESI', 'स्टाफ़ डिस्काउंट'],
  },
  263: {
    job_title: 'वेयरहाउस पिकर',
    rewards: 'हर जॉइनिंग पर ₹700 कमाएँ',
    criteria: 'उम्र_18 से 40 साल',
    features: ['ओवरटाइम का भुगतान', 'रात की शिफ़्ट का भत्ता'],
    tag_line: 'साफ़ और सुरक्षित वेयरहाउस में ऑर्डर चुनें और पैक करें',
    description: 'हैंडहेल्ड स्कैनर से ऑर्डर के हिसाब से सामान चुनें। ट्रेनिंग दी जाती है।',
    perks: ['मुफ़्त खाना', 'आने-जाने की सुविधा'],
  },
  355: {
    job_title: 'बाइक टैक्सी कैप्टन',
    rewards: 'हर जॉइनिंग पर ₹1,200 कमाएँ',
    criteria: 'उम्र_18 से 50 साल;;वाहन_RC के साथ अपनी बाइक',
    features: ['पहले हफ़्ते कोई कमीशन नहीं', 'रोज़ भुगतान', 'मुफ़्त हेलमेट'],
    tag_line: 'जब चाहें चलाएँ, हर दिन कमाएँ',
    description: 'ज़ूमराइड ऐप से अपनी बाइक पर सवारियाँ ले जाएँ। अपनी बाइक, लाइसेंस और RC ज़रूरी है।',
    perks: ['रोज़ भुगतान', 'बीमा', 'अपने घंटे ख़ुद चुनें'],
  },
  294: {
    job_title: 'डिलीवरी एग्ज़ीक्यूटिव',
    rewards: 'हर जॉइनिंग पर ₹900 कमाएँ',
    criteria: 'उम्र_18 से 45 साल',
    features: ['जॉइनिंग बोनस', 'हर हफ़्ते वेतन', 'बीमा'],
    tag_line: 'अपने शहर में पार्सल डिलीवरी',
    description: 'ज़ूमराइड एक्सप्रेस के पार्सल पहुँचाएँ। अपना टू-व्हीलर ज़रूरी है।',
    perks: ['पेट्रोल भत्ता', 'हर हफ़्ते भुगतान'],
  },
  356: {
    job_title: 'फ़्लीट सुपरवाइज़र',
    rewards: 'हर जॉइनिंग पर ₹1,500 कमाएँ',
    criteria: 'अनुभव_2 साल',
    features: ['तय वेतन'],
    tag_line: 'कैप्टनों की टीम सँभालें',
    description: 'अंदरूनी पद; पार्टनरों को नहीं दिखाया जाता।',
    perks: ['लैपटॉप'],
  },
  400: {
    job_title: 'सहयोग मिलेनिया क्रेडिट कार्ड',
    tag_line: 'हर ऑनलाइन ऑर्डर पर कैशबैक',
    features: ['शॉपिंग ऐप्स पर 5% कैशबैक', 'बाक़ी सब पर 1%', 'पहले साल मुफ़्त'],
  },
  401: {
    job_title: 'सहयोग ट्रैवल क्रेडिट कार्ड',
    tag_line: 'फ़्लाइट और होटल पर माइल्स',
    features: ['हर ₹100 पर 4 माइल्स', 'साल में 8 लाउंज विज़िट', 'कम फ़ॉरेक्स मार्कअप'],
  },
  402: {
    job_title: 'निर्मल ईज़ी EMI कार्ड',
    tag_line: 'अभी ख़रीदें, आसान EMI में चुकाएँ',
    features: ['5,000 दुकानों पर बिना ब्याज EMI', 'तुरंत मंज़ूरी', 'कोई जॉइनिंग फ़ीस नहीं'],
  },
  403: {
    job_title: 'निर्मल स्टूडेंट क्रेडिट कार्ड',
    tag_line: 'छात्रों के लिए पहला कार्ड',
    features: ['फ़िक्स्ड डिपॉज़िट के बदले', 'आपका क्रेडिट स्कोर बनाता है', 'आय का प्रमाण नहीं चाहिए'],
  },
  404: {
    job_title: 'किसान रुपे क्रेडिट कार्ड',
    tag_line: 'क्रेडिट पर UPI पेमेंट',
    features: ['किसी भी UPI ऐप से जोड़ें', 'फ़्यूल सरचार्ज में छूट', 'हमेशा मुफ़्त'],
  },
  405: {
    job_title: 'पेसेतु को-ब्रांडेड कार्ड',
    tag_line: 'हर पेसेतु पेमेंट पर रिवॉर्ड',
    features: ['बिल पेमेंट पर 10% वापस', '₹500 का वेलकम वाउचर', 'कॉन्टैक्टलेस'],
  },
  406: {
    job_title: 'सहयोग सिक्योर्ड क्रेडिट कार्ड',
    tag_line: 'आपके फ़िक्स्ड डिपॉज़िट के बदले कार्ड',
    features: ['सबको मंज़ूरी', 'FD पर ब्याज मिलता रहता है', 'FD के 90% तक की लिमिट'],
  },
  407: {
    job_title: 'स्विफ़्टकार्ट शॉपिंग कार्ड',
    tag_line: 'किराने पर ज़्यादा बचत',
    features: ['स्विफ़्टकार्ट पर 7.5% छूट', 'मुफ़्त डिलीवरी', 'हर महीने वाउचर'],
  },
  408: {
    job_title: 'क्विककार्ट रिवॉर्ड्स कार्ड',
    tag_line: 'हर बार स्टोर आने पर पॉइंट',
    features: ['क्विककार्ट पर हर ₹100 पर 5 पॉइंट', 'जन्मदिन बोनस', 'कोई सालाना फ़ीस नहीं'],
  },
  409: {
    job_title: 'निर्मल प्रीमियम क्रेडिट कार्ड',
    tag_line: 'क्रेडिट प्रोफ़ाइल जाँच वाला प्रीमियम कार्ड',
    features: ['असीमित लाउंज एक्सेस', 'गोल्फ़ की सुविधाएँ', '2% फ़ॉरेक्स मार्कअप'],
    criteria: 'उम्र_25 से 60 साल;;आय_₹50,000 महीना या ज़्यादा;;क्रेडिट स्कोर_750+',
  },
  410: {
    job_title: 'तिजोरी गोल्ड ETF खाता',
    tag_line: '₹100 से सोने में निवेश करें',
    features: ['लॉकर की ज़रूरत नहीं', 'किसी भी दिन बेचें', 'खाते की कोई फ़ीस नहीं'],
    criteria: 'उम्र_18+;;दस्तावेज़_PAN',
  },
  411: {
    job_title: 'आरोग्य पर्सनल एक्सीडेंट कवर',
    tag_line: '₹99 महीने से ₹10 लाख का कवर',
    features: ['विकलांगता भी कवर', 'दुनिया भर में कवर', 'कोई मेडिकल टेस्ट नहीं'],
    criteria: 'उम्र_18 से 65 साल',
  },
};

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

/**
 * A demo project's Hindi: its own texts from the table above, and the texts
 * every demo project shares (payout line, description, customer terms) in
 * the same words as the English the seed writes.
 */
export function projectHi(job_id: number, payout_rupees: number, campaignCard = false): ProjectTranslations {
  const t = JOB_HI[job_id];
  if (!t) return {};
  const criteria = t.criteria ?? (campaignCard ? campaignCardCriteria : null);
  return {
    hi: {
      ...t,
      rewards: t.rewards ?? `${rupees(payout_rupees)} तक कमाएँ`,
      criteria,
      payout_prefix: 'कमाएँ',
      payout_text: `हर अप्रूव्ड लीड पर ${rupees(payout_rupees)}`,
      description: t.description ?? `${t.job_title}: ग्राहकों को आवेदन करने में मदद करें और हर अप्रूव्ड लीड पर कमाएँ।`,
      customer_tnc: 'मंज़ूरी प्रदाता देता है। आपकी जानकारी सिर्फ़ इसी आवेदन के लिए प्रदाता के साथ साझा की जाती है।',
      customer_criteria: criteria,
      customer_features: t.features ?? [],
    },
  };
}

export const formHi = (job_id: number): FormTranslations =>
  JOB_HI[job_id]?.job_title ? { hi: { description: `${JOB_HI[job_id].job_title} के लिए लीड फ़ॉर्म` } } : {};
