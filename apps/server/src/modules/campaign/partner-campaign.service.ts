import { and, eq, isNull, sql } from 'drizzle-orm';
import { campaignCodeCandidate } from '@pmw/contract/partner-campaign';
import type { Db } from '../../db/client';
import { campaigns } from '../../db/schema/campaign';
import { AppError, conflict, isUniqueViolation, notFound } from '../../errors';
import type { DocumentsService } from '../documents/documents.service';
import type { UsersService } from '../users/users.service';
import { say } from '@pmw/contract/texts/said';

/** Codes tried before giving up; from the 6th on they are 8 random characters, so this is never reached in practice. */
const MAX_ATTEMPTS = 12;

export interface OwnCampaign {
  utm_code: string;
  can_change: boolean;
  partner_name: string;
}

/**
 * A partner's own campaign code: made on the first fetch once their KYC is
 * complete (the rule of Get Link), changed at most once. A replaced code stays
 * in the table as retired: it keeps opening the partner's page (printed QR
 * codes keep working) and no one else can take it.
 */
export function createPartnerCampaignService(deps: { db: Db; documents: DocumentsService; users: UsersService; random?: () => number }) {
  const { db, documents, users } = deps;
  const random = deps.random ?? Math.random;

  async function codes(userId: number) {
    const rows = await db
      .select({ utm_code: campaigns.utm_code, retired_on: campaigns.retired_on })
      .from(campaigns)
      .where(eq(campaigns.user_id, userId));
    return { current: rows.find((r) => r.retired_on === null)?.utm_code, changed: rows.some((r) => r.retired_on !== null) };
  }

  async function requireKyc(userId: number) {
    if (!(await documents.kycComplete(userId))) throw new AppError('FORBIDDEN', say('hiring.kycNeeded'));
  }

  /**
   * The partner's current code, made if they have none. Concurrent first
   * fetches race on the index of one current code per partner: the loser's
   * insert does nothing and it reads the winner's code. An insert that meets
   * another partner's code tries the next candidate.
   */
  async function ensureCode(userId: number, firstName: string | null): Promise<string> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const [made] = await db
        .insert(campaigns)
        .values({ utm_code: campaignCodeCandidate(firstName, attempt, random), user_id: userId })
        .onConflictDoNothing()
        .returning({ utm_code: campaigns.utm_code });
      if (made) return made.utm_code;
      const { current } = await codes(userId);
      if (current) return current;
    }
    throw new AppError('INTERNAL', say('common.somethingWentWrong'));
  }

  const service = {
    /** The partner's code, made on the first call; 403 with the KYC message until KYC is complete. */
    async fetch(userId: number): Promise<OwnCampaign> {
      await requireKyc(userId);
      const [existing, user] = await Promise.all([codes(userId), users.byId(userId)]);
      if (!user) throw notFound(say('common.userNotFound'));
      const utm_code = existing.current ?? (await ensureCode(userId, user.first_name));
      const partner_name = [user.first_name, user.last_name].filter((s) => s?.trim()).join(' ');
      return { utm_code, can_change: !existing.changed, partner_name };
    },

    /**
     * Replaces the partner's code with one they chose, once. The old code is
     * retired, not deleted. Two changes at once: the second finds no current
     * code left to retire (the first holds its row until it commits) and is refused.
     */
    async changeCode(userId: number, code: string): Promise<OwnCampaign> {
      const before = await service.fetch(userId);
      if (before.utm_code === code) throw new AppError('BAD_REQUEST', say('campaign.codeSame'));
      if (!before.can_change) throw conflict(say('campaign.codeChangedOnce'));
      try {
        await db.transaction(async (tx) => {
          const retired = await tx
            .update(campaigns)
            .set({ retired_on: new Date() })
            .where(
              and(
                eq(campaigns.user_id, userId),
                isNull(campaigns.retired_on),
                sql`not exists (select 1 from ${campaigns} c where c.user_id = ${userId} and c.retired_on is not null)`,
              ),
            )
            .returning({ utm_code: campaigns.utm_code });
          if (!retired.length) throw conflict(say('campaign.codeChangedOnce'));
          await tx.insert(campaigns).values({ utm_code: code, user_id: userId });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(say('campaign.codeTaken'));
        throw err;
      }
      return { ...before, utm_code: code, can_change: false };
    },
  };
  return service;
}
export type PartnerCampaignService = ReturnType<typeof createPartnerCampaignService>;
