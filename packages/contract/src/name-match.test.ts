import { describe, expect, it } from 'vitest';
import { nameWords, namesMatch } from './name-match';

describe('namesMatch: the name a bank returns against the PAN name', () => {
  it('matches the same name however the bank writes it', () => {
    expect(namesMatch('Asha Sharma', 'ASHA SHARMA')).toBe(true);
    expect(namesMatch('Asha Sharma', 'MRS. ASHA  SHARMA')).toBe(true);
    expect(namesMatch('Asha Sharma', 'SHARMA ASHA')).toBe(true);
    expect(namesMatch('Asha Kumari Sharma', 'ASHA SHARMA')).toBe(true);
    expect(namesMatch('Asha Kumari Sharma', 'ASHA K SHARMA')).toBe(true);
    expect(namesMatch('Asha Sharma', 'A SHARMA')).toBe(true);
    expect(namesMatch('Asha Rani', 'ASHARANI')).toBe(true);
    expect(namesMatch('Renée Dsouza', "RENEE D'SOUZA")).toBe(true);
    expect(namesMatch('Renée Dsouza', 'RENEE DSOUZA')).toBe(true);
  });

  it('does not match another person', () => {
    expect(namesMatch('Asha Sharma', 'RAVI KUMAR')).toBe(false);
    expect(namesMatch('Asha Sharma', 'ASHA VERMA')).toBe(false);
    expect(namesMatch('Asha Kumari', 'A K')).toBe(false);
    expect(namesMatch('Asha Sharma', 'ASHA KUMARI DEVI SHARMA')).toBe(false);
    expect(namesMatch('Asha', '')).toBe(false);
    expect(namesMatch('', 'ASHA')).toBe(false);
  });

  it('drops titles and punctuation', () => {
    expect(nameWords('Shri. R. K. Gupta')).toEqual(['R', 'K', 'GUPTA']);
    expect(nameWords('M/S Gupta Traders')).toEqual(['GUPTA', 'TRADERS']);
  });
});
