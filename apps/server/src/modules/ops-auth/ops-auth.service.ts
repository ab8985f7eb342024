import { count, eq, inArray } from 'drizzle-orm';
import { roleAllows, type OpsAgent, type OpsRole } from '@pmw/contract/ops-auth';
import type { Db } from '../../db/client';
import { opsAgents } from '../../db/schema/ops-auth';
import { AppError } from '../../errors';
import type { SessionInfo } from '../sessions/session';
import type { UsersService } from '../users/users.service';
import { say } from '@pmw/contract/texts/said';

/** Owns ops_agents: who may use the ops console and with which role. */
export function createOpsAuthService(deps: { db: Db; users: Pick<UsersService, 'byId' | 'byMobile'> }) {
  const { db, users } = deps;
  async function agent(userId: number): Promise<OpsAgent | undefined> {
    const [row] = await db.select({ role: opsAgents.role }).from(opsAgents).where(eq(opsAgents.user_id, userId)).limit(1);
    if (!row) return undefined;
    const user = await users.byId(userId);
    if (!user || user.blocked) return undefined;
    return { user_id: user.user_id, mobile: user.mobile, first_name: user.first_name, role: row.role as OpsRole };
  }
  /** The agent read for a session object; an HTTP request's session object lives for that request only. */
  const agentOfSession = new WeakMap<SessionInfo, Promise<OpsAgent | undefined>>();
  return {
    agent,
    /** How many agents there are, blocked or not (the start banner's figure). */
    async agentCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(opsAgents);
      return row?.n ?? 0;
    },
    async agentByMobile(mobile: string): Promise<OpsAgent | undefined> {
      const user = await users.byMobile(mobile);
      return user ? agent(user.user_id) : undefined;
    },
    /** Which of these people are agents (blocked or not). */
    async agentIds(userIds: readonly number[]): Promise<Set<number>> {
      if (!userIds.length) return new Set();
      const rows = await db
        .select({ id: opsAgents.user_id })
        .from(opsAgents)
        .where(inArray(opsAgents.user_id, [...userIds]));
      return new Set(rows.map((r) => r.id));
    },
    /** The agent behind an ops session, refused unless their role allows `needed`. */
    async requireRole(session: SessionInfo, needed: OpsRole): Promise<OpsAgent> {
      // The session's read brought the agent; a session made by hand is read once, however often a request asks.
      let found: OpsAgent | undefined;
      if (session.agent !== undefined) found = session.agent ?? undefined;
      else {
        let read = agentOfSession.get(session);
        if (!read) agentOfSession.set(session, (read = agent(session.subjectId)));
        found = await read;
      }
      if (!found) throw new AppError('UNAUTHORIZED', say('common.notLoggedIn'));
      if (!roleAllows(found.role, needed)) throw new AppError('FORBIDDEN', say('ops.roleNotAllowed'));
      return found;
    },
  };
}
export type OpsAuthService = ReturnType<typeof createOpsAuthService>;
