import { describe, expect, it } from 'vitest';
import { englishTexts } from './texts/english';
import { renderSaid, Said, say } from './texts/said';
import hi from './texts.hi';
import {
  applicationPath,
  b64urlDecode,
  b64urlEncode,
  decodeApplicationParams,
  isListedForPartners,
  levelPayoutPaise,
  parseCriteria,
  partnerLevel,
  payoutSaid,
  payoutText,
  whatsappShareUrl,
} from './hiring';

describe('partner levels', () => {
  it('are decided by approved leads at 0, 10, 50 and 200', () => {
    expect(partnerLevel(0).name).toBe('Starter');
    expect(partnerLevel(9).name).toBe('Starter');
    expect(partnerLevel(10).name).toBe('Silver');
    expect(partnerLevel(49).name).toBe('Silver');
    expect(partnerLevel(50).name).toBe('Gold');
    expect(partnerLevel(199).name).toBe('Gold');
    expect(partnerLevel(200).name).toBe('Platinum');
    expect(partnerLevel(100000).level).toBe(4);
  });

  it('add their bonus to the payout, in whole rupees', () => {
    expect(levelPayoutPaise(100_000, partnerLevel(0))).toBe(100_000);
    expect(levelPayoutPaise(100_000, partnerLevel(10))).toBe(110_000);
    expect(levelPayoutPaise(99_950, partnerLevel(50))).toBe(119_900);
  });

  it('name the level in the payout text only when asked, and a custom text wins', () => {
    const job = { payout_prefix: 'Earn', payout_paise: 100_000, payout_text_custom: null };
    expect(payoutText(job, null)).toBe('Earn ₹1,000 per joining');
    expect(payoutText(job, partnerLevel(0))).toBe('Earn ₹1,000 per joining (Starter level)');
    expect(payoutText(job, partnerLevel(12))).toBe('Earn ₹1,100 per joining (Silver level +10%)');
    expect(payoutText({ ...job, payout_text_custom: 'Up to ₹5,000' }, partnerLevel(12))).toBe('Up to ₹5,000');
  });
});

describe('referral links', () => {
  it('encode each id URL-safe and decode back', () => {
    expect(applicationPath({ job_id: 261, job_location_id: 2611, recruiter_id: 101 })).toBe('/application/MjYx/MjYxMQ/MTAx');
    expect(decodeApplicationParams('MjYx', 'MjYxMQ', 'MTAx')).toEqual({ job_id: 261, job_location_id: 2611, recruiter_id: 101 });
    expect(b64urlDecode(b64urlEncode('12345678'))).toBe('12345678');
  });
  it('refuse what is not base64 of a positive id', () => {
    expect(decodeApplicationParams('MjYx', 'MjYxMQ', 'x+y')).toBeNull();
    expect(decodeApplicationParams(b64urlEncode('0'), 'MjYxMQ', 'MTAx')).toBeNull();
    expect(decodeApplicationParams(b64urlEncode('abc'), 'MjYxMQ', 'MTAx')).toBeNull();
    expect(decodeApplicationParams(b64urlEncode('99999999999'), 'MjYxMQ', 'MTAx')).toBeNull();
    expect(b64urlDecode('a')).toBeNull();
  });
  it('share on WhatsApp with the project name and the link', () => {
    expect(whatsappShareUrl('Delivery Partner', 'https://x.in/application/a/b/c')).toBe(
      'https://wa.me/?text=Delivery%20Partner%0Ahttps%3A%2F%2Fx.in%2Fapplication%2Fa%2Fb%2Fc',
    );
  });
});

describe('listing rules', () => {
  it('hide the jobs ops marked hidden from partners, and only those', () => {
    expect(isListedForPartners({ hidden_from_partners: true })).toBe(false);
    expect(isListedForPartners({ hidden_from_partners: false })).toBe(true);
  });
  it('read criteria pairs separated by ;; with _ between label and value', () => {
    expect(parseCriteria('Age_18 to 45 years;;Vehicle_Two-wheeler with licence')).toEqual([
      { label: 'Age', value: '18 to 45 years' },
      { label: 'Vehicle', value: 'Two-wheeler with licence' },
    ]);
    expect(parseCriteria('Shop_Any_shop;;;;Plain')).toEqual([
      { label: 'Shop', value: 'Any_shop' },
      { label: 'Plain', value: '' },
    ]);
    expect(parseCriteria(null)).toEqual([]);
  });

  it('says the payout line by code, its English as payoutText writes it; ops’ own words stay as written', () => {
    const job = { payout_prefix: null, payout_paise: 100_000, payout_text_custom: null };
    const inHindi = (text: Said | string) => (text instanceof Said ? renderSaid(text, hi, englishTexts) : text);
    const inEnglish = (text: Said | string) => (text instanceof Said ? renderSaid(text, englishTexts, englishTexts) : text);
    for (const level of [null, partnerLevel(0), partnerLevel(12)]) expect(inEnglish(payoutSaid(job, level))).toBe(payoutText(job, level));
    expect(inHindi(payoutSaid(job, partnerLevel(12)))).toBe(
      renderSaid(say('partner.earnPerJoiningBonus', { amount: '₹1,100', level: say('partner.levelSilver'), bonus: 10 }), hi, englishTexts),
    );
    expect(inHindi(payoutSaid(job, partnerLevel(12)))).toMatch(/[\u0900-\u097F]/);
    expect(payoutSaid({ ...job, payout_text_custom: 'Up to ₹5,000' }, null)).toBe('Up to ₹5,000');
    expect(payoutSaid({ ...job, payout_prefix: 'Win' }, null)).toBe('Win ₹1,000 per joining');
  });
});
