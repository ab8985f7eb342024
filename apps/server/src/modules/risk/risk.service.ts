import { createDelayedQueue } from '../../lib/delayed-queue';
import { createHash } from 'node:crypto';
import { and, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  RISK_LEVEL,
  RISK_SIGNAL,
  metersBetween,
  outsideLeadHours,
  istTimeOfDay,
  lowApproval,
  riskLevel,
  riskReasons,
  type LeadRisk,
  type PartnerRisk,
  type RiskEvidence,
  type RiskLevel,
  type RiskRole,
  type RiskSettings,
  type RiskSignalKind,
  type DecidedLeads,
} from '@pmw/contract/risk';
import { istDateString } from '@pmw/contract/time';
import type { Db } from '../../db/client';
import { fileFingerprints, leadOrigins, leadRisk, leadRiskSignals, partnerRiskHolds } from '../../db/schema/risk';
import { AppError, notFound } from '../../errors';
import type { StorageProvider } from '../../providers/storage';
import type { FilesService } from '../files/files.service';
import type { AuditService } from '../ops/audit.service';
import { distanceKm } from '../../providers/geocode';
import type { PincodeDirectory, PincodePlace } from '../../providers/pincode-directory';
import { hashToBigint, photoHash } from './photo-hash';
import { leadsWithFileLike, mobileHolders, partnerLeadRisk, peopleWithRoles, unassessedLeads, type PersonRoles } from './lead-risk-read';
import { otherSubmittersLeads } from '../leads/customer-lead-reads';
import { userExists } from '../users/user-reads';
import { say } from '@pmw/contract/texts/said';

/** Files larger than this are not fingerprinted (a video): reading them would slow the lead's request for little. */
const MAX_HASHED_BYTES = 20 * 1024 * 1024;
/** Evidence lists stop here: ops need a few ids to look at, not all of them. */
const MAX_EVIDENCE = 20;
/** How long a project's decided leads over the approval window are kept before they are read again. */
const PROJECT_RATE_KEEP_MS = 5 * 60_000;

/** What intake knows of a lead it just created, for its signals. */
export interface AssessInput {
  form_response_id: number;
  job_id: number;
  customer_mobile: string;
  partner_user_id: number | null;
  team_member_user_id: number | null;
  duplicate_window_days: number;
  file_ids: number[];
  /** The campaign page's device cookie id. */
  device_id?: string | undefined;
  /** The client address behind the trusted proxy. */
  ip?: string | undefined;
  /** Where a team member's phone was when it sent the lead, and how accurate it said that was (metres). */
  location?: { lat: number; lng: number; accuracy_m?: number | undefined } | undefined;
  /** The lead's own map location input, when its form has one. */
  map_location?: { lat: number; lng: number } | undefined;
  /** The customer's PAN and bank account number, when the form asks for them. */
  customer_pan?: string | undefined;
  customer_bank_account?: string | undefined;
  /** The hours (India time) the project expects leads in, and when this one came. */
  lead_hours?: { start: string | null; end: string | null } | undefined;
  submitted_on?: Date | undefined;
}

interface Found {
  kind: RiskSignalKind;
  reason: string;
  evidence: RiskEvidence;
}

const evidence = (e: Partial<RiskEvidence>): RiskEvidence => ({
  form_response_ids: (e.form_response_ids ?? []).slice(0, MAX_EVIDENCE),
  user_ids: e.user_ids ?? [],
  file_ids: e.file_ids ?? [],
});

/**
 * Owns lead risk (lead_origins, lead_risk, lead_risk_signals,
 * file_fingerprints, partner_risk_holds): the signals a new lead raises,
 * their level, ops marking a signal wrong, and a partner's summary and hold.
 * Intake calls `assess` right after the lead commits, so a slow signal (a
 * photo's hash) never holds the lead's own transaction or its locks.
 */
export function createRiskService(deps: {
  db: Db;
  files: FilesService;
  storage: StorageProvider;
  audit: AuditService;
  settings: RiskSettings;
  /** Who holds a PAN or a bank account number (the documents and banks services own those numbers). */
  holders?: { pan: (pan: string) => Promise<number[]>; bankAccount: (account: string) => Promise<number[]> } | undefined;
  /** The pincodes a project serves. */
  projectPincodes?: ((jobId: number) => Promise<string[]>) | undefined;
  /** Where each pincode is (the offline directory). */
  pincodes?: PincodeDirectory | undefined;
  /** Decided leads on a project, a partner's or every partner's, among those that came in from an IST day on (the dashboard's day rows). */
  decidedOnProject?: ((jobId: number, since: string, partnerId?: number) => Promise<DecidedLeads>) | undefined;
}) {
  const { db, files, storage, audit, settings } = deps;

  /** Someone with a campaign code is named a partner; a field agent without one, a team member. */
  const roleOf = (p: PersonRoles): RiskRole => (p.member && !p.partner ? 'team member' : 'partner');

  /** Partners and team members among these people. */
  async function rolesOf(ids: number[]): Promise<Map<number, RiskRole>> {
    const rows = await peopleWithRoles(db, ids);
    return new Map(rows.map((r) => [r.user_id, roleOf(r)]));
  }

  /** The customer's PAN or bank account held by someone: the submitter themselves, another partner or a team member. */
  async function ownNumbers(a: AssessInput): Promise<Found[]> {
    if (!deps.holders || (!a.customer_pan && !a.customer_bank_account)) return [];
    const [pan, bank] = await Promise.all([
      a.customer_pan ? deps.holders.pan(a.customer_pan) : [],
      a.customer_bank_account ? deps.holders.bankAccount(a.customer_bank_account) : [],
    ]);
    if (!pan.length && !bank.length) return [];
    const roles = await rolesOf([...new Set([...pan, ...bank])]);
    const submitter = new Set([a.partner_user_id, a.team_member_user_id].filter((x): x is number => x !== null));
    const last4 = (a.customer_bank_account ?? '').slice(-4);
    const role = (id: number): RiskRole => roles.get(id) ?? 'partner';
    return [
      ...pan.map((id) => ({
        kind: RISK_SIGNAL.ownIdentifier,
        reason: submitter.has(id) ? riskReasons.selfPan(role(id), id) : riskReasons.ownPan(role(id), id),
        evidence: evidence({ user_ids: [id] }),
      })),
      ...bank.map((id) => ({
        kind: RISK_SIGNAL.ownIdentifier,
        reason: submitter.has(id) ? riskReasons.selfBank(role(id), id, last4) : riskReasons.ownBank(role(id), id, last4),
        evidence: evidence({ user_ids: [id] }),
      })),
    ];
  }

  const km = (n: number) => Math.round(n * 10) / 10;

  /**
   * Where a team lead says it is against where the phone was, and against
   * the project's pincodes (each pincode's centre and radius from the offline
   * directory). A pincode the directory does not know may be where the lead
   * is, so a project serving one is never called far.
   */
  async function locations(a: AssessInput): Promise<Found[]> {
    const found: Found[] = [];
    if (a.map_location && a.location) {
      const apart = distanceKm(a.map_location, a.location);
      if (apart > settings.far_from_device_km)
        found.push({ kind: RISK_SIGNAL.farLocation, reason: riskReasons.farFromDevice(km(apart)), evidence: evidence({}) });
    }
    const point = a.map_location ?? a.location;
    const served = point && deps.projectPincodes && deps.pincodes ? [...new Set(await deps.projectPincodes(a.job_id))] : [];
    const places = served.length && deps.pincodes ? await deps.pincodes.places(served) : new Map<string, PincodePlace>();
    if (point && served.length && places.size === served.length) {
      // The nearest pincode counts its radius off: a lead inside a sprawling rural pincode is not far from it.
      let nearest: { pincode: string; km: number; beyond: number } | undefined;
      for (const p of places.values()) {
        const d = distanceKm(point, p);
        if (!nearest || d - p.radius_km < nearest.beyond) nearest = { pincode: p.pincode, km: d, beyond: d - p.radius_km };
      }
      if (nearest && nearest.beyond > settings.far_from_pincodes_km)
        found.push({
          kind: RISK_SIGNAL.farLocation,
          reason: riskReasons.farFromPincodes(km(nearest.km), nearest.pincode),
          evidence: evidence({}),
        });
    }
    const accuracy = a.location?.accuracy_m;
    if (accuracy !== undefined && accuracy > settings.accuracy_meters)
      found.push({
        kind: RISK_SIGNAL.inaccurateLocation,
        reason: riskReasons.inaccurateLocation(Math.round(accuracy), settings.accuracy_meters),
        evidence: evidence({}),
      });
    return found;
  }

  function outsideHours(a: AssessInput): Found[] {
    const at = a.submitted_on ?? new Date();
    const { start, end } = a.lead_hours ?? { start: null, end: null };
    if (!start || !end || !outsideLeadHours(at, start, end)) return [];
    return [{ kind: RISK_SIGNAL.outsideHours, reason: riskReasons.outsideHours(istTimeOfDay(at), start, end), evidence: evidence({}) }];
  }

  async function ownIdentifier(a: AssessInput): Promise<Found[]> {
    const self = [a.partner_user_id, a.team_member_user_id].filter((x): x is number => x !== null);
    const rows = await mobileHolders(db, a.customer_mobile, self, 5);
    return rows.map((r) => ({
      kind: RISK_SIGNAL.ownIdentifier,
      reason: roleOf(r) === 'team member' ? riskReasons.ownMemberMobile(r.user_id) : riskReasons.ownPartnerMobile(r.user_id),
      evidence: evidence({ user_ids: [r.user_id] }),
    }));
  }

  async function sharedCustomer(a: AssessInput): Promise<Found[]> {
    const since = new Date(Date.now() - a.duplicate_window_days * 86_400_000);
    // Another partner's (or team member's) lead for this customer and project: the duplicate rule lets it through once the earlier lead was rejected.
    const rows = await otherSubmittersLeads(db, {
      customer_mobile: a.customer_mobile,
      job_id: a.job_id,
      since,
      form_response_id: a.form_response_id,
      partner_user_id: a.partner_user_id,
      team_member_user_id: a.team_member_user_id,
      limit: MAX_EVIDENCE,
    });
    if (!rows.length) return [];
    const ids = rows.map((r) => r.form_response_id);
    const who = [...new Set(rows.flatMap((r) => [r.partner_user_id, r.team_member_user_id]).filter((x): x is number => x !== null))];
    return [
      {
        kind: RISK_SIGNAL.sharedCustomer,
        reason: riskReasons.sharedCustomer(ids, a.duplicate_window_days),
        evidence: evidence({ form_response_ids: ids, user_ids: who }),
      },
    ];
  }

  async function burst(
    upTo: number,
    column: typeof leadOrigins.device_id | typeof leadOrigins.client_ip,
    value: string | undefined,
    threshold: number,
  ): Promise<number[] | null> {
    if (!value) return null;
    const since = new Date(Date.now() - settings.burst_minutes * 60_000);
    const rows = await db
      .select({ id: leadOrigins.form_response_id })
      .from(leadOrigins)
      .where(and(eq(column, value), gte(leadOrigins.created_on, since), lte(leadOrigins.form_response_id, upTo)))
      .orderBy(sql`${leadOrigins.created_on} desc`)
      .limit(Math.max(threshold, MAX_EVIDENCE));
    return rows.length >= threshold ? rows.map((r) => r.id) : null;
  }

  async function bursts(a: AssessInput): Promise<Found[]> {
    const found: Found[] = [];
    const device = await burst(a.form_response_id, leadOrigins.device_id, a.device_id, settings.device_burst_leads);
    if (device)
      found.push({
        kind: RISK_SIGNAL.deviceBurst,
        reason: riskReasons.deviceBurst(device.length, settings.burst_minutes),
        evidence: evidence({ form_response_ids: device }),
      });
    const address = await burst(a.form_response_id, leadOrigins.client_ip, a.ip, settings.address_burst_leads);
    if (address && a.ip)
      found.push({
        kind: RISK_SIGNAL.addressBurst,
        reason: riskReasons.addressBurst(address.length, settings.burst_minutes, a.ip),
        evidence: evidence({ form_response_ids: address }),
      });
    return found;
  }

  async function sameCoordinates(a: AssessInput): Promise<Found[]> {
    if (!a.location) return [];
    const { lat, lng } = a.location;
    // A box a little larger than the radius (a degree of latitude is ~111 km) narrows the rows; the distance decides.
    const dLat = settings.same_point_meters / 111_000 + 1e-9;
    const dLng = dLat / Math.max(0.01, Math.cos((lat * Math.PI) / 180));
    const since = new Date(Date.now() - settings.coordinates_days * 86_400_000);
    const rows = await db
      .select({ id: leadOrigins.form_response_id, lat: leadOrigins.lat, lng: leadOrigins.lng })
      .from(leadOrigins)
      .where(
        and(
          gte(leadOrigins.lat, lat - dLat),
          lte(leadOrigins.lat, lat + dLat),
          gte(leadOrigins.lng, lng - dLng),
          lte(leadOrigins.lng, lng + dLng),
          gte(leadOrigins.created_on, since),
          lte(leadOrigins.form_response_id, a.form_response_id),
        ),
      )
      .limit(200);
    const near = rows
      .filter(
        (r) => r.lat !== null && r.lng !== null && metersBetween(a.location!, { lat: r.lat, lng: r.lng }) <= settings.same_point_meters,
      )
      .map((r) => r.id);
    if (near.length < settings.same_coordinates_leads) return [];
    return [
      {
        kind: RISK_SIGNAL.sameCoordinates,
        reason: riskReasons.sameCoordinates(near.length, settings.coordinates_days),
        evidence: evidence({ form_response_ids: near }),
      },
    ];
  }

  /** sha256 of a stored file and, for an image, its difference hash; kept once per file. */
  async function fingerprint(fileId: number): Promise<{ sha256: string; dhash: string | null } | null> {
    const [known] = await db.select().from(fileFingerprints).where(eq(fileFingerprints.file_id, fileId)).limit(1);
    if (known)
      return { sha256: known.sha256, dhash: known.dhash === null ? null : BigInt.asUintN(64, known.dhash).toString(16).padStart(16, '0') };
    const file = await files.byId(fileId);
    if (!file || (file.size_bytes ?? 0) > MAX_HASHED_BYTES) return null;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of await storage.read(file.file_key)) {
      size += (chunk as Buffer).length;
      if (size > MAX_HASHED_BYTES) return null;
      chunks.push(chunk as Buffer);
    }
    const bytes = Buffer.concat(chunks);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const dhash = file.content_type.startsWith('image/') ? await photoHash(bytes) : null;
    await db
      .insert(fileFingerprints)
      .values({ file_id: fileId, sha256, dhash: dhash === null ? null : hashToBigint(dhash) })
      .onConflictDoNothing();
    return { sha256, dhash };
  }

  async function reusedFiles(a: AssessInput): Promise<Found[]> {
    const found: Found[] = [];
    for (const fileId of [...new Set(a.file_ids)]) {
      const print = await fingerprint(fileId);
      if (!print) continue;
      const rows = await leadsWithFileLike(db, {
        sha256: print.sha256,
        dhash: print.dhash === null ? null : hashToBigint(print.dhash),
        max_distance: settings.photo_hash_distance,
        form_response_id: a.form_response_id,
        limit: MAX_EVIDENCE,
      });
      if (!rows.length) continue;
      const ids = [...new Set(rows.map((r) => r.form_response_id))];
      const exact = rows.some((r) => r.exact);
      found.push({
        kind: RISK_SIGNAL.reusedFile,
        reason: exact ? riskReasons.reusedFileExact(ids) : riskReasons.reusedFileSimilar(ids),
        evidence: evidence({ form_response_ids: ids, file_ids: [fileId, ...new Set(rows.map((r) => r.file_id))] }),
      });
    }
    return found;
  }

  /** A project's decided leads over the window, kept a few minutes: a rate over 30 days hardly moves between two leads. */
  const projectDecided = new Map<string, { until: number; value: Promise<DecidedLeads> }>();
  function projectDecidedKept(
    read: (jobId: number, since: string) => Promise<DecidedLeads>,
    jobId: number,
    since: string,
  ): Promise<DecidedLeads> {
    const key = `${jobId}:${since}`;
    const now = Date.now();
    const kept = projectDecided.get(key);
    if (kept && kept.until > now) return kept.value;
    if (projectDecided.size > 5_000) projectDecided.clear();
    const value = read(jobId, since);
    projectDecided.set(key, { until: now + PROJECT_RATE_KEEP_MS, value });
    value.catch(() => projectDecided.delete(key));
    return value;
  }

  /** The partner's approval rate on the project over the window against the project's, from the dashboard's day rows. */
  async function lowApprovalRate(a: AssessInput): Promise<Found[]> {
    const read = deps.decidedOnProject;
    if (a.partner_user_id === null || !read) return [];
    const since = istDateString(new Date(Date.now() - (settings.approval_days - 1) * 86_400_000));
    const partner = await read(a.job_id, since, a.partner_user_id);
    // Most partners have too few decided leads to compare: the project's rows are then never read.
    if (partner.decided < settings.approval_min_decided) return [];
    const project = await projectDecidedKept(read, a.job_id, since);
    if (!lowApproval(partner, project, settings)) return [];
    return [
      {
        kind: RISK_SIGNAL.lowApprovalRate,
        reason: riskReasons.lowApprovalRate(a.partner_user_id, partner, project, settings.approval_days),
        evidence: evidence({ user_ids: [a.partner_user_id] }),
      },
    ];
  }

  async function partnerOnHold(a: AssessInput): Promise<Found[]> {
    if (a.partner_user_id === null) return [];
    const [held] = await db
      .select({ id: partnerRiskHolds.user_id })
      .from(partnerRiskHolds)
      .where(eq(partnerRiskHolds.user_id, a.partner_user_id))
      .limit(1);
    return held
      ? [
          {
            kind: RISK_SIGNAL.partnerOnHold,
            reason: riskReasons.partnerOnHold(a.partner_user_id),
            evidence: evidence({ user_ids: [a.partner_user_id] }),
          },
        ]
      : [];
  }

  /** Recomputes a lead's level from its signals not marked wrong. */
  async function relevel(formResponseId: number, tx: Pick<Db, 'select' | 'insert'> = db): Promise<{ level: RiskLevel; score: number }> {
    const standing = await tx
      .select({ kind: leadRiskSignals.kind })
      .from(leadRiskSignals)
      .where(and(eq(leadRiskSignals.form_response_id, formResponseId), isNull(leadRiskSignals.dismissed_on)));
    const r = riskLevel(
      standing.map((s) => s.kind as RiskSignalKind),
      settings,
    );
    await tx
      .insert(leadRisk)
      .values({ form_response_id: formResponseId, level: r.level, score: r.score })
      .onConflictDoUpdate({ target: leadRisk.form_response_id, set: { level: r.level, score: r.score, assessed_on: new Date() } });
    return r;
  }

  async function riskOf(formResponseId: number): Promise<LeadRisk> {
    const [row] = await db.select().from(leadRisk).where(eq(leadRisk.form_response_id, formResponseId)).limit(1);
    const signals = await db
      .select()
      .from(leadRiskSignals)
      .where(eq(leadRiskSignals.form_response_id, formResponseId))
      .orderBy(leadRiskSignals.signal_id);
    return {
      level: row?.level ?? RISK_LEVEL.none,
      score: row?.score ?? 0,
      signals: signals.map((s) => ({
        signal_id: s.signal_id,
        kind: s.kind as RiskSignalKind,
        reason: s.reason,
        evidence: s.evidence,
        weight: settings.weights[s.kind as RiskSignalKind] ?? 0,
        dismissed: s.dismissed_on !== null,
        dismissed_note: s.dismissed_note,
      })),
    };
  }

  const SUMMARY_DAYS = 30;

  async function partnerRisk(userId: number): Promise<PartnerRisk> {
    if (!(await userExists(db, userId))) throw notFound(say('ops.riskNotPartner'));
    const since = new Date(Date.now() - SUMMARY_DAYS * 86_400_000);
    const leads = await partnerLeadRisk(db, userId, since);
    const [held] = await db
      .select({ id: partnerRiskHolds.user_id })
      .from(partnerRiskHolds)
      .where(eq(partnerRiskHolds.user_id, userId))
      .limit(1);
    return {
      user_id: userId,
      days: SUMMARY_DAYS,
      leads: leads.leads,
      flagged: leads.flagged,
      by_kind: leads.by_kind.map((k) => ({ kind: k.kind as RiskSignalKind, leads: k.leads })),
      on_hold: !!held,
    };
  }

  /**
   * Computes a new lead's signals and level, after the lead committed; a
   * failure here never loses the lead, which then shows as not flagged.
   */
  async function assess(a: AssessInput): Promise<{ level: RiskLevel; score: number }> {
    await db
      .insert(leadOrigins)
      .values({
        form_response_id: a.form_response_id,
        device_id: a.device_id ?? null,
        client_ip: a.ip ?? null,
        lat: a.location?.lat ?? null,
        lng: a.location?.lng ?? null,
      })
      .onConflictDoNothing();
    const found = (
      await Promise.all([
        ownIdentifier(a),
        ownNumbers(a),
        locations(a),
        outsideHours(a),
        sharedCustomer(a),
        bursts(a),
        sameCoordinates(a),
        reusedFiles(a),
        lowApprovalRate(a),
        partnerOnHold(a),
      ])
    ).flat();
    return db.transaction(async (tx) => {
      const r = riskLevel(
        found.map((f) => f.kind),
        settings,
      );
      // The level row is claimed first: a lead assessed twice (a catch-up beside its own turn) keeps its first signals only.
      const [claimed] = await tx
        .insert(leadRisk)
        .values({ form_response_id: a.form_response_id, level: r.level, score: r.score })
        .onConflictDoNothing()
        .returning({ id: leadRisk.form_response_id });
      if (!claimed) return r;
      if (found.length)
        await tx
          .insert(leadRiskSignals)
          .values(found.map((f) => ({ form_response_id: a.form_response_id, kind: f.kind, reason: f.reason, evidence: f.evidence })));
      return r;
    });
  }

  /** Leads waiting for their assessment, taken in order a moment after their answers went out. */
  const waiting = createDelayedQueue<{ a: AssessInput; onError: (err: unknown) => void }>(async (next) => {
    try {
      await assess(next.a);
    } catch (err) {
      next.onError(err);
    }
  }, settings.assess_delay_ms);

  return {
    settings,
    assess,

    /**
     * Assesses a lead a moment after its answer went out: the submitter never
     * waits for the signals (a photo's hash reads the file), and the database
     * serves the next submits first. Whatever is queued is finished before
     * the server closes (`idle`).
     */
    enqueue(a: AssessInput, onError: (err: unknown) => void): void {
      waiting.enqueue({ a, onError });
    },

    /**
     * Leads of the last `hours` never assessed: their process ended before
     * their turn. Leads of the last minute are left to the process that took
     * them (their turn may still be queued there).
     */
    async unassessed(hours = 24, max = 1000): Promise<number[]> {
      const now = Date.now();
      return unassessedLeads(db, new Date(now - hours * 3_600_000), new Date(now - 60_000), max);
    },

    /** Assesses everything queued now and resolves once done. */
    idle: () => waiting.idle(),

    riskOf,

    /** The signals still standing on each of these leads (a queue page's), oldest first. */
    async standing(ids: number[]): Promise<Map<number, { kind: RiskSignalKind; reason: string }[]>> {
      const out = new Map<number, { kind: RiskSignalKind; reason: string }[]>();
      if (!ids.length) return out;
      const rows = await db
        .select({ id: leadRiskSignals.form_response_id, kind: leadRiskSignals.kind, reason: leadRiskSignals.reason })
        .from(leadRiskSignals)
        .where(and(inArray(leadRiskSignals.form_response_id, ids), isNull(leadRiskSignals.dismissed_on)))
        .orderBy(leadRiskSignals.signal_id);
      for (const r of rows) out.set(r.id, [...(out.get(r.id) ?? []), { kind: r.kind as RiskSignalKind, reason: r.reason }]);
      return out;
    },

    /** Ids among these leads that are high risk. */
    async highRisk(ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db
        .select({ id: leadRisk.form_response_id })
        .from(leadRisk)
        .where(and(inArray(leadRisk.form_response_id, ids), eq(leadRisk.level, RISK_LEVEL.high)));
      return rows.map((r) => r.id);
    },

    /** Ops mark a signal wrong: kept with who and why, audited, and the lead's level recomputed. */
    async dismiss(actor: number, formResponseId: number, signalId: number, note: string): Promise<LeadRisk> {
      await db.transaction(async (tx) => {
        const [signal] = await tx
          .select()
          .from(leadRiskSignals)
          .where(and(eq(leadRiskSignals.signal_id, signalId), eq(leadRiskSignals.form_response_id, formResponseId)))
          .for('update')
          .limit(1);
        if (!signal) throw notFound(say('ops.riskSignalNotFound'));
        if (signal.dismissed_on) throw new AppError('CONFLICT', say('ops.riskAlreadyDismissed'));
        const [before] = await tx.select().from(leadRisk).where(eq(leadRisk.form_response_id, formResponseId)).limit(1);
        await tx
          .update(leadRiskSignals)
          .set({ dismissed_by: actor, dismissed_on: new Date(), dismissed_note: note })
          .where(eq(leadRiskSignals.signal_id, signalId));
        const after = await relevel(formResponseId, tx);
        await audit.record(
          {
            actor_user_id: actor,
            action: 'lead.risk_signal_dismissed',
            entity_type: 'lead',
            entity_id: formResponseId,
            before: { signal_id: signalId, kind: signal.kind, reason: signal.reason, level: before?.level ?? RISK_LEVEL.none },
            after: { signal_id: signalId, note, level: after.level },
          },
          tx,
        );
      });
      return riskOf(formResponseId);
    },

    partnerRisk,

    /** Holds a partner's new leads for review, or stops; audited. */
    async setHold(actor: number, userId: number, onHold: boolean): Promise<PartnerRisk> {
      if (!(await userExists(db, userId))) throw notFound(say('ops.riskNotPartner'));
      await db.transaction(async (tx) => {
        const [held] = await tx
          .select({ id: partnerRiskHolds.user_id })
          .from(partnerRiskHolds)
          .where(eq(partnerRiskHolds.user_id, userId))
          .limit(1);
        if (!!held === onHold) return;
        if (onHold) await tx.insert(partnerRiskHolds).values({ user_id: userId, held_by: actor }).onConflictDoNothing();
        else await tx.delete(partnerRiskHolds).where(eq(partnerRiskHolds.user_id, userId));
        await audit.record(
          {
            actor_user_id: actor,
            action: onHold ? 'partner.risk_hold' : 'partner.risk_release',
            entity_type: 'user',
            entity_id: userId,
            before: { on_hold: !!held },
            after: { on_hold: onHold },
          },
          tx,
        );
      });
      return partnerRisk(userId);
    },
  };
}
export type RiskService = ReturnType<typeof createRiskService>;
