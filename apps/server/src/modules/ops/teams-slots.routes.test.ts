import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { opsSlotSchema, opsTeamMemberSchema, opsTeamSchema } from '@pmw/contract/ops-teams';
import { jobLocations } from '../../db/schema/index';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { loginSupportAgent } from './ops-fixtures.test-helper';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginOps(t);
});
afterAll(async () => t.close());

const send = (method: 'GET' | 'POST', url: string, payload?: object, cookie = admin) =>
  t.app.inject({ method, url: `/api/v2${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

it('adds interview slots per project, date and start time, and lists them with bookings', async () => {
  const [loc] = await t.database.db.select().from(jobLocations).where(eq(jobLocations.job_id, 261)).limit(1);
  const payload = { job_location_id: loc!.job_location_id, date: '2027-01-15', start_times: ['10:00', '11:30'], capacity: 5 };
  const res = await send('POST', '/ops/projects/261/slots', payload);
  expect(body(res)).toMatchObject({ message: '2 slots added', data: { added: 2, skipped: 0 } });
  expect(body(await send('POST', '/ops/projects/261/slots', payload)).data).toEqual({ added: 0, skipped: 2 });
  const slots = z
    .array(opsSlotSchema)
    .parse(body(await send('GET', '/ops/projects/261/slots')).data)
    .filter((s) => s.date === '2027-01-15');
  expect(slots.map((s) => [s.start_time, s.capacity, s.booked, s.bookings])).toEqual([
    ['2027-01-15T04:30:00.000Z', 5, 0, []],
    ['2027-01-15T06:00:00.000Z', 5, 0, []],
  ]);
  expect((await send('POST', '/ops/projects/262/slots', payload)).statusCode).toBe(404);
  expect(body(await send('POST', '/ops/projects/261/slots', { ...payload, start_times: ['25:00'] })).message).toContain(
    'Use times like 10:30',
  );
});

it('creates a team with a code and a manager, adds, blocks and unblocks a member', async () => {
  const created = await send('POST', '/ops/teams', { team_code: 'opsteam9', manager_user_id: 101 });
  const team = opsTeamSchema.parse(body(created).data);
  expect(team).toMatchObject({ team_code: 'OPSTEAM9', manager_user_id: 101, members: 0 });
  expect((await send('POST', '/ops/teams', { team_code: 'OPSTEAM9', manager_user_id: 101 })).statusCode).toBe(409);
  expect((await send('POST', '/ops/teams', { team_code: 'OTHER1', manager_user_id: 99999999 })).statusCode).toBe(404);

  const added = body<{ user_id: number }>(
    await send('POST', `/ops/teams/${team.team_id}/members`, { mobile: '9876504300', first_name: 'Farhan' }),
  ).data;
  const members = () => send('GET', `/ops/teams/${team.team_id}/members`).then((r) => z.array(opsTeamMemberSchema).parse(body(r).data));
  expect(await members()).toEqual([
    expect.objectContaining({ user_id: added.user_id, first_name: 'Farhan', mobile: '9876504300', blocked: false }),
  ]);
  await send('POST', `/ops/teams/${team.team_id}/members/${added.user_id}/block`);
  expect((await members())[0]!.blocked).toBe(true);
  expect(await t.services.team.isBlocked(team.team_id, added.user_id)).toBe(true);
  await send('POST', `/ops/teams/${team.team_id}/members/${added.user_id}/unblock`);
  expect((await members())[0]!.blocked).toBe(false);
  expect((await send('POST', `/ops/teams/${team.team_id}/members/101/block`)).statusCode).toBe(404);
  const teams = z.array(opsTeamSchema).parse(body(await send('GET', '/ops/teams')).data);
  expect(teams.find((x) => x.team_id === team.team_id)?.members).toBe(1);
  const audit = body<{ rows: { action: string }[] }>(
    await send('GET', `/ops/audit?entity_type=team&entity_id=${team.team_id}`),
  ).data.rows.map((r) => r.action);
  expect(audit).toEqual(['team.member_unblock', 'team.member_block', 'team.member_add', 'team.create']);
});

it('refuses the support role (403) and a partner (401)', async () => {
  const support = await loginSupportAgent(t);
  const partner = await loginWorker(t, '9876500001');
  const calls: ['GET' | 'POST', string, object?][] = [
    ['GET', '/ops/projects/261/slots'],
    ['POST', '/ops/projects/261/slots', { job_location_id: 1, date: '2027-01-15', start_times: ['10:00'], capacity: 1 }],
    ['GET', '/ops/teams'],
    ['POST', '/ops/teams', { team_code: 'NOPE12', manager_user_id: 101 }],
    ['GET', '/ops/teams/1/members'],
    ['POST', '/ops/teams/1/members', { mobile: '9876504301', first_name: 'X' }],
    ['POST', '/ops/teams/1/members/2/block'],
    ['POST', '/ops/teams/1/members/2/unblock'],
  ];
  for (const [m, url, payload] of calls) {
    expect((await send(m, url, payload, support)).statusCode, url).toBe(403);
    expect((await send(m, url, payload, partner)).statusCode, url).toBe(401);
  }
});
