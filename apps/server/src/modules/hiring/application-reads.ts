import { and, eq, gte, max, min } from 'drizzle-orm';
import { APPLICATION_ATTEMPTED_MIN } from '@pmw/contract/hiring';
import type { DbOrTx } from '../../db/client';
import { applications } from '../../db/schema/hiring';

/**
 * A person's job applications, for other modules that show them (the
 * support desk's 'Project's Training'), read the hiring module's way. Each
 * takes the caller's database or transaction.
 */

/** Applications attempted (status 7 or more), one per project: the highest status and the first attempt. */
export async function attemptedApplications(
  db: DbOrTx,
  userId: number,
): Promise<Map<number, { status: number; attempted_on: Date | null }>> {
  const rows = await db
    .select({ job_id: applications.job_id, status: max(applications.status), attempted_on: min(applications.attempted_on) })
    .from(applications)
    .where(and(eq(applications.user_id, userId), gte(applications.status, APPLICATION_ATTEMPTED_MIN)))
    .groupBy(applications.job_id);
  return new Map(
    rows.map((r) => [
      r.job_id,
      { status: Number(r.status ?? APPLICATION_ATTEMPTED_MIN), attempted_on: r.attempted_on ? new Date(r.attempted_on) : null },
    ]),
  );
}
