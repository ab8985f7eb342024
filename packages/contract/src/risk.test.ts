import { describe, expect, it } from 'vitest';
import { DEFAULT_RISK_SETTINGS, hammingDistance, metersBetween, riskLevel, riskSettings } from './risk';

describe('risk level', () => {
  it('sums the weights of the kinds standing, each kind once, into none, review or high', () => {
    expect(riskLevel([], DEFAULT_RISK_SETTINGS)).toEqual({ level: 'none', score: 0 });
    expect(riskLevel(['address_burst'], DEFAULT_RISK_SETTINGS)).toEqual({ level: 'review', score: 20 });
    expect(riskLevel(['address_burst', 'address_burst'], DEFAULT_RISK_SETTINGS)).toEqual({ level: 'review', score: 20 });
    expect(riskLevel(['shared_customer', 'same_coordinates'], DEFAULT_RISK_SETTINGS)).toEqual({ level: 'high', score: 60 });
    expect(riskLevel(['own_identifier'], DEFAULT_RISK_SETTINGS).level).toBe('high');
  });

  it('takes overrides of some weights and keeps the other defaults; refuses a bad one', () => {
    const s = riskSettings({ weights: { address_burst: 5 }, high_at: 80 });
    expect(s.weights.address_burst).toBe(5);
    expect(s.weights.own_identifier).toBe(60);
    expect(riskLevel(['own_identifier'], s).level).toBe('review');
    expect(() => riskSettings({ review_at: 0 })).toThrow();
  });
});

describe('distances', () => {
  it('measures metres between points and bits between hashes', () => {
    expect(Math.round(metersBetween({ lat: 18.5204, lng: 73.8567 }, { lat: 18.5222, lng: 73.8567 }))).toBe(200);
    expect(hammingDistance('ffffffffffffffff', '0000000000000000')).toBe(64);
    expect(hammingDistance('00000000000000f0', '0000000000000010')).toBe(3);
  });
});
