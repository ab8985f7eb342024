import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { applicationStatusResultSchema, opsApplicationSchema, partnerCandidateSchema } from '@pmw/contract/applications';
import { APPLICATION_STATUS, levelPayoutPaise, partnerLevel } from '@pmw/contract/hiring';
import { applications, interviewSlots, jobs, slotBookings, users, walletTransactions } from '../../db/schema/index';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { loginSupportAgent, walletOf } from '../ops/ops-fixtures.test-helper';
import { createPartnerStats } from './partner-stats';

let t: TestApp;
let admin: string;
let payout: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginOps(t);
  const [job] = await t.database.db.select({ p: jobs.payout_paise }).from(jobs).where(eq(jobs.job_id, 261));
  // Asha is at Silver (+10%) and stays there through this file: a joining pays what her Available Projects promise.
  const level = partnerLevel(await createPartnerStats(t.database.db).approvedCount(101));
  expect(level.name).toBe('Silver');
  payout = levelPayoutPaise(job!.p, level);
  expect(payout).toBe(110_000);
});
afterAll(async () => t.close());

const ASHA = 101;
const JOB = 261;
const LOCATION = 2611;
let nextUser = 5200;

/**
 * A candidate referred by `recruiter` with a booked interview on a slot of
 * project 261 that started `daysAgo` days ago (negative: still to come).
 */
async function bookedCandidate(opts: { recruiter?: number; daysAgo?: number; status?: number; name?: string } = {}): Promise<number> {
  const db = t.database.db;
  const userId = nextUser++;
  await db
    .insert(users)
    .values({ user_id: userId, mobile: `98765${String(userId).padStart(5, '0')}`, first_name: opts.name ?? `Candidate${userId}` });
  const [app] = await db
    .insert(applications)
    .values({
      user_id: userId,
      recruiter_id: opts.recruiter ?? ASHA,
      job_id: JOB,
      job_location_id: LOCATION,
      status: opts.status ?? APPLICATION_STATUS.SLOT_BOOKED,
    })
    .returning({ id: applications.application_id });
  if ((opts.status ?? APPLICATION_STATUS.SLOT_BOOKED) >= APPLICATION_STATUS.SLOT_BOOKED) {
    const start = new Date(Date.now() - (opts.daysAgo ?? 2) * 86_400_000);
    start.setUTCMinutes(userId % 60, 0, 0);
    const [slot] = await db
      .insert(interviewSlots)
      .values({
        job_id: JOB,
        job_location_id: LOCATION,
        start_time: start,
        end_time: new Date(start.getTime() + 3_600_000),
        capacity: 5,
        booked: 1,
      })
      .onConflictDoUpdate({
        target: [interviewSlots.job_location_id, interviewSlots.start_time],
        set: { capacity: sql`${interviewSlots.capacity} + 1`, booked: sql`${interviewSlots.booked} + 1` },
      })
      .returning({ id: interviewSlots.slot_id });
    await db
      .insert(slotBookings)
      .values({ slot_id: slot!.id, user_id: userId, job_id: JOB, application_id: app!.id, booking_date: start.toISOString().slice(0, 10) });
  }
  return app!.id;
}

const setStatus = async (ids: number[], status: string, cookie = admin) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/ops/applications/status',
    headers: { cookie },
    payload: { application_ids: ids, status },
  });
  return res;
};
const results = (res: Awaited<ReturnType<typeof setStatus>>) => applicationStatusResultSchema.parse(body(res).data).results;
const list = async (query: string, cookie = admin) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v2/ops/applications?${query}`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return z.object({ count: z.number(), rows: z.array(opsApplicationSchema) }).parse(body(res).data);
};
const keysOf = async (id: number) =>
  (
    await t.database.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.ref_id, String(id)))
  )
    .filter((r) => r.ref_type === 'APPLICATION')
    .map((r) => r.idempotency_key)
    .sort();

describe('the Hiring list', () => {
  it('lists applications by project, status and slot date, with the candidate, slot and recruiter', async () => {
    const id = await bookedCandidate({ daysAgo: 30, name: 'Listed' });
    const slotDay = new Date(Date.now() - 30 * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const found = await list(`job_id=${JOB}&status=SLOT_BOOKED&slot_from=${slotDay}&slot_to=${slotDay}`);
    const row = found.rows.find((r) => r.application_id === id);
    expect(row).toMatchObject({
      candidate_name: 'Listed',
      job_id: JOB,
      job_title: 'Delivery Partner',
      city: 'Bengaluru',
      recruiter_id: ASHA,
      recruiter_name: 'Asha Verma',
      status: 3,
      status_name: 'SLOT_BOOKED',
    });
    expect(row!.slot_start).not.toBeNull();
    expect(found.rows.every((r) => r.status_name === 'SLOT_BOOKED' && r.job_id === JOB)).toBe(true);
    expect((await list(`job_id=${JOB}&status=JOINED`)).rows.find((r) => r.application_id === id)).toBeUndefined();
    expect((await list('job_id=262')).rows.find((r) => r.application_id === id)).toBeUndefined();
  });

  it('refuses a status that does not exist and a malformed date (400)', async () => {
    for (const q of ['status=HIRED', 'status=9', 'slot_from=1-2-2026', 'job_id=abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v2/ops/applications?${q}`, headers: { cookie: admin } });
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('recording outcomes', () => {
  it('records attended for a booked interview whatever its date, refusing others per application', async () => {
    const past = await bookedCandidate({ daysAgo: 10 });
    const future = await bookedCandidate({ daysAgo: -3 });
    const notBooked = await bookedCandidate({ status: APPLICATION_STATUS.APPLIED });
    const res = await setStatus([notBooked, future, past, 99_999_999], 'ATTENDED');
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Attended: 2 changed, 2 refused');
    // Answered in ascending id order, each with its own outcome.
    expect(results(res)).toEqual([
      { application_id: past, ok: true, changed: true, message: 'Attended', status: 7 },
      { application_id: future, ok: true, changed: true, message: 'Attended', status: 7 },
      { application_id: notBooked, ok: false, changed: false, message: 'No interview slot is booked for this application', status: 1 },
      { application_id: 99_999_999, ok: false, changed: false, message: 'Application not found', status: null },
    ]);
    const [row] = await t.database.db.select().from(applications).where(eq(applications.application_id, past));
    expect(row!.attempted_on).not.toBeNull();
    expect(results(await setStatus([past], 'ATTENDED'))[0]).toMatchObject({ ok: true, changed: false, message: 'Already attended' });
    expect(results(await setStatus([past], 'NO_SHOW'))[0]).toMatchObject({
      ok: false,
      message: 'The candidate attended; a no-show cannot be recorded now',
    });
    const audit = body<{ rows: { action: string; after: { status_name: string } }[] }>(
      await t.app.inject({ method: 'GET', url: `/api/v2/ops/audit?entity_type=application&entity_id=${past}`, headers: { cookie: admin } }),
    ).data.rows;
    expect(audit.map((a) => [a.action, a.after.status_name])).toEqual([['application.status', 'ATTENDED']]);
  });

  it('refuses joined before attended, and a body that is not an outcome (400)', async () => {
    const id = await bookedCandidate();
    expect(results(await setStatus([id], 'JOINED'))[0]).toMatchObject({
      ok: false,
      changed: false,
      message: 'Record attended or selected before joined',
      status: 3,
    });
    for (const payload of [
      { application_ids: [id], status: 'HIRED' },
      { application_ids: [id], status: 9 },
      { application_ids: [], status: 'JOINED' },
      { application_ids: ['x'], status: 'JOINED' },
      { status: 'JOINED' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v2/ops/applications/status', headers: { cookie: admin }, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const res = await setStatus([id], 'HIRED');
    expect(body(res).message).toContain('Choose an outcome: ATTENDED, NO_SHOW, SELECTED, JOINED or REJECTED');
  });

  it('joined credits the referring partner once; rejected reverses it; joined again credits once more', async () => {
    const id = await bookedCandidate();
    const start = await walletOf(t, ASHA);
    await setStatus([id], 'ATTENDED');
    const joined = results(await setStatus([id], 'JOINED'));
    expect(joined[0]).toMatchObject({ ok: true, changed: true, status: 9 });
    expect(joined[0]!.message).toContain('the partner was credited');
    expect(results(await setStatus([id, id], 'JOINED'))).toEqual([
      { application_id: id, ok: true, changed: false, message: 'Already joined', status: 9 },
    ]);
    expect((await walletOf(t, ASHA)).balance - start.balance).toBe(payout);
    expect(await keysOf(id)).toEqual([`application:${id}:credit:1`]);

    const rejected = results(await setStatus([id], 'REJECTED'));
    expect(rejected[0]).toMatchObject({ ok: true, changed: true, status: 10 });
    expect(rejected[0]!.message).toContain('was reversed');
    expect(await walletOf(t, ASHA)).toEqual(start);

    await setStatus([id], 'JOINED');
    await setStatus([id], 'JOINED');
    expect((await walletOf(t, ASHA)).balance - start.balance).toBe(payout);
    expect((await walletOf(t, ASHA)).earned - start.earned).toBe(payout);
    expect(await keysOf(id)).toEqual([`application:${id}:credit:1`, `application:${id}:credit:2`, `application:${id}:reversal:1`]);
    const [credit] = await t.database.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.idempotency_key, `application:${id}:credit:2`));
    expect(credit).toMatchObject({
      user_id: ASHA,
      type: 1,
      amount_paise: payout,
      ref_type: 'APPLICATION',
      ref_id: String(id),
      created_by: 100,
    });
    expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
  });

  it('overlapping bulk calls at once credit each partner once per joined, and the ledger holds', async () => {
    const second = await loginOps(t);
    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map(() => bookedCandidate({ status: APPLICATION_STATUS.SELECTED })));
    const start = await walletOf(t, ASHA);
    const sets = [ids, [...ids].reverse(), ids.slice(0, 4), ids.slice(2), [ids[5]!, ids[0]!, ids[3]!], ids];
    const answers = await Promise.all(sets.map((set, i) => setStatus(set, 'JOINED', i % 2 ? second : admin)));
    for (const a of answers) expect(a.statusCode).toBe(200);
    expect(answers.flatMap(results).filter((r) => r.changed)).toHaveLength(ids.length);
    expect((await walletOf(t, ASHA)).balance - start.balance).toBe(payout * ids.length);
    // Then some leave joined while others are asked to join again, at once.
    const moves = await Promise.all([
      setStatus(ids.slice(0, 3), 'REJECTED', admin),
      setStatus(ids, 'JOINED', second),
      setStatus([...ids.slice(0, 3)].reverse(), 'REJECTED', second),
    ]);
    for (const a of moves) expect(a.statusCode).toBe(200);
    const now = await t.database.db
      .select()
      .from(applications)
      .where(
        sql`${applications.application_id} in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
    const joinedNow = now.filter((a) => a.status === APPLICATION_STATUS.JOINED).length;
    expect((await walletOf(t, ASHA)).balance - start.balance).toBe(payout * joinedNow);
    for (const id of ids) {
      const keys = await keysOf(id);
      const credits = keys.filter((k) => k.includes(':credit:')).length;
      const reversals = keys.filter((k) => k.includes(':reversal:')).length;
      const status = now.find((a) => a.application_id === id)!.status;
      expect(credits - reversals, `application ${id}`).toBe(status === APPLICATION_STATUS.JOINED ? 1 : 0);
    }
    expect(await t.services.wallet.ledgerMismatches()).toEqual([]);
  });
});

describe("the partner's candidates", () => {
  it('lists only their own candidates, newest first, with status and what each hire holds', async () => {
    const mine = await bookedCandidate({ name: 'Meena' });
    await setStatus([mine], 'SELECTED');
    await setStatus([mine], 'JOINED');
    const other = await bookedCandidate({ recruiter: 102, name: 'NotAshas' });
    const asha = await loginWorker(t, '9876500001');
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/partner/candidates?limit=5', headers: { cookie: asha } });
    expect(res.statusCode).toBe(200);
    const data = z.object({ count: z.number(), rows: z.array(partnerCandidateSchema) }).parse(body(res).data);
    expect(data.rows.length).toBeLessThanOrEqual(5);
    expect(data.count).toBeGreaterThan(data.rows.length - 1);
    expect(data.rows.find((r) => r.application_id === other)).toBeUndefined();
    const row = data.rows.find((r) => r.application_id === mine);
    expect(row).toMatchObject({
      candidate_name: 'Meena',
      job_title: 'Delivery Partner',
      city: 'Bengaluru',
      status: 9,
      status_name: 'JOINED',
      earned_paise: payout,
    });
    expect(JSON.stringify(data)).not.toContain('98765');

    const ravi = await loginWorker(t, '9876500002');
    const theirs = z
      .object({ count: z.number(), rows: z.array(partnerCandidateSchema) })
      .parse(body(await t.app.inject({ method: 'GET', url: '/api/v2/partner/candidates', headers: { cookie: ravi } })).data);
    expect(theirs.rows.map((r) => r.application_id)).toContain(other);
    expect(theirs.rows.map((r) => r.application_id)).not.toContain(mine);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/partner/candidates?limit=0', headers: { cookie: ravi } })).statusCode).toBe(
      400,
    );
  });
});

describe('is_worked and the support desk follow real applications', () => {
  it("turns is_worked true and lists the project under Project's Training once the candidate attended", async () => {
    const id = await bookedCandidate();
    const [app] = await t.database.db.select().from(applications).where(eq(applications.application_id, id));
    const [user] = await t.database.db.select().from(users).where(eq(users.user_id, app!.user_id));
    const cookie = await loginWorker(t, user!.mobile);
    const worked = async () =>
      body<{ is_worked: boolean }[]>(await t.app.inject({ method: 'GET', url: '/api/v2/profile/metadata/fetch', headers: { cookie } }))
        .data[0]!.is_worked;
    const training = async () =>
      body<{ job_id: number }[]>(
        await t.app.inject({ method: 'GET', url: '/api/v2/support/user/job/fetch?ticket_type=20', headers: { cookie } }),
      ).data.map((j) => j.job_id);
    expect(await worked()).toBe(false);
    expect(await training()).toEqual([]);
    await setStatus([id], 'ATTENDED');
    expect(await worked()).toBe(true);
    expect(await training()).toEqual([JOB]);
  });
});

describe('permissions', () => {
  it('refuses the support role (403), a partner on ops routes and no session (401)', async () => {
    const support = await loginSupportAgent(t);
    const partner = await loginWorker(t, '9876500001');
    const calls = [
      { method: 'GET' as const, url: '/api/v2/ops/applications' },
      { method: 'POST' as const, url: '/api/v2/ops/applications/status', payload: { application_ids: [1], status: 'JOINED' } },
    ];
    for (const c of calls) {
      expect((await t.app.inject({ ...c, headers: { cookie: support } })).statusCode, c.url).toBe(403);
      expect((await t.app.inject({ ...c, headers: { cookie: partner } })).statusCode, c.url).toBe(401);
      expect((await t.app.inject(c)).statusCode, c.url).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/partner/candidates' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/partner/candidates', headers: { cookie: admin } })).statusCode).toBe(401);
  });
});
