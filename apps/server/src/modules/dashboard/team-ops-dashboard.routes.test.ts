import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { teamDashboardSchema } from '@pmw/contract/dashboard';
import { opsDashboardSchema } from '@pmw/contract/ops-dashboard';
import { payoutPreviewSchema } from '@pmw/contract/ops';
import { istDateString } from '@pmw/contract/time';
import { PAYOUT_SCHEDULE_DEFAULT, nextPayoutRun, parsePayoutSchedule } from '@pmw/contract/payout-schedule';
import { buildApp } from '../../app';
import { openPglite } from '../../db/client';
import { formResponses } from '../../db/schema/index';
import { createProviders } from '../../providers/index';
import { createAdmin } from '../../create-admin';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { testConfig } from '../../../test/test-config';
import { loginSupportAgent } from '../ops/ops-fixtures.test-helper';
import { DEMO } from '../../seed/demo-ids';
import { TEAM_DEMO } from '../../seed/team.seed';

let t: TestApp;
let asha: string;
let ravi: string;
let ops: string;
beforeAll(async () => {
  t = await createTestApp();
  [asha, ravi, ops] = await Promise.all([loginWorker(t, DEMO.asha.mobile), loginWorker(t, DEMO.ravi.mobile), loginOps(t)]);
});
afterAll(async () => t.close());

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: cookie ? { cookie } : {} });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

/** A lead made by hand on an IST day, as intake and verification would have left it. */
type HandLead = {
  day: string;
  job: number;
  status: 0 | 1 | 2;
  expired?: boolean;
  payout?: number;
} & ({ partner: number } | { member: number; team: number });
let next = 0;
async function addLeads(leads: HandLead[]) {
  await t.database.db.insert(formResponses).values(
    leads.map((l) => ({
      form_id: l.job,
      job_id: l.job,
      ...('partner' in l ? { partner_user_id: l.partner } : { team_member_user_id: l.member, team_id: l.team }),
      customer_name: 'Hand Made',
      customer_mobile: `90000${String(++next).padStart(5, '0')}`,
      status: l.status,
      archive_status: l.expired ? 1 : 0,
      payout_paise: l.payout ?? 5000,
      // Noon IST on the day.
      created_on: new Date(`${l.day}T06:30:00Z`),
    })),
  );
}

const MEENA = TEAM_DEMO.meena.user_id;
const SURESH = TEAM_DEMO.blocked.user_id;
const KIRAN = TEAM_DEMO.kiran.user_id;
const team1 = (member: number) => ({ member, team: 1 });

describe('the team dashboard', () => {
  beforeAll(async () => {
    await addLeads([
      { ...team1(MEENA), day: '2025-03-02', job: 201, status: 1 },
      { ...team1(MEENA), day: '2025-03-02', job: 201, status: 1 },
      { ...team1(MEENA), day: '2025-03-02', job: 201, status: 2 },
      { ...team1(MEENA), day: '2025-03-05', job: 202, status: 0, payout: 7000 },
      { ...team1(SURESH), day: '2025-03-03', job: 201, status: 1 },
      { ...team1(SURESH), day: '2025-03-03', job: 201, status: 0, expired: true },
      // The week before.
      { ...team1(MEENA), day: '2025-02-25', job: 201, status: 1 },
      // Another team's and a partner's own: never in TEAM01's numbers.
      ...[1, 2, 3, 4].map(() => ({ member: KIRAN, team: 2, day: '2025-03-02', job: 201, status: 1 as const })),
      { partner: DEMO.asha.user_id, day: '2025-03-04', job: 201, status: 2 },
      { partner: DEMO.asha.user_id, day: '2025-03-04', job: 201, status: 0 },
    ]);
  });

  it('adds up the period and the one before, by day, per product and per member, ranked by approved leads', async () => {
    const res = await get('/partner/team/dashboard?start_date=2025-03-01&end_date=2025-03-07', asha);
    expect(res.statusCode, res.body).toBe(200);
    const d = teamDashboardSchema.parse(body(res).data);
    expect(d).toMatchObject({ team_code: 'TEAM01', leads: 6, approved: 3, earned_paise: 15000, bucket: 'day' });
    expect(d.previous).toEqual({ leads: 1, approved: 1, earned_paise: 5000 });
    expect(d.series.map((s) => s.date)).toEqual([
      '2025-03-01',
      '2025-03-02',
      '2025-03-03',
      '2025-03-04',
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
    ]);
    expect(d.series.find((s) => s.date === '2025-03-02')).toEqual({ date: '2025-03-02', leads: 3, approved: 2, earned_paise: 10000 });
    expect(d.series.find((s) => s.date === '2025-03-04')).toEqual({ date: '2025-03-04', leads: 0, approved: 0, earned_paise: 0 });
    expect(d.funnel).toEqual([
      { job_id: 201, slug_name: expect.any(String), leads: 5, approved: 3, paid: 3 },
      { job_id: 202, slug_name: expect.any(String), leads: 1, approved: 0, paid: 0 },
    ]);
    expect(d.members.map((m) => [m.user_id, m.leads, m.approved, m.rejected, m.approval_rate, m.earned_paise])).toEqual([
      [MEENA, 4, 2, 1, 67, 10000],
      [SURESH, 2, 1, 0, 100, 5000],
    ]);
    expect(d.members[1]!.blocked).toBe(true);
  });

  it("keeps the team's money by state equal to its leads", async () => {
    const d = teamDashboardSchema.parse(body(await get('/partner/team/dashboard', asha)).data);
    const [recount] = await rows<{ pending: string; approved: string; leads: number }>(sql`
      select coalesce(sum(payout_paise) filter (where status = 0 and archive_status = 0), 0)::text as pending,
        coalesce(sum(payout_paise) filter (where status = 1), 0)::text as approved, count(*)::int as leads
      from form_responses where team_id = 1 and team_member_user_id is not null`);
    expect(d.money).toEqual({ pending_paise: Number(recount!.pending), approved_paise: Number(recount!.approved) });
    // "All": from the team's first lead, so every lead is counted.
    expect(d.leads).toBe(recount!.leads);
    expect(d.start_date).toBeNull();
  });

  it("shows a manager only their own team, and nobody else's", async () => {
    const r = teamDashboardSchema.parse(body(await get('/partner/team/dashboard?start_date=2025-03-01&end_date=2025-03-07', ravi)).data);
    expect(r.team_code).toBe('TEAM02');
    expect(r.members.map((m) => m.user_id)).toEqual([KIRAN]);
    expect(r).toMatchObject({ leads: 4, approved: 4, earned_paise: 20000 });
    // A partner who manages no team, a team member, an ops agent, nobody.
    const other = await loginWorker(t, '9876500003');
    expect((await get('/partner/team/dashboard', other)).statusCode).toBe(403);
    expect((await get('/partner/team/dashboard', ops)).statusCode).toBe(401);
    expect((await get('/partner/team/dashboard', '')).statusCode).toBe(401);
  });

  it('refuses dates in the wrong order at the field', async () => {
    const res = await get('/partner/team/dashboard?start_date=2025-03-07&end_date=2025-03-01', asha);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toMatch(/date/i);
  });
});

describe('the ops dashboard', () => {
  it('counts every lead of a period by day and state, partners and teams alike', async () => {
    const res = await get('/ops/dashboard?start_date=2025-03-01&end_date=2025-03-07', ops);
    expect(res.statusCode, res.body).toBe(200);
    const d = opsDashboardSchema.parse(body(res).data);
    const day = (date: string) => d.days.find((x) => x.date === date);
    expect(d.days).toHaveLength(7);
    expect(day('2025-03-02')).toEqual({ date: '2025-03-02', pending: 0, approved: 6, rejected: 1, expired: 0 });
    expect(day('2025-03-03')).toEqual({ date: '2025-03-03', pending: 0, approved: 1, rejected: 0, expired: 1 });
    expect(day('2025-03-04')).toEqual({ date: '2025-03-04', pending: 1, approved: 0, rejected: 1, expired: 0 });
    expect(day('2025-03-05')).toEqual({ date: '2025-03-05', pending: 1, approved: 0, rejected: 0, expired: 0 });
    expect(d.totals).toEqual({ pending: 2, approved: 7, rejected: 2, expired: 1 });
  });

  it('answers the last two weeks by default, with pending ages, decisions per agent, the next payout run and support equal to recounts', async () => {
    // An agent's decision today is counted for them.
    const [lead] = await rows<{ id: number }>(
      sql`select form_response_id as id from form_responses where status = 0 and archive_status = 0 and partner_user_id is not null order by form_response_id limit 1`,
    );
    const approved = await t.app.inject({
      method: 'POST',
      url: '/api/v2/ops/leads/approve',
      headers: { cookie: ops },
      payload: { form_response_ids: [lead!.id], confirm_high_risk: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const d = opsDashboardSchema.parse(body(await get('/ops/dashboard', ops)).data);
    expect(d.end_date).toBe(istDateString(new Date()));
    expect(d.days).toHaveLength(14);

    const [ages] = await rows<{ total: number; d1: number; d3: number; d7: number; oldest: string | null }>(sql`
      select count(*)::int as total,
        (count(*) filter (where created_on < now() - interval '1 day'))::int as d1,
        (count(*) filter (where created_on < now() - interval '3 days'))::int as d3,
        (count(*) filter (where created_on < now() - interval '7 days'))::int as d7,
        min(created_on) as oldest
      from form_responses where status = 0 and archive_status = 0`);
    expect(d.pending_age).toEqual({
      total: ages!.total,
      over_1_day: ages!.d1,
      over_3_days: ages!.d3,
      over_7_days: ages!.d7,
      oldest_created_on: new Date(ages!.oldest!).toISOString(),
    });
    // The hand-made pending leads of March 2025 have waited more than a week.
    expect(d.pending_age.over_7_days).toBeGreaterThanOrEqual(2);

    const agents = await rows<{ actor: number; approved: number; rejected: number }>(sql`
      select actor_user_id as actor, (count(*) filter (where action = 'lead.approve'))::int as approved,
        (count(*) filter (where action = 'lead.reject'))::int as rejected
      from audit_log where actor_user_id is not null and action in ('lead.approve', 'lead.reject')
        and created_on >= (${d.start_date}::date)::timestamp at time zone 'Asia/Kolkata'
      group by 1`);
    expect(d.agents.map((a) => [a.user_id, a.approved, a.rejected]).sort()).toEqual(
      agents.map((a) => [a.actor, a.approved, a.rejected]).sort(),
    );
    expect(d.agents[0]!.approved).toBeGreaterThanOrEqual(1);
    expect(d.agents[0]!.name).toBeTruthy();

    const preview = payoutPreviewSchema.parse(body(await get('/ops/payouts/preview', ops)).data);
    const paid = preview.candidates.filter((c) => !c.hold_reason && c.net_paise > 0);
    const held = preview.candidates.filter((c) => c.hold_reason);
    expect(d.payout).toEqual({
      partners: paid.length,
      net_paise: paid.reduce((s, c) => s + c.net_paise, 0),
      tds_paise: paid.reduce((s, c) => s + c.tds_paise, 0),
      held_count: held.length,
      held_paise: held.reduce((s, c) => s + c.balance_paise, 0),
      next_run_on: nextPayoutRun(parsePayoutSchedule(PAYOUT_SCHEDULE_DEFAULT)!, new Date(), false),
    });

    const [tickets] = await rows<{ open: number; waiting: number }>(sql`
      select (count(*) filter (where status in (0, 10, 20)))::int as open, (count(*) filter (where status in (0, 20)))::int as waiting from tickets`);
    expect(d.support).toMatchObject({ open: tickets!.open, waiting: tickets!.waiting });
  });

  it('measures support by how soon an agent first answered, not the greeting bot', async () => {
    const before = opsDashboardSchema.parse(body(await get('/ops/dashboard', ops)).data).support;
    // Raised 30 minutes ago, greeted by the bot at once, answered by an agent now.
    const [ticket] = await rows<{ id: number }>(sql`
      insert into tickets (user_id, ticket_type, ticket_title, status, created_on)
      values (${DEMO.ravi.user_id}, 1, 'Payout not received', 10, now() - interval '30 minutes') returning ticket_id as id`);
    await t.database.db.execute(sql`
      insert into ticket_chats (ticket_id, chat_message, direction, created_by, sender_user_id, created_on)
      values (${ticket!.id}, 'Hello', 2, 'PIKU', null, now() - interval '30 minutes'),
             (${ticket!.id}, 'Looking into it', 2, 'Admin', 100, now())`);
    const after = opsDashboardSchema.parse(body(await get('/ops/dashboard', ops)).data).support;
    expect(after.answered).toBe(before.answered + 1);
    expect(after.first_response_max_minutes).toBeGreaterThanOrEqual(30);
    expect(after.first_response_median_minutes).not.toBeNull();
  });

  it('is for admins: a support agent, a partner and nobody are refused', async () => {
    expect((await get('/ops/dashboard', await loginSupportAgent(t))).statusCode).toBe(403);
    expect((await get('/ops/dashboard', asha)).statusCode).toBe(401);
    expect((await get('/ops/dashboard', '')).statusCode).toBe(401);
  });
});

describe('on an empty install', () => {
  it('the ops dashboard answers zeros and empty lists, and nobody has a team dashboard', async () => {
    const config = testConfig();
    const database = await openPglite(undefined);
    await database.migrate();
    const mobile = '9876599990';
    await createAdmin(database.db, mobile);
    const providers = await createProviders(config, database.db, pino({ level: 'silent' }));
    const built = await buildApp({ config, database, providers });
    await built.app.ready();
    try {
      const empty = { ...built, database, close: async () => {} } as TestApp;
      const cookie = await loginOps(empty, mobile);
      const res = await built.app.inject({ method: 'GET', url: '/api/v2/ops/dashboard', headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      const d = opsDashboardSchema.parse(body(res).data);
      expect(d.days).toHaveLength(14);
      expect(d.days.every((x) => x.pending + x.approved + x.rejected + x.expired === 0)).toBe(true);
      expect(d.totals).toEqual({ pending: 0, approved: 0, rejected: 0, expired: 0 });
      expect(d.pending_age).toEqual({ total: 0, over_1_day: 0, over_3_days: 0, over_7_days: 0, oldest_created_on: null });
      expect(d.agents).toEqual([]);
      expect(d.payout).toMatchObject({ partners: 0, net_paise: 0, tds_paise: 0, held_count: 0, held_paise: 0 });
      expect(d.support).toEqual({
        open: 0,
        waiting: 0,
        oldest_waiting_since: null,
        answered: 0,
        first_response_median_minutes: null,
        first_response_max_minutes: null,
      });
      const partner = await loginWorker(empty, '9876599991');
      expect(
        (await built.app.inject({ method: 'GET', url: '/api/v2/partner/team/dashboard', headers: { cookie: partner } })).statusCode,
      ).toBe(403);
    } finally {
      await built.app.close();
      await database.close();
    }
    // A fresh database is migrated first: slow on a busy machine.
  }, 180_000);
});
