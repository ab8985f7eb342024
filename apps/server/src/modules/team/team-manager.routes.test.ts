import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { partnerTeamSchema } from '@pmw/contract/partner-team';
import { leadCountsSchema, reportPageSchema } from '@pmw/contract/partner';
import { formResponses } from '../../db/schema/index';
import { body, cookieHeader, createTestApp, latestOtp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { TEAM_DEMO } from '../../seed/team.seed';

let t: TestApp;
let asha: string;
let ravi: string;
beforeAll(async () => {
  t = await createTestApp();
  asha = await loginWorker(t, '9876500001');
  ravi = await loginWorker(t, '9876500002');
});
afterAll(async () => t.close());

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: cookie ? { cookie } : {} });

async function joinTeam(mobile: string, team_code: string) {
  const sent = await post('/team/otp/send', '', { mobile, feature: 'MT', team_code });
  if (sent.statusCode !== 200) return sent;
  const { request_id } = body<{ request_id: string }>(sent).data;
  return post('/team/login/otp', '', { request_id, team_code, first_name: 'Nisha', mobile, otp: await latestOtp(t, mobile) });
}

describe('the Team page of a team manager', () => {
  it('shows the team, its share link, policy and members', async () => {
    const res = await get('/partner/team', ravi);
    expect(res.statusCode).toBe(200);
    const team = partnerTeamSchema.parse(body(res).data);
    expect(team).toMatchObject({ team_code: 'TEAM02', join_policy: 'invite_only' });
    expect(team.share_link).toMatch(/\/mt\/TEAM02$/);
    expect(team.members.map((m) => m.user_id)).toEqual([TEAM_DEMO.kiran.user_id]);
  });

  it('adds a member to an invite-only team, who may then log in; blocking refuses them at once; unblocking lets them back', async () => {
    const mobile = '9876561101';
    expect(body(await joinTeam(mobile, 'TEAM02')).message).toBe(
      'This team is by invitation only. Please ask your team manager to add you.',
    );
    const added = await post('/partner/team/members', ravi, { mobile: `+91 ${mobile}`, first_name: 'Nisha' });
    expect(added.statusCode).toBe(200);
    const { user_id } = body<{ user_id: number }>(added).data;
    const login = await joinTeam(mobile, 'TEAM02');
    expect(login.statusCode).toBe(200);
    const member = cookieHeader(login);
    expect((await get('/team/projects', member)).statusCode).toBe(200);

    const blocked = await post(`/partner/team/members/${user_id}/block`, ravi);
    expect(blocked.statusCode).toBe(200);
    expect(body(blocked).data).toEqual({ user_id, blocked: true });
    expect((await get('/team/projects', member)).statusCode).toBe(401);
    expect((await joinTeam(mobile, 'TEAM02')).statusCode).toBe(403);

    expect(body(await post(`/partner/team/members/${user_id}/unblock`, ravi)).data).toEqual({ user_id, blocked: false });
    expect((await joinTeam(mobile, 'TEAM02')).statusCode).toBe(200);

    const ops = await loginOps(t);
    const audit = body<{ rows: { action: string }[] }>(await get('/ops/audit?entity_type=team&entity_id=2', ops)).data.rows.map(
      (r) => r.action,
    );
    expect(audit).toEqual(expect.arrayContaining(['team.member_add', 'team.member_block', 'team.member_unblock']));
  });

  it('refuses bad input, members of other teams (404) and partners who manage no team (403)', async () => {
    expect((await post('/partner/team/members', ravi, { mobile: '12345', first_name: 'X' })).statusCode).toBe(400);
    expect((await post('/partner/team/members', ravi, { mobile: '9876561102', first_name: '' })).statusCode).toBe(400);
    expect((await post(`/partner/team/members/${TEAM_DEMO.meena.user_id}/block`, ravi)).statusCode).toBe(404);
    expect((await get(`/partner/team/leads?member_user_id=${TEAM_DEMO.meena.user_id}`, ravi)).statusCode).toBe(404);
    expect((await get('/partner/team/leads?member_user_id=abc', ravi)).statusCode).toBe(400);
    const stranger = await loginWorker(t, '9876561199');
    for (const res of [
      await get('/partner/team', stranger),
      await post('/partner/team/members', stranger, { mobile: '9876561103', first_name: 'Y' }),
      await get('/partner/team/leads', stranger),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toBe('You do not manage a team');
    }
    expect((await get('/partner/team', '')).statusCode).toBe(401);
  });

  it("lists the leads of the manager's own members only, with the report's counts and filters", async () => {
    const teamLeads = async (where: ReturnType<typeof and>) =>
      (await t.database.db.select({ n: count() }).from(formResponses).where(where))[0]!.n;
    const all = reportPageSchema.parse(body(await get('/partner/team/leads?limit=100', asha)).data);
    expect(all.count).toBe(await teamLeads(and(eq(formResponses.team_id, 1), isNotNull(formResponses.team_member_user_id))));
    expect(all.count).toBeGreaterThan(0);
    const meena = reportPageSchema.parse(
      body(await get(`/partner/team/leads?limit=100&member_user_id=${TEAM_DEMO.meena.user_id}`, asha)).data,
    );
    expect(meena.count).toBe(
      await teamLeads(and(eq(formResponses.team_id, 1), eq(formResponses.team_member_user_id, TEAM_DEMO.meena.user_id))),
    );
    const counts = leadCountsSchema.parse(
      body(await get(`/partner/team/leads/counts?member_user_id=${TEAM_DEMO.meena.user_id}`, asha)).data,
    );
    expect(counts.PENDING + counts.PENDING_PARTIAL + counts.REJECTED + counts.VERIFIED).toBeLessThanOrEqual(meena.count);
    const approved = reportPageSchema.parse(
      body(await get(`/partner/team/leads?status=1&member_user_id=${TEAM_DEMO.meena.user_id}`, asha)).data,
    );
    expect(approved.rows.every((r) => r.status === 1)).toBe(true);
    expect(approved.count).toBe(counts.VERIFIED);
    // Ravi's team leads are not Asha's.
    const raviLeads = reportPageSchema.parse(body(await get('/partner/team/leads?limit=100', ravi)).data);
    expect(raviLeads.rows.map((r) => r.form_response_id).some((id) => all.rows.some((a) => a.form_response_id === id))).toBe(false);
  });
});
