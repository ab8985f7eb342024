import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RISK_SETTINGS,
  hammingDistance,
  istTimeOfDay,
  lowApproval,
  metersBetween,
  outsideLeadHours,
  riskLevel,
  riskReasons,
  riskSettings,
} from './risk';

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

describe("a project's lead hours", () => {
  // 2026-11-27 03:30 UTC is 09:00 in India.
  const at = (utc: string) => new Date(`2026-11-27T${utc}:00Z`);
  it('reads the time in India and takes the start in, the end out', () => {
    expect(istTimeOfDay(at('03:30'))).toBe('09:00');
    expect(outsideLeadHours(at('03:30'), '09:00', '19:00')).toBe(false);
    expect(outsideLeadHours(at('03:29'), '09:00', '19:00')).toBe(true);
    expect(outsideLeadHours(at('13:29'), '09:00', '19:00')).toBe(false);
    expect(outsideLeadHours(at('13:30'), '09:00', '19:00')).toBe(true);
  });

  it('keeps hours that pass midnight as one window, and any time without hours', () => {
    // 22:00 to 06:00 India time: 23:30 and 02:00 are in, noon is out.
    expect(outsideLeadHours(at('18:00'), '22:00', '06:00')).toBe(false);
    expect(outsideLeadHours(at('20:30'), '22:00', '06:00')).toBe(false);
    expect(outsideLeadHours(at('06:30'), '22:00', '06:00')).toBe(true);
    expect(outsideLeadHours(at('06:30'), null, null)).toBe(false);
    expect(outsideLeadHours(at('06:30'), '09:00', '09:00')).toBe(false);
  });
});

describe("a partner's approval rate against the project's", () => {
  const s = riskSettings({ approval_min_decided: 10, approval_project_min_decided: 30, approval_gap_points: 30 });
  const project = { approved: 250, decided: 352 };
  it("flags a rate far below the project's, with both rates", () => {
    expect(lowApproval({ approved: 3, decided: 25 }, project, s)).toEqual({ partner_rate: 12, project_rate: 71 });
    expect(riskReasons.lowApprovalRate(204, { approved: 3, decided: 25 }, project, 30)).toBe(
      "PMW204's approval rate on this project is 12% (3 of 25) against 71% for the project (250 of 352) in the last 30 days",
    );
  });
  it('says nothing of a new partner, a young project, or a gap narrower than the setting', () => {
    expect(lowApproval({ approved: 0, decided: 9 }, project, s)).toBeNull();
    expect(lowApproval({ approved: 0, decided: 10 }, { approved: 20, decided: 29 }, s)).toBeNull();
    // 48% against 71%: 23 points.
    expect(lowApproval({ approved: 12, decided: 25 }, project, s)).toBeNull();
    expect(lowApproval({ approved: 10, decided: 25 }, project, s)).toEqual({ partner_rate: 40, project_rate: 71 });
  });
  it('has a window and both minimums by default', () => {
    expect(DEFAULT_RISK_SETTINGS).toMatchObject({ approval_days: 30, approval_min_decided: 10, approval_project_min_decided: 30 });
  });
});
