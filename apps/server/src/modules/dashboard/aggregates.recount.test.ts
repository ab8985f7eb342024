import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  DASHBOARD_DAILY_MAX_DAYS,
  approvalRate,
  bucketOf,
  bucketsBetween,
  dashboardSchema,
  daysBetween,
  previousPeriod,
  teamDashboardSchema,
} from '@pmw/contract/dashboard';
import { LEAD_ACTION_APPROVAL_UNDONE } from '@pmw/contract/ops';
import { LEAD_ACTIONS_DECIDED, opsDashboardSchema } from '@pmw/contract/ops-dashboard';
import { LEAD_STATUS, LEAD_ARCHIVE_STATUS } from '@pmw/contract/lead-status';
import { PAYOUT_RUN_REF_TYPE } from '@pmw/contract/partner';
import { istDateString, istDayStart } from '@pmw/contract/time';
import { formResponses } from '../../db/schema/index';
import { LEAD_REF_TYPE } from '../ops/lead-verification.service';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { DEMO } from '../../seed/demo-ids';
import { TEAM_DEMO } from '../../seed/team.seed';

/**
 * Every dashboard figure (the partner's, the team manager's, the ops
 * console's, and the day rows they read) against a recount from the raw
 * tables, after a randomised week of visits, leads, approvals (some undone at
 * once), rejections (reversing an approval's credit), expiry and payout runs,
 * concurrent within each day. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const ADMIN = 100;
const ASHA = DEMO.asha.user_id;
const RAVI = DEMO.ravi.user_id;
const PARTNERS = [ASHA, RAVI];
/** Team members and their teams: Asha manages team 1 (Meena, and Suresh who is blocked), Ravi team 2 (Kiran). */
const MEMBERS = [
  { user_id: TEAM_DEMO.meena.user_id, team_id: 1 },
  { user_id: TEAM_DEMO.blocked.user_id, team_id: 1 },
  { user_id: TEAM_DEMO.kiran.user_id, team_id: 2 },
];
const FORMS = [201, 202, 203];
const PAGES = [0, ...FORMS];
const DAY_MS = 86_400_000;
const DAYS = 7;

let t: TestApp;
const cookies = new Map<number, string>();
let ops: string;

beforeAll(async () => {
  t = await createTestApp();
  cookies.set(ASHA, await loginWorker(t, DEMO.asha.mobile));
  cookies.set(RAVI, await loginWorker(t, DEMO.ravi.mobile));
  ops = await loginOps(t);
});
afterAll(async () => t.close());

const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const get = async (url: string, cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data;
};
const today = istDateString(new Date());
const dayOf = (offset: number) => istDateString(new Date(istDayStart(today).getTime() + offset * DAY_MS));
const counts = (m: Map<string, number>, key: string, by = 1) => m.set(key, (m.get(key) ?? 0) + by);

/** Each visit that should count: a device on a partner's page on a day, with the source of its first visit. */
const counted = new Map<string, string>();
const visitKey = (partner: number, day: string, page: number) => `${partner}|${day}|${page}`;

/** The randomised week: a seeded generator so a failure can be run again. */
async function randomisedWeek(seed: number) {
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const leads: number[] = [];
  let made = 0;
  const v = t.services.ops.verification;
  const createLead = async (at: Date) => {
    const i = made++;
    const team = rand(3) === 0 ? MEMBERS[rand(MEMBERS.length)]! : null;
    const { lead } = await t.services.leads.createLead({
      form: { form_id: FORMS[rand(FORMS.length)]! },
      values: [
        { input_id: 1, value: `95${String(300000 + i).padStart(8, '0')}` },
        { input_id: 2, value: `Recount ${i}` },
        { input_id: 3, value: 'ABCPC1234K' },
        { input_id: 4, value: 'Pune' },
      ],
      attribution: team
        ? { team_member_user_id: team.user_id, team_id: team.team_id }
        : { partner_user_id: PARTNERS[rand(PARTNERS.length)]! },
      uploader: { kind: 'customer', id: 0 },
      idempotency_key: `recount-${i}`,
    });
    // The lead came in on the day being played (it is made now, then moved to its hour, as an old lead is).
    await t.database.db.update(formResponses).set({ created_on: at }).where(eq(formResponses.form_response_id, lead.form_response_id));
    leads.push(lead.form_response_id);
  };

  for (let offset = -(DAYS - 1); offset <= 0; offset++) {
    const day = dayOf(offset);
    const start = istDayStart(day).getTime();
    // Visits in the order they happen (the day's devices are only remembered until the day after next).
    for (let i = 0; i < 12; i++) {
      const partner = PARTNERS[rand(PARTNERS.length)]!;
      const page = PAGES[rand(PAGES.length)]!;
      const visitor = `recount-device-${rand(5)}-0123456789`;
      const source = ['', 'whatsapp_group', 'sms'][rand(3)]!;
      const at = new Date(start + i * 3_600_000 + rand(3_000_000));
      const was = await t.services.dashboard.recordVisit({ partner_user_id: partner, job_id: page, source, visitor, at });
      const key = `${visitKey(partner, day, page)}|${visitor}`;
      expect(was, key).toBe(!counted.has(key));
      if (!counted.has(key)) counted.set(key, source);
    }
    for (let i = 0; i < 6; i++) await createLead(new Date(start + (13 + i) * 3_600_000));
    // The day's decisions, all at once as several agents would make them.
    const work: Promise<unknown>[] = [];
    for (let step = 0; step < 8; step++) {
      const pick = () => leads[rand(leads.length)]!;
      const action = rand(10);
      if (action < 4) {
        // Some approvals are undone at once, within the window, as an agent who clicked the wrong lead would.
        const undo = rand(3) === 0;
        work.push(
          v
            .approve(ADMIN, [pick(), pick()], { confirmHighRisk: true })
            .then((r) => r.results.filter((x) => x.changed).map((x) => x.form_response_id))
            .then((ids) => (undo && ids.length ? v.undoApproval(ADMIN, ids) : undefined)),
        );
      }
      // Rejecting an approved lead reverses its credit.
      else if (action < 6) work.push(v.reject(ADMIN, [pick()], 'Random check'));
      else if (action < 7) work.push(v.needsDetails(ADMIN, [pick()], 'Add the PAN photo').catch(() => undefined));
      else if (action < 8) work.push(t.services.ops.expiry.runIfDue({ force: true, actor: ADMIN }));
      else work.push(createLead(new Date(start + 20 * 3_600_000)));
    }
    await Promise.all(work);
    // A payout run every other day pays whoever is due.
    if (offset % 2 === 0) await t.services.ops.payouts.run(ADMIN, { request_key: `recount-run-${offset}` });
  }
  return leads.length;
}

/** A partner's or team's day rows that differ from a recount of the leads: none, always. */
async function dayRowDrift() {
  const partner = await rows<{ key: string }>(sql`
    with counted as (
      select partner_user_id, (created_on at time zone 'Asia/Kolkata')::date as day, job_id,
        count(*)::int as leads,
        (count(*) filter (where status = ${LEAD_STATUS.approved}))::int as approved,
        (count(*) filter (where status = ${LEAD_STATUS.approved} and payout_paise > 0))::int as paid,
        coalesce(sum(payout_paise) filter (where status = ${LEAD_STATUS.approved}), 0)::bigint as approved_paise,
        coalesce(sum(payout_paise) filter (where status = ${LEAD_STATUS.pending} and archive_status = ${LEAD_ARCHIVE_STATUS.live}), 0)::bigint as pending_paise,
        (count(*) filter (where status = ${LEAD_STATUS.rejected}))::int as rejected,
        (count(*) filter (where status = ${LEAD_STATUS.pending} and archive_status = ${LEAD_ARCHIVE_STATUS.expired}))::int as expired
      from form_responses where partner_user_id is not null group by 1, 2, 3
    )
    select concat_ws('|', coalesce(c.partner_user_id, d.partner_user_id), coalesce(c.day, d.day), coalesce(c.job_id, d.job_id)) as key
    from counted c full outer join partner_days d using (partner_user_id, day, job_id)
    where (coalesce(c.leads, 0), coalesce(c.approved, 0), coalesce(c.paid, 0), coalesce(c.approved_paise, 0), coalesce(c.pending_paise, 0),
           coalesce(c.rejected, 0), coalesce(c.expired, 0))
      is distinct from (coalesce(d.leads, 0), coalesce(d.approved, 0), coalesce(d.paid, 0), coalesce(d.approved_paise, 0),
           coalesce(d.pending_paise, 0), coalesce(d.rejected, 0), coalesce(d.expired, 0))`);
  const team = await rows<{ key: string }>(sql`
    with counted as (
      select coalesce(team_id, 0) as team_id, team_member_user_id as member_user_id, (created_on at time zone 'Asia/Kolkata')::date as day, job_id,
        count(*)::int as leads,
        (count(*) filter (where status = ${LEAD_STATUS.approved}))::int as approved,
        (count(*) filter (where status = ${LEAD_STATUS.rejected}))::int as rejected,
        (count(*) filter (where status = ${LEAD_STATUS.approved} and payout_paise > 0))::int as paid,
        coalesce(sum(payout_paise) filter (where status = ${LEAD_STATUS.approved}), 0)::bigint as approved_paise,
        coalesce(sum(payout_paise) filter (where status = ${LEAD_STATUS.pending} and archive_status = ${LEAD_ARCHIVE_STATUS.live}), 0)::bigint as pending_paise,
        (count(*) filter (where status = ${LEAD_STATUS.pending} and archive_status = ${LEAD_ARCHIVE_STATUS.expired}))::int as expired
      from form_responses where team_member_user_id is not null group by 1, 2, 3, 4
    )
    select concat_ws('|', coalesce(c.team_id, d.team_id), coalesce(c.member_user_id, d.member_user_id), coalesce(c.day, d.day)) as key
    from counted c full outer join team_days d using (team_id, member_user_id, day, job_id)
    where (coalesce(c.leads, 0), coalesce(c.approved, 0), coalesce(c.rejected, 0), coalesce(c.paid, 0), coalesce(c.approved_paise, 0),
           coalesce(c.pending_paise, 0), coalesce(c.expired, 0))
      is distinct from (coalesce(d.leads, 0), coalesce(d.approved, 0), coalesce(d.rejected, 0), coalesce(d.paid, 0), coalesce(d.approved_paise, 0),
           coalesce(d.pending_paise, 0), coalesce(d.expired, 0))`);
  return { partner: partner.map((r) => r.key), team: team.map((r) => r.key) };
}

type LeadRow = {
  partner_user_id: number | null;
  team_id: number | null;
  member: number | null;
  day: string;
  job_id: number;
  status: number;
  archive_status: number;
  payout_paise: number;
};
const allLeads = () =>
  rows<LeadRow>(sql`
    select partner_user_id, team_id, team_member_user_id as member, (created_on at time zone 'Asia/Kolkata')::date::text as day, job_id,
      status, archive_status, payout_paise::int as payout_paise
    from form_responses`);
const isApproved = (l: LeadRow) => l.status === LEAD_STATUS.approved;
const isRejected = (l: LeadRow) => l.status === LEAD_STATUS.rejected;
const isExpired = (l: LeadRow) => l.status === LEAD_STATUS.pending && l.archive_status === LEAD_ARCHIVE_STATUS.expired;
const isPendingLive = (l: LeadRow) => l.status === LEAD_STATUS.pending && l.archive_status === LEAD_ARCHIVE_STATUS.live;

/** Visits counted before the run (the demo's, whose devices are long forgotten), as stored. */
let earlierVisits: { partner: number; day: string; page: number; source: string; n: number }[] = [];

/** Visits per partner and day, and per partner, day and page: the earlier ones and every device seen in the run. */
function visitsOf(partner: number, from: string, to: string) {
  let total = 0;
  const byDay = new Map<string, number>();
  const byPage = new Map<number, number>();
  const add = (day: string, page: number, n: number) => {
    if (day < from || day > to) return;
    total += n;
    counts(byDay, day, n);
    byPage.set(page, (byPage.get(page) ?? 0) + n);
  };
  for (const v of earlierVisits) if (v.partner === partner) add(v.day, v.page, v.n);
  for (const key of counted.keys()) {
    const [p, day, page] = key.split('|');
    if (Number(p) === partner) add(day!, Number(page), 1);
  }
  return { total, byDay, byPage };
}

/** The partner's money recounted from the ledger rows themselves. */
async function ledgerOf(user: number) {
  const [r] = await rows<{ balance: string; earned: string; paid: string }>(sql`
    select
      coalesce(sum(case when type = 1 then amount_paise else -amount_paise end), 0)::text as balance,
      coalesce(sum(case when type = 1 then amount_paise else -amount_paise end) filter (where ref_type = ${LEAD_REF_TYPE}), 0)::text as earned,
      coalesce(sum(case when type = 2 then amount_paise else -amount_paise end)
        filter (where ref_type = ${PAYOUT_RUN_REF_TYPE} and idempotency_key not like 'payout-tds%'), 0)::text as paid
    from wallet_transactions where user_id = ${user}`);
  return { balance: Number(r!.balance), earned: Number(r!.earned), paid: Number(r!.paid) };
}

const PERIODS: ({ start_date: string; end_date: string } | null)[] = [
  null,
  { start_date: dayOf(-2), end_date: today },
  { start_date: dayOf(-DAYS + 1), end_date: dayOf(-DAYS + 1) },
  { start_date: dayOf(-DAYS + 1), end_date: today },
];
const query = (p: { start_date: string; end_date: string } | null) => (p ? `?start_date=${p.start_date}&end_date=${p.end_date}` : '');

describe('dashboard figures against recounts', () => {
  it('stay equal after a randomised week of visits, leads, decisions, undos, reversals, expiry and payout runs', async () => {
    expect(await dayRowDrift()).toEqual({ partner: [], team: [] });
    earlierVisits = await rows<(typeof earlierVisits)[number]>(sql`
      select partner_user_id as partner, day::text as day, job_id as page, source, n from visit_counts where n <> 0`);
    const made = await randomisedWeek(20261128);
    expect(made).toBeGreaterThan(DAYS * 6);
    // The run did what it is meant to: approvals reversed by a rejection, payout runs that paid, team members' leads.
    const [covered] = await rows<{ reversals: number; undone: number; paid_items: number; team_leads: number }>(sql`
      select
        (select count(*)::int from wallet_transactions where idempotency_key like 'lead:%:reversal:%') as reversals,
        (select count(*)::int from audit_log where action = ${LEAD_ACTION_APPROVAL_UNDONE}) as undone,
        (select count(*)::int from payout_run_items i join payout_runs r using (payout_run_id)
          where r.request_key like 'recount-run-%' and i.amount_paise > 0) as paid_items,
        (select count(*)::int from form_responses where team_member_user_id is not null) as team_leads`);
    expect(covered!.reversals, 'reversals').toBeGreaterThan(0);
    expect(covered!.undone, 'approvals undone').toBeGreaterThan(0);
    expect(covered!.paid_items, 'payout items').toBeGreaterThan(0);
    expect(covered!.team_leads, 'team leads').toBeGreaterThan(0);
    expect(await dayRowDrift()).toEqual({ partner: [], team: [] });

    // The visit counters: one per device, page and day, by the source of its first visit.
    const stored = await rows<{ key: string; n: number }>(sql`
      select concat_ws('|', partner_user_id, day, job_id, source) as key, n from visit_counts`);
    const expected = new Map<string, number>();
    for (const v of earlierVisits) counts(expected, `${v.partner}|${v.day}|${v.page}|${v.source}`, v.n);
    for (const [key, source] of counted) counts(expected, `${key.split('|').slice(0, 3).join('|')}|${source}`);
    expect(new Map(stored.filter((r) => r.n !== 0).map((r) => [r.key, r.n]))).toEqual(expected);

    const leads = await allLeads();
    const within = (l: LeadRow, from: string, to: string) => l.day >= from && l.day <= to;
    const totalsOf = (ls: LeadRow[]) => ({
      leads: ls.length,
      approved: ls.filter(isApproved).length,
      earned_paise: ls.filter(isApproved).reduce((s, l) => s + l.payout_paise, 0),
    });

    for (const partner of PARTNERS) {
      const mine = leads.filter((l) => l.partner_user_id === partner);
      const firstDay = mine.reduce((min, l) => (l.day < min ? l.day : min), today);
      for (const period of PERIODS) {
        const d = dashboardSchema.parse(await get(`/partner/dashboard${query(period)}`, cookies.get(partner)!));
        const firstVisit = [
          ...[...counted.keys()].filter((k) => Number(k.split('|')[0]) === partner).map((k) => k.split('|')[1]!),
          ...earlierVisits.filter((v) => v.partner === partner).map((v) => v.day),
        ];
        const from = period?.start_date ?? [firstDay, ...firstVisit].sort()[0]!;
        const to = period?.end_date ?? today;
        const inPeriod = mine.filter((l) => within(l, from, to));
        const visits = visitsOf(partner, from, to);
        const what = `partner ${partner} ${from}..${to}`;
        expect({ visits: d.visits, leads: d.leads, approved: d.approved, earned_paise: d.earned_paise }, what).toEqual({
          visits: visits.total,
          ...totalsOf(inPeriod),
        });
        if (period) {
          const before = previousPeriod(period.start_date, period.end_date);
          const prev = mine.filter((l) => within(l, before.start_date, before.end_date));
          expect(d.previous, `${what} before`).toEqual({
            visits: visitsOf(partner, before.start_date, before.end_date).total,
            ...totalsOf(prev),
          });
        }
        expect(d.bucket).toBe(daysBetween(from, to) > DASHBOARD_DAILY_MAX_DAYS ? 'week' : 'day');
        expect(d.series, `${what} by day`).toEqual(
          bucketsBetween(from, to, d.bucket).map((date) => ({
            date,
            visits: [...visits.byDay].reduce((n, [day, v]) => (bucketOf(day, d.bucket) === date ? n + v : n), 0),
            ...totalsOf(inPeriod.filter((l) => bucketOf(l.day, d.bucket) === date)),
          })),
        );
        const jobs = new Set([...inPeriod.map((l) => l.job_id), ...[...visits.byPage.keys()].filter((page) => page !== 0)]);
        const funnel = [...jobs]
          .sort((a, b) => a - b)
          .map((job_id) => {
            const ls = inPeriod.filter((l) => l.job_id === job_id);
            return {
              job_id,
              visits: visits.byPage.get(job_id) ?? 0,
              leads: ls.length,
              approved: ls.filter(isApproved).length,
              paid: ls.filter((l) => isApproved(l) && l.payout_paise > 0).length,
            };
          })
          .filter((f) => f.visits || f.leads || f.approved);
        expect(
          d.funnel.map(({ slug_name: _slug, ...f }) => f).sort((a, b) => a.job_id - b.job_id),
          `${what} per product`,
        ).toEqual(funnel);
        const ledger = await ledgerOf(partner);
        expect(d.money, `${what} money`).toMatchObject({
          pending_paise: mine.filter(isPendingLive).reduce((s, l) => s + l.payout_paise, 0),
          approved_paise: ledger.earned,
          payable_paise: ledger.balance,
          paid_paise: ledger.paid,
        });
      }
    }

    // Each manager's team: Asha manages team 1, Ravi team 2.
    for (const [manager, team_id] of [
      [ASHA, 1],
      [RAVI, 2],
    ] as const) {
      const theirs = leads.filter((l) => l.member !== null && (l.team_id ?? 0) === team_id);
      const firstDay = theirs.reduce((min, l) => (l.day < min ? l.day : min), today);
      for (const period of PERIODS) {
        const d = teamDashboardSchema.parse(await get(`/partner/team/dashboard${query(period)}`, cookies.get(manager)!));
        const from = period?.start_date ?? firstDay;
        const to = period?.end_date ?? today;
        const what = `team ${team_id} ${from}..${to}`;
        const inPeriod = theirs.filter((l) => within(l, from, to));
        expect({ leads: d.leads, approved: d.approved, earned_paise: d.earned_paise }, what).toEqual(totalsOf(inPeriod));
        if (period) {
          const before = previousPeriod(period.start_date, period.end_date);
          expect(d.previous, `${what} before`).toEqual(totalsOf(theirs.filter((l) => within(l, before.start_date, before.end_date))));
        }
        expect(d.series, `${what} by day`).toEqual(
          bucketsBetween(from, to, d.bucket).map((date) => ({
            date,
            ...totalsOf(inPeriod.filter((l) => bucketOf(l.day, d.bucket) === date)),
          })),
        );
        expect(
          d.funnel.map(({ slug_name: _slug, ...f }) => f).sort((a, b) => a.job_id - b.job_id),
          `${what} per product`,
        ).toEqual(
          [...new Set(inPeriod.map((l) => l.job_id))]
            .sort((a, b) => a - b)
            .map((job_id) => {
              const ls = inPeriod.filter((l) => l.job_id === job_id);
              return {
                job_id,
                leads: ls.length,
                approved: ls.filter(isApproved).length,
                paid: ls.filter((l) => isApproved(l) && l.payout_paise > 0).length,
              };
            })
            .filter((f) => f.leads || f.approved),
        );
        for (const m of d.members) {
          const ls = inPeriod.filter((l) => l.member === m.user_id);
          const approved = ls.filter(isApproved).length;
          const rejected = ls.filter(isRejected).length;
          expect(
            { leads: m.leads, approved: m.approved, rejected: m.rejected, approval_rate: m.approval_rate, earned_paise: m.earned_paise },
            `${what} member ${m.user_id}`,
          ).toEqual({
            leads: ls.length,
            approved,
            rejected,
            approval_rate: approvalRate(approved, rejected),
            earned_paise: totalsOf(ls).earned_paise,
          });
        }
        expect(d.money, `${what} money`).toEqual({
          pending_paise: theirs.filter(isPendingLive).reduce((s, l) => s + l.payout_paise, 0),
          approved_paise: theirs.filter(isApproved).reduce((s, l) => s + l.payout_paise, 0),
        });
      }
    }

    // The ops console: every partner's and team member's lead by the day it came in and its state now.
    for (const period of PERIODS.filter((p) => p !== null)) {
      const d = opsDashboardSchema.parse(await get(`/ops/dashboard${query(period)}`, ops));
      const attributed = leads.filter((l) => l.partner_user_id !== null || l.member !== null);
      expect(d.days, `ops ${period.start_date}..${period.end_date}`).toEqual(
        bucketsBetween(period.start_date, period.end_date, 'day').map((date) => {
          const ls = attributed.filter((l) => l.day === date);
          const approved = ls.filter(isApproved).length;
          const rejected = ls.filter(isRejected).length;
          const expired = ls.filter(isExpired).length;
          return { date, pending: ls.length - approved - rejected - expired, approved, rejected, expired };
        }),
      );
      const [ages] = await rows<{ total: number }>(
        sql`select count(*)::int as total from form_responses where status = ${LEAD_STATUS.pending} and archive_status = ${LEAD_ARCHIVE_STATUS.live}`,
      );
      expect(d.pending_age.total).toBe(ages!.total);
      // Each agent's decisions made in the period (all made today): an approval undone is no approval.
      const decided = await rows<{ user_id: number; approved: number; rejected: number }>(sql`
        select a.actor_user_id as user_id,
          (count(*) filter (where a.action = ${LEAD_ACTIONS_DECIDED.approved} and not exists (
            select 1 from audit_log u
            where u.entity_type = 'lead' and u.entity_id = a.entity_id and u.action = ${LEAD_ACTION_APPROVAL_UNDONE} and u.audit_id > a.audit_id
              and not exists (
                select 1 from audit_log later
                where later.entity_type = 'lead' and later.entity_id = a.entity_id and later.action = ${LEAD_ACTIONS_DECIDED.approved}
                  and later.audit_id > a.audit_id and later.audit_id < u.audit_id))))::int as approved,
          (count(*) filter (where a.action = ${LEAD_ACTIONS_DECIDED.rejected}))::int as rejected
        from audit_log a
        where a.entity_type = 'lead' and a.action in (${LEAD_ACTIONS_DECIDED.approved}, ${LEAD_ACTIONS_DECIDED.rejected})
          and a.created_on >= ${istDayStart(period.start_date).toISOString()}
          and a.created_on < ${new Date(istDayStart(period.end_date).getTime() + DAY_MS).toISOString()}
        group by 1 order by 1`);
      expect(
        d.agents.map(({ user_id, approved, rejected }) => ({ user_id, approved, rejected })).sort((a, b) => a.user_id - b.user_id),
        `ops agents ${period.start_date}..${period.end_date}`,
      ).toEqual(decided);
    }
  }, 300_000);
});
