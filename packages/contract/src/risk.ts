import { z } from 'zod';
import { atMostChars, int, text, coerceInt } from './base';
import { defineRoute } from './api';
import { IST_OFFSET_MINUTES } from './constants';
import { opsCatalogue } from './texts/ops';
import { fillText } from './texts/fill';

/**
 * Lead risk: signals computed when a lead arrives, each with a plain reason
 * and the ids that prove it, summed by weight into a level ops filter and
 * sort the queue by. Only ops admins see any of it: nothing a partner, team
 * member or customer is shown says a lead was flagged.
 */

export const RISK_LEVEL = { none: 'none', review: 'review', high: 'high' } as const;
export const RISK_LEVELS = [RISK_LEVEL.none, RISK_LEVEL.review, RISK_LEVEL.high] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
/** Higher is riskier: the queue's `sort=risk` order. */
export const RISK_RANK: Record<RiskLevel, number> = { none: 0, review: 1, high: 2 };

export const RISK_SIGNAL = {
  /** The customer's mobile, PAN or bank account is the partner's or a team member's own, or another partner's. */
  ownIdentifier: 'own_identifier',
  /** The same customer mobile on another partner's lead for the project inside its duplicate window. */
  sharedCustomer: 'shared_customer',
  /** Many leads from one device (the campaign page's cookie id) in a short time. */
  deviceBurst: 'device_burst',
  /** Many leads from one client address in a short time. */
  addressBurst: 'address_burst',
  /** The same map coordinates on many leads. */
  sameCoordinates: 'same_coordinates',
  /** A photo or file already attached to another lead (the same bytes, or a resized or re-saved photo). */
  reusedFile: 'reused_file',
  /** The partner's approval rate on the project is far below the project's. */
  lowApprovalRate: 'low_approval_rate',
  /** Ops hold every new lead of this partner for review. */
  partnerOnHold: 'partner_on_hold',
  /** A team lead's map location far from the member's phone when it was submitted, or from the project's pincodes. */
  farLocation: 'far_location',
  /** The phone's location was less accurate than a threshold. */
  inaccurateLocation: 'inaccurate_location',
  /** Submitted outside the hours the project takes leads. */
  outsideHours: 'outside_hours',
} as const;
export const RISK_SIGNALS = Object.values(RISK_SIGNAL) as [RiskSignalKind, ...RiskSignalKind[]];
export type RiskSignalKind = (typeof RISK_SIGNAL)[keyof typeof RISK_SIGNAL];

export const RISK_SIGNAL_TITLE: Record<RiskSignalKind, string> = {
  own_identifier: "Someone's own mobile, PAN or bank account",
  shared_customer: 'Customer on several partners',
  device_burst: 'Many leads from one device',
  address_burst: 'Many leads from one address',
  same_coordinates: 'Same location on many leads',
  reused_file: 'Photo or file used before',
  low_approval_rate: 'Low approval rate',
  partner_on_hold: 'Partner on hold',
  far_location: 'Location far away',
  inaccurate_location: 'Inaccurate location',
  outside_hours: "Outside the project's lead hours",
};

/** Weights per signal and the thresholds that turn their sum into a level; overridable with RISK_SETTINGS. */
export const riskSettingsSchema = z.object({
  weights: z.record(z.enum(RISK_SIGNALS), z.number().int().min(0).max(1000)),
  /** A sum at least this is `review`, at least `high` is `high`. */
  review_at: z.number().int().min(1),
  high_at: z.number().int().min(1),
  /** Leads from one device (or address) within `burst_minutes`, this one included, that make a burst. */
  burst_minutes: z.number().int().min(1),
  device_burst_leads: z.number().int().min(2),
  address_burst_leads: z.number().int().min(2),
  /** Leads within `coordinates_days` at the same point (within `same_point_meters`) that make a pattern. */
  coordinates_days: z.number().int().min(1),
  same_point_meters: z.number().min(0),
  same_coordinates_leads: z.number().int().min(2),
  /** Bits of two photos' 64-bit difference hashes that may differ for them to be the same photo. */
  photo_hash_distance: z.number().int().min(0).max(32),
  /**
   * A partner's approval rate on a project against the project's, over the
   * leads that came in the last `approval_days` and are decided (approved or
   * rejected): compared once the partner has `approval_min_decided` of them
   * and the project `approval_project_min_decided`; flagged when the partner's
   * is at least `approval_gap_points` percentage points below.
   */
  approval_days: z.number().int().min(1).max(365),
  approval_min_decided: z.number().int().min(1),
  approval_project_min_decided: z.number().int().min(1),
  approval_gap_points: z.number().int().min(1).max(100),
  /** Kilometres between a team lead's map location and the member's phone at submit that are too far. */
  far_from_device_km: z.number().min(0),
  /** Kilometres beyond the nearest of the project's pincodes (its centre, plus the radius its sources spread over) that are too far. */
  far_from_pincodes_km: z.number().min(0),
  /** A phone location less accurate than this many metres is flagged. */
  accuracy_meters: z.number().min(1),
  /** Milliseconds after a lead's answer before its signals are computed (the queue is taken in order). */
  assess_delay_ms: z.number().int().min(0).max(600_000),
});
export type RiskSettings = z.infer<typeof riskSettingsSchema>;

export const DEFAULT_RISK_SETTINGS: RiskSettings = {
  weights: {
    own_identifier: 60,
    shared_customer: 30,
    device_burst: 40,
    address_burst: 20,
    same_coordinates: 30,
    reused_file: 60,
    low_approval_rate: 20,
    partner_on_hold: 60,
    far_location: 30,
    inaccurate_location: 20,
    outside_hours: 20,
  },
  review_at: 20,
  high_at: 60,
  burst_minutes: 60,
  device_burst_leads: 5,
  address_burst_leads: 10,
  coordinates_days: 7,
  same_point_meters: 15,
  same_coordinates_leads: 3,
  photo_hash_distance: 10,
  approval_days: 30,
  approval_min_decided: 10,
  approval_project_min_decided: 30,
  approval_gap_points: 30,
  far_from_device_km: 2,
  far_from_pincodes_km: 25,
  accuracy_meters: 500,
  assess_delay_ms: 25,
};

/** Settings from a partial override (RISK_SETTINGS), filled in from the defaults. */
export function riskSettings(override: unknown): RiskSettings {
  const o = (override ?? {}) as Partial<RiskSettings>;
  return riskSettingsSchema.parse({ ...DEFAULT_RISK_SETTINGS, ...o, weights: { ...DEFAULT_RISK_SETTINGS.weights, ...(o.weights ?? {}) } });
}

/** The level of a lead from the kinds of its signals still standing (one kind counts once). */
export function riskLevel(kinds: readonly RiskSignalKind[], settings: RiskSettings): { level: RiskLevel; score: number } {
  const score = [...new Set(kinds)].reduce((sum, k) => sum + (settings.weights[k] ?? 0), 0);
  const level = score >= settings.high_at ? RISK_LEVEL.high : score >= settings.review_at ? RISK_LEVEL.review : RISK_LEVEL.none;
  return { level, score };
}

/** Metres between two points (haversine). */
export function metersBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const r = 6_371_000;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * r * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Bits that differ between two 64-bit hashes written as 16 hex digits. */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x > 0n) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

/** Decided leads (approved or rejected) and how many of them were approved. */
export interface DecidedLeads {
  approved: number;
  decided: number;
}
const percent = (d: DecidedLeads) => Math.round((100 * d.approved) / d.decided);

/**
 * Whether a partner's approval rate on a project is far below the project's
 * (every partner's leads, theirs included): both rates, or null when either
 * side has too few decided leads to say, or the gap is narrower than the
 * setting.
 */
export function lowApproval(
  partner: DecidedLeads,
  project: DecidedLeads,
  settings: Pick<RiskSettings, 'approval_min_decided' | 'approval_project_min_decided' | 'approval_gap_points'>,
): { partner_rate: number; project_rate: number } | null {
  if (partner.decided < settings.approval_min_decided || project.decided < settings.approval_project_min_decided) return null;
  const [partnerRate, projectRate] = [percent(partner), percent(project)];
  return projectRate - partnerRate >= settings.approval_gap_points ? { partner_rate: partnerRate, project_rate: projectRate } : null;
}

/** `HH:MM`, 24-hour: a project's lead hours. */
export const LEAD_HOURS = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The time of day in India, `HH:MM`. */
export function istTimeOfDay(at: Date): string {
  const d = new Date(at.getTime() + IST_OFFSET_MINUTES * 60_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/**
 * Whether a moment falls outside a project's lead hours (India time, from
 * `start` up to but not including `end`). Hours that pass midnight (22:00 to
 * 06:00) are one window; no hours, or equal ends, means any time.
 */
export function outsideLeadHours(at: Date, start: string | null | undefined, end: string | null | undefined): boolean {
  if (!start || !end || start === end) return false;
  const now = minutesOf(istTimeOfDay(at));
  const [s, e] = [minutesOf(start), minutesOf(end)];
  const inside = s < e ? now >= s && now < e : now >= s || now < e;
  return !inside;
}

const pmw = (id: number) => `PMW${id}`;
/** Who holds an identifier, as a reason names them. */
export type RiskRole = 'partner' | 'team member';
const leadsText = (ids: readonly number[]) => ids.map((id) => `#${id}`).join(', ');

/** The reason each signal gives, naming its evidence. */
export const riskReasons = {
  ownPartnerMobile: (userId: number) => `This mobile is also partner ${pmw(userId)}'s`,
  ownMemberMobile: (userId: number) => `This mobile is also team member ${pmw(userId)}'s`,
  ownPan: (role: RiskRole, userId: number) => `This PAN is also ${role} ${pmw(userId)}'s`,
  ownBank: (role: RiskRole, userId: number, last4: string) => `This bank account (ending ${last4}) is also ${role} ${pmw(userId)}'s`,
  selfPan: (role: RiskRole, userId: number) => `This PAN is the submitting ${role} ${pmw(userId)}'s own`,
  selfBank: (role: RiskRole, userId: number, last4: string) =>
    `This bank account (ending ${last4}) is the submitting ${role} ${pmw(userId)}'s own`,
  sharedCustomer: (leadIds: readonly number[], days: number) =>
    `The same customer mobile is on another partner's lead for this project in the last ${days} days (lead ${leadsText(leadIds)})`,
  deviceBurst: (n: number, minutes: number) => `${n} leads came from this device in ${minutes} minutes`,
  addressBurst: (n: number, minutes: number, ip: string) => `${n} leads came from address ${ip} in ${minutes} minutes`,
  sameCoordinates: (n: number, days: number) => `${n} leads were submitted at these coordinates in ${days} days`,
  reusedFileExact: (leadIds: readonly number[]) => `The same file is attached to lead ${leadsText(leadIds)}`,
  reusedFileSimilar: (leadIds: readonly number[]) =>
    `A photo like this one (resized or re-saved) is attached to lead ${leadsText(leadIds)}`,
  lowApprovalRate: (userId: number, partner: DecidedLeads, project: DecidedLeads, days: number) =>
    `${pmw(userId)}'s approval rate on this project is ${percent(partner)}% (${partner.approved} of ${partner.decided}) against ${percent(project)}% for the project (${project.approved} of ${project.decided}) in the last ${days} days`,
  partnerOnHold: (userId: number) => `Ops hold partner ${pmw(userId)}'s new leads for review`,
  farFromDevice: (km: number) => `The lead's map location is ${km} km from where the team member's phone was when it was submitted`,
  farFromPincodes: (km: number, pincode: string) =>
    `The lead's location is ${km} km from the nearest of the project's pincodes (${pincode})`,
  inaccurateLocation: (meters: number, limit: number) => `The phone's location was accurate only to ${meters} m (flagged above ${limit} m)`,
  outsideHours: (time: string, start: string, end: string) =>
    `Submitted at ${time} India time, outside the project's lead hours (${start} to ${end})`,
};

export const riskTexts = {
  signalNotFound: opsCatalogue.en['ops.riskSignalNotFound'],
  alreadyDismissed: opsCatalogue.en['ops.riskAlreadyDismissed'],
  dismissed: opsCatalogue.en['ops.riskDismissed'],
  holdOn: opsCatalogue.en['ops.riskHoldOn'],
  holdOff: opsCatalogue.en['ops.riskHoldOff'],
  notPartner: opsCatalogue.en['ops.riskNotPartner'],
  confirmHighRisk: (n: number) =>
    n === 1 ? opsCatalogue.en['ops.riskConfirmHighRiskOne'] : fillText(opsCatalogue.en['ops.riskConfirmHighRisk'], { n }),
} as const;

export const riskEvidenceSchema = z.object({
  form_response_ids: z.array(int()),
  user_ids: z.array(int()),
  file_ids: z.array(int()),
});
export type RiskEvidence = z.infer<typeof riskEvidenceSchema>;

export const riskSignalSchema = z.object({
  signal_id: int(),
  kind: z.enum(RISK_SIGNALS),
  reason: text(),
  evidence: riskEvidenceSchema,
  weight: int(),
  /** Marked wrong by ops: kept for the record, no longer counted. */
  dismissed: z.boolean(),
  dismissed_note: text().nullable(),
});
export type RiskSignal = z.infer<typeof riskSignalSchema>;

export const leadRiskSchema = z.object({
  level: z.enum(RISK_LEVELS),
  score: int(),
  signals: z.array(riskSignalSchema),
});
export type LeadRisk = z.infer<typeof leadRiskSchema>;

export const dismissSignalBodySchema = z.object({
  note: text().trim().min(3, 'Write why the signal is wrong (at least 3 characters)').max(300, atMostChars('The note', 300)),
});

export const partnerRiskSchema = z.object({
  user_id: int(),
  days: int(),
  leads: int(),
  flagged: int(),
  by_kind: z.array(z.object({ kind: z.enum(RISK_SIGNALS), leads: int() })),
  on_hold: z.boolean(),
});
export type PartnerRisk = z.infer<typeof partnerRiskSchema>;

export const partnerHoldBodySchema = z.object({ on_hold: z.boolean() });

const positiveId = coerceInt().positive();

export const opsRiskRoutes = {
  dismissSignal: defineRoute({
    method: 'POST',
    path: '/ops/leads/:form_response_id/risk/signals/:signal_id/dismiss',
    summary: "Marks a lead's risk signal wrong (audited) and recomputes the lead's risk level",
    auth: 'ops',
    params: z.object({ form_response_id: positiveId, signal_id: positiveId }),
    body: dismissSignalBodySchema,
    response: leadRiskSchema,
  }),
  partnerRisk: defineRoute({
    method: 'GET',
    path: '/ops/partners/:user_id/risk',
    summary: "A partner's risk over 30 days: the share of their leads flagged, by signal, and whether their new leads are held",
    auth: 'ops',
    params: z.object({ user_id: positiveId }),
    response: partnerRiskSchema,
  }),
  partnerHold: defineRoute({
    method: 'POST',
    path: '/ops/partners/:user_id/risk/hold',
    summary: "Holds a partner's new leads for review (each is flagged), or stops holding them; audited",
    auth: 'ops',
    params: z.object({ user_id: positiveId }),
    body: partnerHoldBodySchema,
    response: partnerRiskSchema,
  }),
};
