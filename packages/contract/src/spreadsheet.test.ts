import { describe, expect, it } from 'vitest';
import { csvField, csvLine, defuseFormula } from './spreadsheet';

describe('defusing formulas', () => {
  it('puts a quote before text starting with = + - @ TAB or CR, and nothing else', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(defuseFormula(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(defuseFormula('=HYPERLINK("https://x.example","Click")')).toBe('\'=HYPERLINK("https://x.example","Click")');
    for (const safe of ['Asha', ' =1', "'=1", '', 'a=b', 'अनीता', '\n=1']) expect(defuseFormula(safe)).toBe(safe);
  });

  it('writes CSV fields defused first, then quoted', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+911')).toBe("'+911");
    expect(csvField('-5')).toBe("'-5");
    expect(csvField(-5)).toBe('-5');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('\rx')).toBe('"\'\rx"');
    expect(csvField(null)).toBe('');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});
