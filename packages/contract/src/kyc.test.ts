import { describe, expect, it } from 'vitest';
import { isValidAadhaar, isValidGstin, isValidPan, verhoeffCheckDigit } from './kyc';

describe('KYC number rules', () => {
  it('PAN is five letters, four digits, a letter', () => {
    expect(isValidPan('AKXPV4821M')).toBe(true);
    expect(isValidPan('AKXPV48210')).toBe(false);
    expect(isValidPan('akxpv4821m')).toBe(false);
  });
  it('Aadhaar has 12 digits, does not start with 0 or 1, and passes Verhoeff', () => {
    expect(isValidAadhaar('498712345605')).toBe(true);
    expect(isValidAadhaar('498712345604')).toBe(false);
    expect(isValidAadhaar('098712345605')).toBe(false);
    expect(verhoeffCheckDigit('49871234560')).toBe(5);
  });
  it('GSTIN carries its check character', () => {
    expect(isValidGstin('29AKXPV4821M1Z0')).toBe(true);
    expect(isValidGstin('29AKXPV4821M1Z5')).toBe(false);
    expect(isValidGstin('29AKXPV4821M1Y0')).toBe(false);
  });
});
