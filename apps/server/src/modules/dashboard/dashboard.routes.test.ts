import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { dashboardSchema, VISITOR_COOKIE } from '@pmw/contract/dashboard';
import { applicationPath } from '@pmw/contract/hiring';
import { istDateString } from '@pmw/contract/time';
import { formResponses, partnerDays, visitCounts, walletTransactions } from '../../db/schema/index';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { makeWebBuild, PAGE_SHELL } from '../../../test/web-build';

let t: TestApp;
let asha: string;
const ASHA = 101;
const ADMIN = 100;
const FORMS = [201, 202, 203];
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
const stub = 'export const render = async (locale, data) => ({ html: "<h1>page</h1>", dataScript: "" });\n';
const dist = makeWebBuild({
  'pages/utm.html': PAGE_SHELL,
  '.ssr/utm.js': stub,
  'pages/application.html': PAGE_SHELL,
  '.ssr/application.js': stub,
});

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: dist });
  asha = await loginWorker(t, '9876500001');
});
afterAll(async () => t.close());

const dashboard = async (query = '', cookie = asha) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v2/partner/dashboard${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return dashboardSchema.parse(body(res).data);
};
const today = () => istDateString(new Date());
const visit = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { 'user-agent': PHONE_UA, ...headers } });

/** What the leads themselves say, counted the slow way, for the partner's days from..to. */
async function recount(from: string, to: string) {
  const day = sql`(${formResponses.created_on} at time zone 'Asia/Kolkata')::date`;
  const [row] = await t.database.db
    .select({
      leads: sql<number>`count(*)::int`,
      approved: sql<number>`count(*) filter (where ${formResponses.status} = 1)::int`,
      earned: sql<string>`coalesce(sum(${formResponses.payout_paise}) filter (where ${formResponses.status} = 1), 0)::text`,
    })
    .from(formResponses)
    .where(and(eq(formResponses.partner_user_id, ASHA), sql`${day} between ${from} and ${to}`));
  const [pending] = await t.database.db
    .select({ paise: sql<string>`coalesce(sum(${formResponses.payout_paise}), 0)::text` })
    .from(formResponses)
    .where(and(eq(formResponses.partner_user_id, ASHA), eq(formResponses.status, 0), eq(formResponses.archive_status, 0)));
  return { leads: row!.leads, approved: row!.approved, earned_paise: Number(row!.earned), pending_paise: Number(pending!.paise) };
}

/** Every partner day against a recount of its leads (should always be none). */
async function mismatches() {
  const result = (await t.database.db.execute(sql`
    with counted as (
      select partner_user_id, (created_on at time zone 'Asia/Kolkata')::date as day, job_id,
        count(*)::int as leads, (count(*) filter (where status = 1))::int as approved,
        (count(*) filter (where status = 1 and payout_paise > 0))::int as paid,
        coalesce(sum(payout_paise) filter (where status = 1), 0)::bigint as approved_paise,
        coalesce(sum(payout_paise) filter (where status = 0 and archive_status = 0), 0)::bigint as pending_paise
      from form_responses where partner_user_id is not null group by 1, 2, 3
    )
    select coalesce(c.partner_user_id, d.partner_user_id) as partner_user_id, coalesce(c.day, d.day)::text as day
    from counted c full outer join ${partnerDays} d using (partner_user_id, day, job_id)
    where coalesce(c.leads, 0) <> coalesce(d.leads, 0) or coalesce(c.approved, 0) <> coalesce(d.approved, 0)
       or coalesce(c.paid, 0) <> coalesce(d.paid, 0) or coalesce(c.approved_paise, 0) <> coalesce(d.approved_paise, 0)
       or coalesce(c.pending_paise, 0) <> coalesce(d.pending_paise, 0)`)) as unknown as { rows: unknown[] };
  return result.rows;
}

describe('partner days', () => {
  it('equal a recount of the leads after a randomised concurrent run of leads, approvals, reversals and expiry, and a payout run', async () => {
    expect(await mismatches()).toEqual([]);
    let seed = 11;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const leads: number[] = [];
    let made = 0;
    const create = async () => {
      const i = made++;
      const mobile = `96${String(200000 + i).padStart(8, '0')}`;
      const values = [
        { input_id: 1, value: mobile },
        { input_id: 2, value: `Day ${i}` },
        { input_id: 3, value: 'ABCPC1234K' },
        { input_id: 4, value: 'Pune' },
      ];
      const { lead } = await t.services.leads.createLead({
        form: { form_id: FORMS[i % FORMS.length]! },
        values,
        attribution: { partner_user_id: ASHA },
        uploader: { kind: 'customer', id: 0 },
        idempotency_key: `day-${i}`,
      });
      leads.push(lead.form_response_id);
    };
    for (let i = 0; i < 10; i++) await create();
    const v = t.services.ops.verification;
    for (let round = 0; round < 5; round++) {
      const work: Promise<unknown>[] = [];
      for (let step = 0; step < 8; step++) {
        const pick = () => leads[rand(leads.length)]!;
        const action = rand(6);
        if (action === 0) work.push(create());
        else if (action === 1) work.push(v.approve(ADMIN, [pick(), pick()]));
        // Rejecting an approved lead reverses its credit.
        else if (action === 2) work.push(v.reject(ADMIN, [pick()], 'Random check'));
        else if (action === 3) work.push(v.needsDetails(ADMIN, [pick()], 'Add the PAN photo').catch(() => undefined));
        else if (action === 4)
          // A lead moved to another day (as an old one is) and then expired.
          work.push(
            (async () => {
              await t.database.db
                .update(formResponses)
                .set({ created_on: sql`now() - interval '3 days'` })
                .where(eq(formResponses.form_response_id, pick()));
              await t.services.ops.expiry.runIfDue({ force: true, actor: ADMIN });
            })(),
          );
        else work.push(v.approve(ADMIN, [pick()]));
      }
      await Promise.all(work);
    }
    expect(await mismatches()).toEqual([]);

    // The dashboard reads what a recount says, for this week and for all time.
    const from = '2000-01-01';
    const all = await dashboard();
    const counted = await recount(from, today());
    expect({ leads: all.leads, approved: all.approved, earned_paise: all.earned_paise }).toEqual({
      leads: counted.leads,
      approved: counted.approved,
      earned_paise: counted.earned_paise,
    });
    expect(all.money.pending_paise).toBe(counted.pending_paise);
    const start = istDateString(new Date(Date.now() - 2 * 86_400_000));
    const recent = await dashboard(`?start_date=${start}&end_date=${today()}`);
    const recentCount = await recount(start, today());
    expect(recent.leads).toBe(recentCount.leads);
    expect(recent.approved).toBe(recentCount.approved);
    expect(recent.series.reduce((n, s) => n + s.leads, 0)).toBe(recent.leads);
    expect(recent.funnel.reduce((n, f) => n + f.leads, 0)).toBe(recent.leads);
    // The period before is the same three days just before.
    const before = await recount(
      istDateString(new Date(Date.now() - 5 * 86_400_000)),
      istDateString(new Date(Date.now() - 3 * 86_400_000)),
    );
    expect(recent.previous.leads).toBe(before.leads);

    // A payout run sends the balance to the bank: paid is the ledger's payout debits, payable what is left.
    await t.services.ops.payouts.run(ADMIN, { request_key: 'dashboard-run-1', user_ids: [ASHA] });
    const after = await dashboard();
    const [ledger] = await t.database.db
      .select({ paise: sql<string>`coalesce(sum(${walletTransactions.amount_paise}), 0)::text` })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.user_id, ASHA), eq(walletTransactions.ref_type, 'PAYOUT_RUN')));
    expect(after.money.paid_paise).toBe(Number(ledger!.paise));
    expect(after.money.payable_paise).toBe((await t.services.wallet.summary(ASHA)).total_amount);
    expect(await mismatches()).toEqual([]);
  });
});

describe('visits', () => {
  it('count a device once a day per page, keep the referrer as the source and skip crawlers and prefetches', async () => {
    const day = today();
    const first = await visit('/utm/asha01?referrer=whatsapp_group');
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((c) => c.name === VISITOR_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    // The same phone again, a crawler, a prefetch: none counts.
    await visit('/utm/asha01?referrer=whatsapp_group', { cookie: `${VISITOR_COOKIE}=${cookie!.value}` });
    await visit('/utm/asha01', { 'user-agent': 'WhatsApp/2.23.20.0 A' });
    await visit('/utm/asha01', { 'sec-purpose': 'prefetch' });
    // Another phone, and the job page Asha recruits for.
    await visit('/utm/asha01');
    await visit(applicationPath({ job_id: 261, job_location_id: 2612, recruiter_id: ASHA }) + '?referrer=sms');
    // An unknown code counts for nobody.
    await visit('/utm/nobody99');
    const todays = () =>
      t.database.db
        .select()
        .from(visitCounts)
        .where(and(eq(visitCounts.partner_user_id, ASHA), eq(visitCounts.day, day)));
    await expect.poll(async () => (await todays()).length).toBe(3);
    const rows = await todays();
    expect(
      rows.map((r) => ({ job_id: r.job_id, day: r.day, source: r.source, n: r.n })).sort((a, b) => a.source.localeCompare(b.source)),
    ).toEqual([
      { job_id: 0, day, source: '', n: 1 },
      { job_id: 261, day, source: 'sms', n: 1 },
      { job_id: 0, day, source: 'whatsapp_group', n: 1 },
    ]);
    const d = await dashboard(`?start_date=${day}&end_date=${day}`);
    expect(d.visits).toBe(3);
    expect(d.series).toEqual([expect.objectContaining({ date: day, visits: 3 })]);
    expect(d.funnel.find((f) => f.job_id === 261)).toMatchObject({ slug_name: expect.any(String), visits: 1 });
  });
});

describe('the dashboard API', () => {
  it('answers money by state from the wallet, and the minimum payout (next-payout.routes.test.ts has the payout day)', async () => {
    const d = await dashboard();
    const summary = await t.services.wallet.summary(ASHA);
    expect(d.money).toMatchObject({
      approved_paise: summary.credit_amount,
      payable_paise: summary.total_amount,
      payout_minimum_paise: 10_000,
    });
    expect(d.money.paid_paise).toBeGreaterThanOrEqual(0);
  });

  it('shows the money waiting for verification whatever the period, an empty one too', async () => {
    const all = await dashboard();
    expect(all.money.pending_paise).toBeGreaterThan(0);
    const empty = await dashboard('?start_date=2001-01-01&end_date=2001-01-01');
    expect(empty).toMatchObject({ visits: 0, leads: 0, funnel: [] });
    expect(empty.money).toEqual(all.money);
  });

  it('charts a long period by week', async () => {
    const d = await dashboard('?start_date=2026-01-01&end_date=2026-06-30');
    expect(d.bucket).toBe('week');
    expect(d.series[0]!.date).toBe('2025-12-29');
  });

  it('refuses dates that are not days or are in the wrong order', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/v2/partner/dashboard?start_date=2026-13', headers: { cookie: asha } });
    expect(bad.statusCode).toBe(400);
    const order = await t.app.inject({
      method: 'GET',
      url: '/api/v2/partner/dashboard?start_date=2026-05-02&end_date=2026-05-01',
      headers: { cookie: asha },
    });
    expect(order.statusCode).toBe(400);
    expect(body(order).message).toContain('End date');
  });

  it('is for a signed-in partner only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/partner/dashboard' })).statusCode).toBe(401);
    const ops = await loginOps(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/partner/dashboard', headers: { cookie: ops } })).statusCode).toBe(401);
  });

  it('shows a partner only their own numbers', async () => {
    const ravi = await loginWorker(t, '9876500002');
    const mine = await dashboard('', ravi);
    const [theirs] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(formResponses)
      .where(eq(formResponses.partner_user_id, 102));
    expect(mine.leads).toBe(theirs!.n);
  });
});
