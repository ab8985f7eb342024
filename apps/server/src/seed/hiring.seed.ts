import { sql } from 'drizzle-orm';
import { APPLICATION_STATUS } from '@pmw/contract/hiring';
import { istDateString, istDayStart } from '@pmw/contract/time';
import type { Services } from '../app';
import { applications, interviewSlots, jobLocations } from '../db/schema/index';
import { DEMO } from './demo-ids';

/** Hiring projects that take interviews, and the day's interview times at +05:30 with their seats. */
export const HIRING_JOBS = [261, 262, 263, 355, 294] as const;
const TIMES: { at: string; capacity: number }[] = [
  { at: '10:00', capacity: 5 },
  { at: '12:30', capacity: 3 },
  { at: '16:00', capacity: 4 },
];
const SLOT_MINUTES = 60;
export const SLOT_DAYS = 7;

/**
 * Interview slots over the next 7 days for every location of the hiring
 * projects. Running it again tops the schedule up to the next 7 days (a slot
 * is unique by location and start), so `npm run seed` keeps the demo bookable.
 */
export async function seedHiring(services: Services): Promise<void> {
  const { db } = services;
  const locations = await db
    .select({ job_id: jobLocations.job_id, job_location_id: jobLocations.job_location_id })
    .from(jobLocations)
    .where(
      sql`${jobLocations.job_id} in (${sql.join(
        HIRING_JOBS.map((j) => sql`${j}`),
        sql`, `,
      )})`,
    );
  const today = istDateString(new Date());
  const rows: (typeof interviewSlots.$inferInsert)[] = [];
  for (let d = 1; d <= SLOT_DAYS; d++) {
    const day = istDateString(new Date(istDayStart(today).getTime() + d * 86_400_000 + 3_600_000));
    for (const loc of locations) {
      for (const time of TIMES) {
        const start = new Date(`${day}T${time.at}:00+05:30`);
        rows.push({
          job_id: loc.job_id,
          job_location_id: loc.job_location_id,
          start_time: start,
          end_time: new Date(start.getTime() + SLOT_MINUTES * 60_000),
          capacity: time.capacity,
        });
      }
    }
  }
  if (rows.length) await db.insert(interviewSlots).values(rows).onConflictDoNothing();

  // Ravi applied to Delivery Partner through Asha's link and attended the interview:
  // the support desk's 'Project's Training' lists it.
  await db
    .insert(applications)
    .values({
      application_id: 9001,
      user_id: DEMO.ravi.user_id,
      recruiter_id: DEMO.asha.user_id,
      job_id: 261,
      job_location_id: 2611,
      answers: [
        { input_id: 1, value: DEMO.ravi.mobile },
        { input_id: 2, value: DEMO.ravi.first_name },
      ],
      status: APPLICATION_STATUS.ATTENDED,
      attempted_on: new Date(Date.now() - 3 * 86_400_000),
    })
    .onConflictDoNothing();
}
