import { afterAll, beforeAll, expect, it } from 'vitest';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { leadCountsSchema } from '@pmw/contract/partner';
import { formResponses, jobs } from '../../db/schema/index';
import { body, createTestApp, loginWorker, type TestApp } from '../../../test/test-app';
import { leadCounterMismatches } from './lead-counters';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ADMIN = 100;
const MEENA = { userId: 111, teamId: 1 };
/** Card-form projects (mobile, name, PAN, city). */
const FORMS = [201, 202, 203];

it('keeps every counter equal to a recount after a randomised concurrent run of every change to a lead', async () => {
  // The seeded leads are counted from the start.
  expect(await leadCounterMismatches(t.database.db)).toEqual([]);
  let seed = 7;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const leads: number[] = [];
  let made = 0;
  const create = async () => {
    const i = made++;
    const mobile = `97${String(100000 + i).padStart(8, '0')}`;
    const form = FORMS[i % FORMS.length]!;
    const values = [
      { input_id: 1, value: mobile },
      { input_id: 2, value: `Counter ${i}` },
      { input_id: 3, value: 'ABCPC1234K' },
      { input_id: 4, value: 'Pune' },
    ];
    const lead =
      i % 2
        ? await t.services.intake.teamLead(MEENA, { form_id: form, values, idempotency_key: `counter-${i}`, offline_unverified: true })
        : (
            await t.services.leads.createLead({
              form: { form_id: form },
              values,
              attribution: { partner_user_id: 101 },
              uploader: { kind: 'customer', id: 0 },
              idempotency_key: `counter-${i}`,
            })
          ).lead;
    leads.push(lead.form_response_id);
  };
  for (let i = 0; i < 12; i++) await create();
  const v = t.services.ops.verification;
  for (let round = 0; round < 6; round++) {
    const work: Promise<unknown>[] = [];
    for (let step = 0; step < 8; step++) {
      const pick = () => leads[rand(leads.length)]!;
      const action = rand(7);
      if (action === 0) work.push(create());
      else if (action === 1) work.push(v.approve(ADMIN, [pick(), pick()]));
      // A rejection of an approved lead is a reversal.
      else if (action === 2) work.push(v.reject(ADMIN, [pick()], 'Random check'));
      else if (action === 3) work.push(v.needsDetails(ADMIN, [pick()], 'Add the PAN photo').catch(() => undefined));
      else if (action === 4) {
        // Completing a lead sent back for details (as its member or partner would).
        const id = pick();
        work.push(
          (async () => {
            const [lead] = await t.database.db.select().from(formResponses).where(eq(formResponses.form_response_id, id));
            if (lead?.sub_status !== 1) return;
            const attribution = lead.partner_user_id
              ? { partner_user_id: lead.partner_user_id }
              : { team_member_user_id: lead.team_member_user_id!, team_id: lead.team_id! };
            await t.services.leads
              .completeLead({
                form_response_id: id,
                values: [{ input_id: 4, value: 'Mumbai' }],
                attribution,
                uploader: { kind: 'team', id: 0 },
              })
              .catch(() => undefined);
          })(),
        );
      } else if (action === 5) {
        // Some leads age past their project's validity, then the expiry job runs.
        work.push(
          (async () => {
            await t.database.db
              .update(formResponses)
              .set({ created_on: sql`now() - interval '400 days'` })
              .where(inArray(formResponses.form_response_id, [pick(), pick()]));
            await t.services.ops.expiry.runIfDue({ force: true, actor: ADMIN });
          })(),
        );
      } else work.push(v.approve(ADMIN, leads.slice(0, 1 + rand(leads.length))));
    }
    await Promise.all(work);
  }
  expect(await leadCounterMismatches(t.database.db)).toEqual([]);

  // The tiles read from the counters say what a count of the leads says.
  const asha = await loginWorker(t, '9876500001');
  const tiles = leadCountsSchema.parse(
    body(
      await t.app.inject({ method: 'GET', url: '/api/v2/partner/report/task/counts/fetch?archive_status=0,1', headers: { cookie: asha } }),
    ).data,
  );
  const [total] = await t.database.db.select({ n: count() }).from(formResponses).where(eq(formResponses.partner_user_id, 101));
  expect(tiles.PENDING + tiles.PENDING_PARTIAL + tiles.REJECTED + tiles.VERIFIED + tiles.archived_count).toBe(total!.n);
  const [approved201] = await t.database.db
    .select({ n: count() })
    .from(formResponses)
    .innerJoin(jobs, eq(jobs.job_id, formResponses.job_id))
    .where(sql`${formResponses.partner_user_id} = 101 and ${formResponses.job_id} = 201 and ${formResponses.status} = 1`);
  const only201 = leadCountsSchema.parse(
    body(
      await t.app.inject({ method: 'GET', url: '/api/v2/partner/report/task/counts/fetch?job_id=201&status=1', headers: { cookie: asha } }),
    ).data,
  );
  expect(only201.VERIFIED).toBe(approved201!.n);
});

it('finds a counter that differs from its leads', async () => {
  await t.database.db.execute(
    sql`update lead_counters set n = n + 1 where owner_kind = 'partner' and owner_id = 101 and job_id = 201 and status = 0 and sub_status = 0 and archive_status = 0`,
  );
  const found = await leadCounterMismatches(t.database.db);
  expect(found).toHaveLength(1);
  expect(found[0]).toMatchObject({ owner_kind: 'partner', owner_id: 101, job_id: 201, status: 0 });
  expect(found[0]!.stored - found[0]!.counted).toBe(1);
});
