import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsTeamSchema } from '@pmw/contract/ops-teams';
import { z } from 'zod';
import { body, cookieHeader, createTestApp, latestOtp, loginOps, type TestApp } from '../../../test/test-app';
import { TEAM_DEMO } from '../../seed/team.seed';

let t: TestApp;
let ops: string;
beforeAll(async () => {
  t = await createTestApp();
  ops = await loginOps(t);
});
afterAll(async () => t.close());

const post = (url: string, payload: object, cookie = '') =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, payload, headers: cookie ? { cookie } : {} });
const put = (url: string, payload: object, cookie = ops) =>
  t.app.inject({ method: 'PUT', url: `/api/v2${url}`, payload, headers: { cookie } });
const INVITE_ONLY = 'This team is by invitation only. Please ask your team manager to add you.';

/** Asks for an OTP (the route's checks first) and logs in with it. */
async function join(mobile: string, team_code: string, first_name = 'New Person') {
  const sent = await post('/team/otp/send', { mobile, feature: 'MT', team_code });
  if (sent.statusCode !== 200) return sent;
  const { request_id } = body<{ request_id: string }>(sent).data;
  return post('/team/login/otp', { request_id, team_code, first_name, mobile, otp: await latestOtp(t, mobile) });
}
/** Logs in with an OTP asked for without the route, as a script that skipped the send checks would. */
async function loginAround(mobile: string, team_code: string) {
  const { request_id } = await t.services.otp.send({ mobile, purpose: 'TEAM_LOGIN', ip: '10.8.1.1' });
  return post('/team/login/otp', { request_id, team_code, first_name: 'Around Person', mobile, otp: await latestOtp(t, mobile) });
}
const teams = async () =>
  z.array(opsTeamSchema).parse(body(await t.app.inject({ method: 'GET', url: '/api/v2/ops/teams', headers: { cookie: ops } })).data);

describe('joining a team', () => {
  it('an open team (the demo TEAM01) takes a new number at its first login', async () => {
    expect((await teams()).find((x) => x.team_code === 'TEAM01')?.join_policy).toBe('open');
    const res = await join('9876561001', 'TEAM01');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('an invite-only team refuses a stranger before an OTP is sent, and at login, and makes no person', async () => {
    expect((await teams()).find((x) => x.team_code === 'TEAM02')?.join_policy).toBe('invite_only');
    const sent = await post('/team/otp/send', { mobile: '9876561002', feature: 'MT', team_code: 'TEAM02' });
    expect(sent.statusCode).toBe(403);
    expect(body(sent).message).toBe(INVITE_ONLY);
    const login = await loginAround('9876561002', 'TEAM02');
    expect(login.statusCode).toBe(403);
    expect(body(login).message).toBe(INVITE_ONLY);
    expect(await t.services.users.byMobile('9876561002')).toBeUndefined();
    // Its members log in as before.
    expect((await join(TEAM_DEMO.kiran.mobile, 'TEAM02', 'Kiran')).statusCode).toBe(200);
    // A member ops add may log in.
    expect((await post('/ops/teams/2/members', { mobile: '9876561003', first_name: 'Added Person' }, ops)).statusCode).toBe(200);
    expect((await join('9876561003', 'TEAM02', 'Added Person')).statusCode).toBe(200);
  });

  it('new teams are invite only; ops open and close a team, audited', async () => {
    const created = await post('/ops/teams', { team_code: 'NEWTEAM1', manager_user_id: 101 }, ops);
    const team = opsTeamSchema.parse(body(created).data);
    expect(team.join_policy).toBe('invite_only');
    expect(body(await join('9876561004', 'NEWTEAM1')).message).toBe(INVITE_ONLY);
    const opened = await put(`/ops/teams/${team.team_id}/join-policy`, { join_policy: 'open' });
    expect(opened.statusCode).toBe(200);
    expect(opsTeamSchema.parse(body(opened).data).join_policy).toBe('open');
    expect((await join('9876561004', 'NEWTEAM1')).statusCode).toBe(200);
    expect((await put(`/ops/teams/${team.team_id}/join-policy`, { join_policy: 'closed' })).statusCode).toBe(400);
    expect((await put('/ops/teams/999999/join-policy', { join_policy: 'open' })).statusCode).toBe(404);
    const audit = body<{ rows: { action: string; after: unknown }[] }>(
      await t.app.inject({ method: 'GET', url: `/api/v2/ops/audit?entity_type=team&entity_id=${team.team_id}`, headers: { cookie: ops } }),
    ).data.rows;
    expect(audit[0]).toMatchObject({ action: 'team.join_policy', after: { join_policy: 'open' } });
  });

  it('a member blocked in one team logs in to no team: told after the OTP, joined nowhere', async () => {
    const blocked = TEAM_DEMO.blocked.mobile;
    await put('/ops/teams/2/join-policy', { join_policy: 'open' });
    for (const team_code of ['TEAM01', 'TEAM02']) {
      const login = await join(blocked, team_code);
      expect(login.statusCode, team_code).toBe(403);
      expect(body(login).code).toBe('BLOCKED');
      expect(cookieHeader(login)).not.toContain('pmw_team');
    }
    // An invite-only team they are not in refuses them as it refuses anyone.
    await put('/ops/teams/2/join-policy', { join_policy: 'invite_only' });
    expect(body(await post('/team/otp/send', { mobile: blocked, feature: 'MT', team_code: 'TEAM02' })).message).toBe(INVITE_ONLY);
    const members = body<{ rows?: { mobile: string }[] } | { mobile: string }[]>(
      await t.app.inject({ method: 'GET', url: '/api/v2/ops/teams/2/members', headers: { cookie: ops } }),
    ).data;
    expect(JSON.stringify(members)).not.toContain(blocked);
  });
});
