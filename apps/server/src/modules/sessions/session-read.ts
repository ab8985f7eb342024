import { eq, sql } from 'drizzle-orm';
import type { SessionKind } from '@pmw/contract/api';
import type { Db } from '../../db/client';
import { opsAgents } from '../../db/schema/ops-auth';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { liveSession } from './session-filter';

/**
 * Read model: the one statement every signed-in request runs. It joins the
 * session (this module's) with the user's blocked flag, mobile and name
 * (the users module's) and an agent's role (ops-auth's), so a request costs
 * one read and not three; the per-request block and role checks need no
 * statements of their own. It only reads; the users and ops-auth modules
 * stay the owners of their rows. Listed in apps/server/read-models.json.
 *
 * One prepared statement per kind (built once, planned once per connection).
 */
export function prepareSessionRead(db: Db, kind: SessionKind) {
  return db
    .select({
      subject_id: sessions.subject_id,
      context: sessions.context,
      expires_at: sessions.expires_at,
      blocked: users.blocked,
      mobile: users.mobile,
      first_name: users.first_name,
      role: opsAgents.role,
    })
    .from(sessions)
    .leftJoin(users, kind === 'customer' ? sql`false` : eq(users.user_id, sessions.subject_id))
    .leftJoin(opsAgents, kind === 'ops' ? eq(opsAgents.user_id, sessions.subject_id) : sql`false`)
    .where(liveSession(kind))
    .limit(1)
    .prepare(`session_${kind}`);
}
