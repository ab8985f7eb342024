import { describe, expect, it } from 'vitest';
import hi, { fields } from './texts.hi';
import { findText, placeholders, texts, translateText, type TextCode } from './texts';
import { botGreeting, callLogText } from './support';

describe('the Hindi catalogue of the server', () => {
  const codes = Object.keys(texts) as TextCode[];

  it('has every code, with the same {placeholders}', () => {
    expect(Object.keys(hi).sort()).toEqual([...codes].sort());
    const different = codes.filter((c) => placeholders(texts[c]).join() !== placeholders(hi[c]).join());
    expect(different).toEqual([]);
  });

  it('writes Hindi, not English, and keeps OTP, KYC, PAN and Aadhaar as people say them', () => {
    const untranslated = codes.filter((c) => !/[\u0900-\u097F]/.test(hi[c]) && !/^\{\w+\}: \{\w+\}$/.test(texts[c]));
    expect(untranslated).toEqual([]);
    expect(hi['common.otpSent']).toContain('OTP');
    expect(hi['kyc.panInvalid']).toContain('PAN');
    expect(hi['hiring.kycNeeded']).toContain('KYC');
  });

  it('gives one English text one meaning', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const c of codes) {
      const before = seen.get(texts[c]);
      if (before !== undefined && before !== hi[c]) clashes.push(c);
      seen.set(texts[c], hi[c]);
    }
    expect(clashes).toEqual([]);
  });
});

describe('translateText', () => {
  it("puts a failed call's status in the reader's words", () => {
    expect(translateText(callLogText({ direction: 2, status: 'no-answer' }), hi)).toBe(
      'सपोर्ट टीम ने आपको कॉल किया, पर कॉल नहीं लगी - कॉल स्टेटस: जवाब नहीं मिला',
    );
    expect(translateText(callLogText({ direction: 2, status: 'busy' }), hi)).toBe(
      'सपोर्ट टीम ने आपको कॉल किया, पर कॉल नहीं लगी - कॉल स्टेटस: नंबर व्यस्त था',
    );
    expect(translateText(callLogText({ direction: 2, status: 'failed' }), hi)).toBe(
      'सपोर्ट टीम ने आपको कॉल किया, पर कॉल नहीं लगी - कॉल स्टेटस: कॉल नहीं लग पाई',
    );
  });

  it('finds a text by its words, or by a template, and fills the parts that vary', () => {
    expect(translateText('OTP sent to Mobile', hi)).toBe('मोबाइल पर OTP भेज दिया गया है');
    expect(translateText('Incorrect OTP, please try again (3 tries left)', hi)).toBe('OTP गलत है, फिर से कोशिश करें (3 कोशिशें बाकी)');
    expect(translateText('Please wait 12 seconds before asking for another OTP', hi)).toBe('नया OTP मँगाने से पहले 12 सेकंड रुकें');
    expect(findText('Monthly income must be at least ₹25,000')).toEqual({ code: 'campaign.incomeAtLeast', vars: { amount: '₹25,000' } });
  });

  it('translates a varying part that is itself a known text', () => {
    expect(translateText('Lead approved: Axis Credit Card', hi)).toBe('लीड अप्रूव हुई: Axis Credit Card');
    for (const type of [0, 10, 20, 30, 40, 50, 60]) {
      for (const name of ['Asha', null])
        for (const video of [true, false])
          expect(translateText(botGreeting(type, name, video), hi)).toMatch(/^नमस्ते.*PIKU.*[\u0900-\u097F]+।$/);
    }
  });

  it('names a field in words in a validation message, and leaves unknown texts alone', () => {
    expect(translateText('Check mobile: Invalid input: expected string, received undefined', hi, fields)).toBe(
      'मोबाइल नंबर जाँचें: यह सही नहीं है',
    );
    expect(translateText('First name can have at most 100 characters', hi, fields)).toBe('नाम में ज़्यादा से ज़्यादा 100 अक्षर हो सकते हैं');
    expect(translateText('Sahyog Platinum Credit Card', hi, fields)).toBe('Sahyog Platinum Credit Card');
  });
});
