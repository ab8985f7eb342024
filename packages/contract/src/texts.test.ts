import { describe, expect, it } from 'vitest';
import hi from './texts.hi';
import { placeholders, texts, type TextCode } from './texts';

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
});
