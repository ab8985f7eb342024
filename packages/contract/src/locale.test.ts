import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, pickLocale, readCookie } from './locale';
import { formatDate, formatDateTime } from './time';

describe('pickLocale', () => {
  it('follows a remembered choice over the browser', () => {
    expect(pickLocale('en', 'hi-IN,hi;q=0.9')).toBe('en');
    expect(pickLocale('hi', 'en-US')).toBe('hi');
  });

  it('follows the browser on a first visit: Hindi first means Hindi', () => {
    expect(pickLocale(undefined, 'hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(pickLocale(undefined, 'en-IN,en;q=0.9,hi;q=0.8')).toBe('en');
    expect(pickLocale(undefined, ['hi-IN', 'en-GB'])).toBe('hi');
    expect(pickLocale(undefined, ['ta-IN', 'hi'])).toBe('hi');
  });

  it('orders Accept-Language by weight and ignores q=0 and languages we do not speak', () => {
    expect(localeFromAcceptLanguage('en;q=0.5, hi;q=0.8')).toBe('hi');
    expect(localeFromAcceptLanguage('hi;q=0, en')).toBe('en');
    expect(localeFromAcceptLanguage('ta-IN, mr')).toBeUndefined();
    expect(pickLocale('fr', 'ta-IN')).toBe('en');
    expect(pickLocale(null, null)).toBe('en');
  });

  it('reads the cookie out of a Cookie header', () => {
    expect(readCookie('a=1; pmw_lang=hi; b=2', 'pmw_lang')).toBe('hi');
    expect(readCookie('pmw_language=hi', 'pmw_lang')).toBeUndefined();
  });
});

describe('dates in the reader\u2019s language', () => {
  it('writes the month in Hindi with Latin digits, at +05:30', () => {
    const at = '2026-11-21T10:35:00Z';
    expect(formatDateTime(at)).toBe('21 Nov 2026, 04:05 PM');
    expect(formatDateTime(at, 'hi')).toBe('21 नव॰ 2026, 04:05 PM');
    expect(formatDate('2026-01-31T20:00:00Z', 'hi')).toBe('01 फ़र॰ 2026');
  });
});
