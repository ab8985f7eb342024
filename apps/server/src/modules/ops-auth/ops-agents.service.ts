import { eq, sql } from 'drizzle-orm';
import type { OpsRole } from '@pmw/contract/ops-auth';
import type { OpsAgentRow } from '@pmw/contract/ops-agents';
import { say } from '@pmw/contract/texts/said';
import type { Db, DbOrTx } from '../../db/client';
import { opsAgents } from '../../db/schema/ops-auth';
import { people, peopleByName, type PersonRow } from '../users/user-reads';
import type { UsersService } from '../users/users.service';
import { conflict, notFound } from '../../errors';
import type { SessionResolver } from '../sessions/session';
import type { AuditService } from '../ops/audit.service';

/** Serialises every change to ops_agents, so two admins cannot demote each other at once. */
const AGENTS_LOCK = 730_021;

export interface AgentChange {
  /** The admin who asks; null for the one-time command that creates the first admin. */
  actor: number | null;
}

/** Who may use the ops console and with which role: listing, adding, changing and removing agents. */
export function createOpsAgentsService(deps: {
  db: Db;
  audit: AuditService;
  sessions: Pick<SessionResolver, 'destroyAllFor'>;
  users: Pick<UsersService, 'byMobile' | 'create'>;
}) {
  const { db, audit, sessions, users } = deps;

  const columns = { user_id: opsAgents.user_id, role: opsAgents.role, created_on: opsAgents.created_on };
  const toRow = (agent: { user_id: number; role: string; created_on: Date }, person: PersonRow): OpsAgentRow => ({
    user_id: agent.user_id,
    mobile: person.mobile,
    first_name: person.first_name,
    last_name: person.last_name,
    role: agent.role as OpsRole,
    blocked: person.blocked,
    created_on: agent.created_on.toISOString(),
  });

  async function one(tx: DbOrTx, userId: number): Promise<OpsAgentRow | undefined> {
    const [row] = await tx.select(columns).from(opsAgents).where(eq(opsAgents.user_id, userId)).limit(1);
    const person = row && (await people(tx, [userId])).get(userId);
    return row && person ? toRow(row, person) : undefined;
  }

  /** Takes the agents lock and answers how many admins can still sign in. */
  async function lockAndCountAdmins(tx: DbOrTx): Promise<number> {
    await tx.execute(sql`select pg_advisory_xact_lock(${AGENTS_LOCK})`);
    const admins = await tx.select({ user_id: opsAgents.user_id }).from(opsAgents).where(eq(opsAgents.role, 'admin'));
    const persons = await people(
      tx,
      admins.map((a) => a.user_id),
    );
    return [...persons.values()].filter((p) => !p.blocked).length;
  }
  const isLastAdmin = (agent: OpsAgentRow, admins: number) => agent.role === 'admin' && !agent.blocked && admins <= 1;

  return {
    async list(): Promise<OpsAgentRow[]> {
      const agents = new Map((await db.select(columns).from(opsAgents)).map((a) => [a.user_id, a]));
      // By role, then by name as the database orders names: the people come in name order and the sort keeps it.
      const rows = (await peopleByName(db, [...agents.keys()])).map((person) => toRow(agents.get(person.user_id)!, person));
      return rows.sort((a, b) => (a.role < b.role ? -1 : a.role > b.role ? 1 : 0));
    },

    /** Makes a mobile an agent, creating its account when it has none. */
    async add(
      change: AgentChange,
      input: { mobile: string; role: OpsRole; first_name?: string | undefined },
    ): Promise<{ agent: OpsAgentRow; createdUser: boolean }> {
      return db.transaction(async (tx) => {
        await lockAndCountAdmins(tx);
        let user = await users.byMobile(input.mobile, tx);
        const createdUser = !user;
        if (!user) user = await users.create({ mobile: input.mobile, first_name: input.first_name || null }, tx);
        if (user!.blocked) throw conflict(say('ops.agentBlocked'));
        if (await one(tx, user!.user_id)) throw conflict(say('ops.agentAlready'));
        await tx.insert(opsAgents).values({ user_id: user!.user_id, role: input.role });
        const agent = (await one(tx, user!.user_id))!;
        await audit.record(
          {
            actor_user_id: change.actor,
            action: 'agent.add',
            entity_type: 'user',
            entity_id: agent.user_id,
            after: { mobile: agent.mobile, role: agent.role, created_user: createdUser },
          },
          tx,
        );
        return { agent, createdUser };
      });
    },

    async setRole(change: AgentChange, userId: number, role: OpsRole): Promise<OpsAgentRow> {
      const agent = await db.transaction(async (tx) => {
        const admins = await lockAndCountAdmins(tx);
        const before = await one(tx, userId);
        if (!before) throw notFound(say('ops.agentNotFound'));
        if (before.role === role) return before;
        if (role !== 'admin' && isLastAdmin(before, admins)) throw conflict(say('ops.agentLastAdmin'));
        await tx.update(opsAgents).set({ role }).where(eq(opsAgents.user_id, userId));
        await audit.record(
          {
            actor_user_id: change.actor,
            action: 'agent.role',
            entity_type: 'user',
            entity_id: userId,
            before: { role: before.role },
            after: { role },
          },
          tx,
        );
        return { ...before, role };
      });
      // The agent signs in again and gets the new role's console (and sockets) from the start.
      await sessions.destroyAllFor('ops', userId);
      return agent;
    },

    async remove(change: AgentChange, userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const admins = await lockAndCountAdmins(tx);
        const before = await one(tx, userId);
        if (!before) throw notFound(say('ops.agentNotFound'));
        if (isLastAdmin(before, admins)) throw conflict(say('ops.agentLastAdmin'));
        await tx.delete(opsAgents).where(eq(opsAgents.user_id, userId));
        await audit.record(
          {
            actor_user_id: change.actor,
            action: 'agent.remove',
            entity_type: 'user',
            entity_id: userId,
            before: { mobile: before.mobile, role: before.role },
          },
          tx,
        );
      });
      await sessions.destroyAllFor('ops', userId);
    },
  };
}
export type OpsAgentsService = ReturnType<typeof createOpsAgentsService>;
