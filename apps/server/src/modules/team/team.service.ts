import { and, asc, eq, sql } from 'drizzle-orm';
import {
  criteriaPairs,
  type ReverseGeocode,
  type Team,
  type TeamLead,
  type TeamMember,
  type TeamJoinPolicy,
  type TeamProject,
} from '@pmw/contract/team';
import type { LeadInputValue, MapLocation } from '@pmw/contract/lead-form';
import { isListedForPartners } from '@pmw/contract/hiring';
import type { Db } from '../../db/client';
import { firstLiveCampaign } from '../campaign/campaign-reads';
import { memberLeadCounts, memberLeadCountsByForm, memberLeads } from '../leads/member-lead-reads';
import { employerName, jobById, jobTitlesInOrder, jobsServingPincode, teamProjectRows } from '../projects/job-reads';
import { teamMembers, teams } from '../../db/schema/team';
import { AppError, notFound } from '../../errors';
import type { GeocodeProvider } from '../../providers/geocode';
import { formIn, type LeadsService } from '../leads/leads.service';
import { nameIn, projectIn } from '@pmw/contract/content-language';
import type { Locale } from '@pmw/contract/locale';
import type { UsersService } from '../users/users.service';
import { say } from '@pmw/contract/texts/said';

export type TeamRow = typeof teams.$inferSelect;

const blocked = () => new AppError('BLOCKED', say('common.accountRemoved'));
const inviteOnly = () => new AppError('FORBIDDEN', say('team.inviteOnly'));
const invalidTeam = () => notFound(say('team.invalidUrl'));

/**
 * Teams and their members, and what a member sees: the projects they can
 * work on, their share links and their own leads. Leads are created through
 * the leads service, attributed to the member and their team.
 */
export function createTeamService(deps: {
  db: Db;
  users: UsersService;
  leads: LeadsService;
  geocoder: GeocodeProvider;
  /** Origin that replaces the host of shared links; undefined means the caller's origin. */
  shareOrigin: string | undefined;
}) {
  const { db, users, leads, geocoder } = deps;

  async function teamByCode(code: string): Promise<TeamRow | undefined> {
    const [row] = await db.select().from(teams).where(eq(teams.team_code, code.toUpperCase())).limit(1);
    return row;
  }
  async function isMember(teamId: number, userId: number): Promise<boolean> {
    const [row] = await db
      .select({ user_id: teamMembers.user_id })
      .from(teamMembers)
      .where(and(eq(teamMembers.team_id, teamId), eq(teamMembers.user_id, userId)))
      .limit(1);
    return !!row;
  }
  async function teamById(teamId: number): Promise<TeamRow> {
    const [row] = await db.select().from(teams).where(eq(teams.team_id, teamId)).limit(1);
    if (!row) throw invalidTeam();
    return row;
  }

  /** A project a member may see (listed, with a form). */
  async function listedJob(jobId: number) {
    const row = await jobById(db, jobId);
    if (!row || !isListedForPartners(row)) throw notFound(say('common.projectNotFound'));
    return row;
  }

  const service = {
    teamByCode,

    /** The team as the login page shows it; the manager is a label only. */
    async publicTeam(code: string): Promise<Team> {
      const team = await teamByCode(code);
      if (!team) throw invalidTeam();
      const manager = await users.sessionUser(team.manager_user_id);
      return { team_code: team.team_code, profile_picture_url: manager.profile_picture_url, User: { first_name: manager.first_name } };
    },

    /** Whether a person is a blocked member of a team (not a member at all is not blocked). */
    async isBlocked(teamId: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ blocked: teamMembers.blocked })
        .from(teamMembers)
        .where(and(eq(teamMembers.team_id, teamId), eq(teamMembers.user_id, userId)))
        .limit(1);
      return row?.blocked === true;
    },

    /** Whether a person is blocked in any team: they get no team OTP and join no other team. */
    async isBlockedAnywhere(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ user_id: teamMembers.user_id })
        .from(teamMembers)
        .where(and(eq(teamMembers.user_id, userId), eq(teamMembers.blocked, true)))
        .limit(1);
      return !!row;
    },

    /**
     * Refuses, before an OTP is spent, a stranger to an invite-only team. A
     * blocked member is answered like anyone else here (a stranger typing
     * their number learns nothing); they are told after the OTP is verified.
     */
    async assertMayAskOtp(mobile: string, teamCode: string | undefined): Promise<void> {
      if (teamCode === undefined) return;
      const user = await users.byMobile(mobile);
      const team = await teamByCode(teamCode);
      if (!team) throw invalidTeam();
      if (team.join_policy === 'invite_only' && !(user && (await isMember(team.team_id, user.user_id)))) throw inviteOnly();
    },

    /** After the OTP: a person blocked anywhere joins no team and logs in to none. */
    async assertMayLogIn(mobile: string, teamCode: string): Promise<void> {
      await service.assertMayAskOtp(mobile, teamCode);
      const user = await users.byMobile(mobile);
      if (user && (user.blocked || (await service.isBlockedAnywhere(user.user_id)))) throw blocked();
    },

    /** Refuses a member who is blocked, in the team or as a person; used at login and on every request. */
    async assertActiveMember(teamId: number, userId: number): Promise<void> {
      const [row] = await db
        .select({ blocked: teamMembers.blocked })
        .from(teamMembers)
        .where(and(eq(teamMembers.team_id, teamId), eq(teamMembers.user_id, userId)))
        .limit(1);
      if (!row || row.blocked) throw blocked();
    },

    /**
     * After the OTP is verified: the person behind the mobile (named at their
     * first login) joins the team if not yet a member. A blocked member is refused.
     */
    async login(input: { team_code: string; first_name: string; mobile: string }): Promise<TeamMember> {
      const team = await teamByCode(input.team_code);
      if (!team) throw invalidTeam();
      // Checked before a person is made, so an invite-only team adds nobody by itself.
      await service.assertMayLogIn(input.mobile, input.team_code);
      const user = await users.findOrCreateByMobile(input.mobile, input.first_name);
      if (user.blocked) throw blocked();
      if (!user.first_name) await users.updateName(user.user_id, input.first_name);
      await db.insert(teamMembers).values({ team_id: team.team_id, user_id: user.user_id }).onConflictDoNothing();
      await service.assertActiveMember(team.team_id, user.user_id);
      return {
        user_id: user.user_id,
        first_name: user.first_name ?? input.first_name,
        mobile: user.mobile,
        team_id: team.team_id,
        team_code: team.team_code,
      };
    },

    /** The mobiles a member's lead may not be for: their own and their team manager's (nobody is paid for referring themselves). */
    async ownMobiles(member: { userId: number; teamId: number }): Promise<string[]> {
      const team = await teamById(member.teamId);
      const [self, manager] = await Promise.all([users.byId(member.userId), users.byId(team.manager_user_id)]);
      return [self?.mobile, manager?.mobile].filter((m): m is string => !!m);
    },

    async member(userId: number, teamId: number): Promise<TeamMember> {
      const team = await teamById(teamId);
      const user = await users.byId(userId);
      if (!user) throw notFound(say('common.userNotFound'));
      return { user_id: user.user_id, first_name: user.first_name, mobile: user.mobile, team_id: team.team_id, team_code: team.team_code };
    },

    async projects(locale: Locale = 'en'): Promise<{ categories: { job_category_id: number; title: string }[]; projects: TeamProject[] }> {
      const rows = await teamProjectRows(db);
      const projects = rows
        .filter(isListedForPartners)
        .map(({ hidden_from_partners: _hidden, translations, category_translations, employer_translations, ...p }) => ({
          ...projectIn(p, translations, locale),
          category_title: nameIn(p.category_title, category_translations, locale),
          employer_name: nameIn(p.employer_name, employer_translations, locale),
        }));
      const categories = new Map<number, string>();
      for (const p of projects) categories.set(p.job_category_id, p.category_title);
      return { categories: [...categories].map(([job_category_id, title]) => ({ job_category_id, title })), projects };
    },

    async projectData(jobId: number, locale: Locale = 'en') {
      const job = await listedJob(jobId);
      const stored = await leads.formByJob(job.job_id);
      if (!stored) throw notFound(say('common.projectNotFound'));
      const form = formIn(stored, locale);
      return {
        form_id: form.form_id,
        job_id: form.job_id,
        job_title: form.job_title,
        is_otp_required: form.is_otp_required,
        description: form.description,
        inputs: form.inputs.map(({ translations: _t, ...input }) => input),
      };
    },

    async projectInfo(jobId: number, locale: Locale = 'en') {
      const stored = await listedJob(jobId);
      const job = projectIn(stored, stored.translations, locale);
      const employer = await employerName(db, job.employer_id);
      return {
        job_id: job.job_id,
        job_title: job.job_title,
        employer_name: employer ? nameIn(employer.name, employer.translations, locale) : '',
        tag_line: job.tag_line,
        description: job.description,
        rewards: job.rewards,
        payout_text: job.payout_text,
        criteria: criteriaPairs(job.criteria),
        features: job.features,
        customer_tnc: job.customer_tnc,
      };
    },

    /** Which of the given projects serve a pincode. */
    async filterByPincode(jobIds: number[], pincode: string): Promise<number[]> {
      if (jobIds.length === 0) return [];
      return jobsServingPincode(db, jobIds, pincode);
    },

    /** The team leader's campaign link for a project, on the share host. */
    async shareLink(teamId: number, jobId: number, requestOrigin: string): Promise<string> {
      const team = await teamById(teamId);
      await listedJob(jobId);
      const campaign = await firstLiveCampaign(db, team.manager_user_id);
      if (!campaign) throw notFound(say('team.shareUnavailable'));
      const origin = deps.shareOrigin ?? requestOrigin;
      return new URL(`/utm/${encodeURIComponent(campaign.utm_code)}/${jobId}`, origin).toString();
    },

    async taskCount(member: { userId: number; teamId: number }, range: { start_date?: string | undefined; end_date?: string | undefined }) {
      const row = await memberLeadCounts(db, member, range);
      const c = row ?? { added: 0, verified: 0, rejected: 0, expired: 0 };
      return { ...c, total: c.added + c.verified + c.rejected + c.expired };
    },

    async projectReport(
      member: { userId: number; teamId: number },
      range: { start_date?: string | undefined; end_date?: string | undefined },
      locale: Locale = 'en',
    ) {
      const counted = await memberLeadCountsByForm(db, member, range);
      const jobs = await jobTitlesInOrder(db, [...new Set(counted.map((r) => r.job_id))]);
      const order = new Map(jobs.map((j, i) => [j.job_id, i]));
      const rows = counted
        .filter((r) => order.has(r.job_id))
        .map((r) => ({
          job_id: r.job_id,
          form_id: r.form_id,
          job_title: jobs[order.get(r.job_id)!]!.job_title,
          translations: jobs[order.get(r.job_id)!]!.translations,
          added: r.added,
          verified: r.verified,
          rejected: r.rejected,
          expired: r.expired,
        }))
        .sort((a, b) => order.get(a.job_id)! - order.get(b.job_id)!);
      return rows.map(({ translations, ...r }) => projectIn(r, translations, locale));
    },

    /** A member's own leads for one project and one status, newest first. */
    async reportData(
      member: { userId: number; teamId: number },
      q: { form_id: number; status: number; archive_status: number },
    ): Promise<TeamLead[]> {
      const { rows, data } = await memberLeads(db, member, q);
      return rows.map((r) => ({
        form_response_id: r.form_response_id,
        form_id: r.form_id,
        job_id: r.job_id,
        customer_name: r.customer_name,
        customer_mobile: r.customer_mobile,
        status: r.status,
        archive_status: r.archive_status,
        sub_status: r.sub_status,
        status_comment: r.status_comment,
        mobile_check: r.mobile_check,
        created_on: r.created_on.toISOString(),
        response_data: data
          .filter((d) => d.form_response_id === r.form_response_id)
          .sort((a, b) => a.input_id - b.input_id)
          .map(({ input_id, value }) => ({ input_id, value })),
      }));
    },

    async completeLead(
      member: { userId: number; teamId: number },
      input: { form_response_id: number; values: LeadInputValue[]; location?: MapLocation | undefined; locale?: Locale | undefined },
    ) {
      const attribution = { team_member_user_id: member.userId, team_id: member.teamId };
      const lead = await leads.leadWithData(input.form_response_id, attribution);
      // A lead made in another team stays there, even for the same person.
      if (lead.team_id !== member.teamId) throw notFound(say('common.leadNotFound'));
      const row = await leads.completeLead({
        form_response_id: input.form_response_id,
        values: input.values,
        attribution,
        uploader: { kind: 'team', id: member.userId },
        location: input.location,
        locale: input.locale,
      });
      return { form_response_id: row.form_response_id };
    },

    async reverseGeocode(lat: number, lng: number): Promise<ReverseGeocode> {
      return { lat, lng, ...(await geocoder.reverse(lat, lng)) };
    },

    /** Ops console: every team with its manager and member counts. */
    async opsTeams() {
      const rows = await db
        .select({
          team_id: teams.team_id,
          team_code: teams.team_code,
          manager_user_id: teams.manager_user_id,
          join_policy: teams.join_policy,
          created_on: teams.created_on,
          members: sql<number>`(select count(*)::int from team_members m where m.team_id = "teams"."team_id")`,
        })
        .from(teams)
        .orderBy(asc(teams.team_code));
      return rows.map((r) => ({ ...r, members: Number(r.members), created_on: r.created_on.toISOString() }));
    },
    /** Ops console: a new team; the code is kept upper case and must be free. */
    async opsCreateTeam(input: { team_code: string; manager_user_id: number; join_policy?: TeamJoinPolicy }): Promise<TeamRow> {
      if (await teamByCode(input.team_code)) throw new AppError('CONFLICT', say('team.codeTaken'));
      const [row] = await db
        .insert(teams)
        .values({
          team_code: input.team_code.toUpperCase(),
          manager_user_id: input.manager_user_id,
          join_policy: input.join_policy ?? 'invite_only',
        })
        .returning();
      return row!;
    },
    /** Ops console: whether numbers may join the team freely. */
    async opsSetJoinPolicy(teamId: number, policy: TeamJoinPolicy): Promise<{ before: TeamRow; after: TeamRow }> {
      const [before] = await db.select().from(teams).where(eq(teams.team_id, teamId)).limit(1);
      if (!before) throw notFound(say('team.teamNotFound'));
      const [after] = await db.update(teams).set({ join_policy: policy }).where(eq(teams.team_id, teamId)).returning();
      return { before, after: after! };
    },
    async opsMembers(teamId: number) {
      return db
        .select({ user_id: teamMembers.user_id, blocked: teamMembers.blocked, created_on: teamMembers.created_on })
        .from(teamMembers)
        .where(eq(teamMembers.team_id, teamId))
        .orderBy(asc(teamMembers.created_on));
    },
    /** Ops console: adds a person (made by mobile when new) to a team; adding twice changes nothing. */
    async opsAddMember(teamId: number, input: { mobile: string; first_name: string }) {
      const [team] = await db.select().from(teams).where(eq(teams.team_id, teamId)).limit(1);
      if (!team) throw notFound(say('team.teamNotFound'));
      const user = await users.findOrCreateByMobile(input.mobile, input.first_name);
      await db.insert(teamMembers).values({ team_id: teamId, user_id: user.user_id }).onConflictDoNothing();
      return { user_id: user.user_id };
    },
    /** Ops console: block or unblock a member; a blocked member is refused on their next request. */
    async opsSetMemberBlocked(teamId: number, userId: number, isBlocked: boolean) {
      const [row] = await db
        .update(teamMembers)
        .set({ blocked: isBlocked, modified_on: new Date() })
        .where(and(eq(teamMembers.team_id, teamId), eq(teamMembers.user_id, userId)))
        .returning();
      if (!row) throw notFound(say('team.memberNotFound'));
      return { user_id: row.user_id, blocked: row.blocked };
    },
  };
  return service;
}
export type TeamService = ReturnType<typeof createTeamService>;
