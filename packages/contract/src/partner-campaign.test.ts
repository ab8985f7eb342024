import { describe, expect, it } from 'vitest';
import { campaignCodeCandidate, campaignCodeSchema, campaignPath, campaignProductPath, isCampaignCode } from './partner-campaign';

/** A fixed sequence of random numbers, as Math.random answers them. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe('campaign codes', () => {
  it("are made of the first name's latin letters and 4 digits from 2 to 9", () => {
    expect(campaignCodeCandidate('Sunita', 0, sequence(0))).toBe('sunita2222');
    expect(campaignCodeCandidate('  Ravi Kumar ', 0, sequence(0.99))).toBe('ravikuma9999');
    expect(campaignCodeCandidate('Jyōti', 0, sequence(0.5))).toBe('jyoti6666');
    for (let n = 0; n < 200; n++) expect(isCampaignCode(campaignCodeCandidate('Asha', 0))).toBe(true);
  });

  it('fall back to "partner" for a name without latin letters, and to 8 random characters after 5 taken codes', () => {
    expect(campaignCodeCandidate('आशा', 0, sequence(0))).toBe('partner2222');
    expect(campaignCodeCandidate(null, 0, sequence(0))).toBe('partner2222');
    const late = campaignCodeCandidate('Asha', 5);
    expect(late).toHaveLength(8);
    expect(isCampaignCode(late)).toBe(true);
  });

  it('chosen by a partner: 6 to 12 small letters or digits 2 to 9, capitals taken as small', () => {
    expect(campaignCodeSchema.parse(' DeepaShop ')).toBe('deepashop');
    for (const bad of ['abc12', 'deepa0shop', 'deepa1shop', 'deepa-shop', 'a'.repeat(13), 'deepa\u0000shop'])
      expect(campaignCodeSchema.safeParse(bad).success, bad).toBe(false);
    expect(isCampaignCode('asha01')).toBe(false);
  });

  it('have a page and a page per product', () => {
    expect(campaignPath('deepashop')).toBe('/utm/deepashop');
    expect(campaignProductPath('deepashop', 400)).toBe('/utm/deepashop/400');
  });
});
