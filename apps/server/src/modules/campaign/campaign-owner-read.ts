import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaigns, customers } from '../../db/schema/campaign';
import { sessions } from '../../db/schema/sessions';
import { users as usersTable } from '../../db/schema/users';
import { liveSession } from '../sessions/session-filter';

/**
 * Read model: every campaign lead reads its code's owner, this device's customer session
 * and that session's verified customer: one prepared statement (planned
 * once per connection), the lead's only read before its insert.
 */
export function prepareOwnerWithSessionRead(db: Db) {
  return db
    .select({ user_id: campaigns.user_id, mobile: usersTable.mobile, session_customer_id: sessions.subject_id, customer: customers })
    .from(campaigns)
    .innerJoin(usersTable, eq(usersTable.user_id, campaigns.user_id))
    .leftJoin(sessions, liveSession('customer'))
    .leftJoin(customers, and(eq(customers.customer_id, sessions.subject_id), sql`${customers.mobile} is not null`))
    .where(and(eq(campaigns.utm_code, sql.placeholder('utmCode')), eq(usersTable.blocked, false)))
    .limit(1)
    .prepare('campaign_owner_with_session');
}
