import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { applications } from '../../db/schema/hiring';
import { APPLICATION_STATUS } from '@pmw/contract/hiring';
import { approvedLeadCount, leadCountsByJob } from '../leads/partner-lead-counts';

/**
 * Read-only figures about a partner's work, for levels and 'My projects':
 * their leads as the leads module counts them, and the candidates they referred.
 */
export function createPartnerStats(db: DbOrTx) {
  return {
    /** Approved leads plus referred candidates who joined: what levels count. */
    async approvedCount(userId: number): Promise<number> {
      const leads = await approvedLeadCount(db, userId);
      const [joined] = await db
        .select({ n: count() })
        .from(applications)
        .where(and(eq(applications.recruiter_id, userId), eq(applications.status, APPLICATION_STATUS.JOINED)));
      return leads + (joined?.n ?? 0);
    },

    /** Lead counts by status per project: pending, verified, rejected, and expired as archived. */
    leadCountsByJob: (userId: number) => leadCountsByJob(db, userId),
  };
}
