import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { campaigns } from '../../db/schema/campaign';

/**
 * A partner's campaign codes for other modules (the team area's share
 * links), read the campaign module's way, in the caller's database or
 * transaction.
 */

/** The partner's oldest campaign code still in use, or undefined. */
export async function firstLiveCampaign(db: DbOrTx, userId: number): Promise<{ utm_code: string } | undefined> {
  const [campaign] = await db
    .select({ utm_code: campaigns.utm_code })
    .from(campaigns)
    .where(and(eq(campaigns.user_id, userId), isNull(campaigns.retired_on)))
    .orderBy(asc(campaigns.created_on), asc(campaigns.utm_code))
    .limit(1);
  return campaign;
}
