import { describe, expect, it } from 'vitest';
import { isValidMobile, mobileSchema, normalisedMobileSchema, normaliseMobile } from './mobile';
import { englishOf } from './texts/said';

describe('mobile numbers', () => {
  it('strips +91 and non-digits and keeps the last 10 digits', () => {
    expect(normaliseMobile('+91 98765-00001')).toBe('9876500001');
    expect(normaliseMobile('09876500001')).toBe('9876500001');
    expect(normaliseMobile('98765')).toBe('98765');
    expect(isValidMobile(normaliseMobile('98765'))).toBe(false);
  });
  it('says what is wrong in the spec words', () => {
    expect(englishOf(mobileSchema.safeParse('').error?.issues[0]?.message ?? '')).toBe('Mobile number is required');
    expect(englishOf(mobileSchema.safeParse('98765').error?.issues[0]?.message ?? '')).toBe('Invalid Mobile Number');
    expect(normalisedMobileSchema.parse('+91 98765 00001')).toBe('9876500001');
    expect(englishOf(normalisedMobileSchema.safeParse('+91 98765').error?.issues[0]?.message ?? '')).toBe('Invalid Mobile Number');
  });
  it('takes only an Indian mobile: 10 digits starting with 6 to 9', () => {
    for (const bad of ['1234567890', '0987650000', '5876500001', '98765000011']) {
      expect(englishOf(mobileSchema.safeParse(bad).error?.issues[0]?.message ?? '')).toBe('Invalid Mobile Number');
      expect(isValidMobile(bad)).toBe(false);
    }
    for (const good of ['6000000000', '7876500001', '8876500001', '9876500001']) expect(mobileSchema.parse(good)).toBe(good);
    expect(englishOf(normalisedMobileSchema.safeParse('+91 12345 67890').error?.issues[0]?.message ?? '')).toBe('Invalid Mobile Number');
  });
});
