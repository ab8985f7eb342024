import { and, asc, eq } from 'drizzle-orm';
import { type PartnerTeam } from '@pmw/contract/partner-team';
import type { Db } from '../../db/client';
import { teamMembers, teams } from '../../db/schema/team';
import { forbidden, notFound } from '../../errors';
import type { TeamService } from './team.service';
import type { UsersService } from '../users/users.service';
import { say } from '@pmw/contract/texts/said';

type TeamRow = typeof teams.$inferSelect;

/**
 * What a team's manager (a partner) does from the portal: sees the team and
 * its members, adds members (an invite-only team needs them added first),
 * blocks and unblocks them. A partner who manages no team is refused (403);
 * a person outside the manager's team is not found (404). When a partner
 * manages more than one team the oldest is theirs here (ops run the others).
 */
export function createTeamManagerService(deps: { db: Db; team: TeamService; users: Pick<UsersService, 'contacts'> }) {
  const { db, team } = deps;

  /** The team's members, oldest first, with their names and mobiles. */
  async function membersOf(teamId: number) {
    const rows = await db
      .select({ user_id: teamMembers.user_id, blocked: teamMembers.blocked, created_on: teamMembers.created_on })
      .from(teamMembers)
      .where(eq(teamMembers.team_id, teamId))
      .orderBy(asc(teamMembers.created_on), asc(teamMembers.user_id));
    const people = await deps.users.contacts(rows.map((r) => r.user_id));
    return rows.flatMap((r) => {
      const p = people.get(r.user_id);
      return p ? [{ ...r, first_name: p.first_name, mobile: p.mobile }] : [];
    });
  }

  async function managed(userId: number): Promise<TeamRow> {
    const [row] = await db
      .select()
      .from(teams)
      .where(eq(teams.manager_user_id, userId))
      .orderBy(asc(teams.created_on), asc(teams.team_id))
      .limit(1);
    if (!row) throw forbidden(say('partnerTeam.notManager'));
    return row;
  }

  async function assertMember(teamId: number, userId: number): Promise<void> {
    const [row] = await db
      .select({ u: teamMembers.user_id })
      .from(teamMembers)
      .where(and(eq(teamMembers.team_id, teamId), eq(teamMembers.user_id, userId)))
      .limit(1);
    if (!row) throw notFound(say('partnerTeam.memberNotFound'));
  }

  return {
    managed,
    assertMember,

    /** The managed team and its members, oldest first, for the manager's dashboard. */
    async roster(
      userId: number,
    ): Promise<{ team_id: number; team_code: string; members: { user_id: number; first_name: string | null; blocked: boolean }[] }> {
      const t = await managed(userId);
      const members = (await membersOf(t.team_id)).map((m) => ({ user_id: m.user_id, first_name: m.first_name, blocked: m.blocked }));
      return { team_id: t.team_id, team_code: t.team_code, members };
    },

    async view(userId: number, shareOrigin: string): Promise<Omit<PartnerTeam, 'projects'>> {
      const t = await managed(userId);
      const members = (await membersOf(t.team_id)).map((m) => ({
        user_id: m.user_id,
        first_name: m.first_name,
        mobile: m.mobile,
        blocked: m.blocked,
        created_on: m.created_on,
      }));
      return {
        team_id: t.team_id,
        team_code: t.team_code,
        share_link: new URL(`/mt/${encodeURIComponent(t.team_code)}`, shareOrigin).toString(),
        join_policy: t.join_policy,
        members: members.map((m) => ({ ...m, created_on: m.created_on.toISOString() })),
      };
    },

    async addMember(userId: number, input: { mobile: string; first_name: string }): Promise<{ team_id: number; user_id: number }> {
      const t = await managed(userId);
      const r = await team.opsAddMember(t.team_id, input);
      return { team_id: t.team_id, user_id: r.user_id };
    },

    async setBlocked(userId: number, memberId: number, blocked: boolean): Promise<{ team_id: number; user_id: number; blocked: boolean }> {
      const t = await managed(userId);
      await assertMember(t.team_id, memberId);
      const r = await team.opsSetMemberBlocked(t.team_id, memberId, blocked);
      return { team_id: t.team_id, ...r };
    },
  };
}
export type TeamManagerService = ReturnType<typeof createTeamManagerService>;
