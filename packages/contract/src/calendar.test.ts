import { describe, expect, it } from 'vitest';
import { directionsUrl, foldLine, icsText, interviewIcs } from './calendar';

describe('the interview calendar file', () => {
  const ics = interviewIcs({
    uid: 'booking-42@pickmywork',
    start: '2026-11-24T04:30:00.000Z',
    end: '2026-11-24T05:00:00.000Z',
    title: 'Interview: Delivery Partner, Swiftcart',
    location: 'Swiftcart Hub; 80 Feet Road, Koramangala\nBengaluru',
    description: 'Bring your Aadhaar \\ PAN',
    stamp: new Date('2026-11-23T00:00:00Z'),
  });

  it('is one VEVENT in UTC with CRLF line ends', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain('\r\nDTSTART:20261124T043000Z\r\nDTEND:20261124T050000Z\r\n');
    expect(ics).toContain('\r\nDTSTAMP:20261123T000000Z\r\n');
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('escapes commas, semicolons, backslashes and line breaks in texts', () => {
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    expect(ics).toContain('SUMMARY:Interview: Delivery Partner\\, Swiftcart');
    expect(ics).toContain('LOCATION:Swiftcart Hub\\; 80 Feet Road\\, Koramangala\\nBengaluru');
    expect(ics).toContain('DESCRIPTION:Bring your Aadhaar \\\\ PAN');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const long = `SUMMARY:${'इंटरव्यू '.repeat(20)}`;
    const folded = foldLine(long);
    const enc = new TextEncoder();
    for (const line of folded.split('\r\n')) expect(enc.encode(line).length).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .map((l, i) => (i === 0 ? l : l.slice(1)))
        .join(''),
    ).toBe(long);
  });

  it('links directions to the address', () => {
    expect(directionsUrl('80 Feet Road, Bengaluru')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=80%20Feet%20Road%2C%20Bengaluru',
    );
  });
});
