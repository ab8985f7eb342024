import { describe, expect, it } from 'vitest';
import { partnerAuthRoutes } from './auth';
import { partnerFirstCalls, teamFirstCalls } from './first-calls';
import { teamRoutes } from './team';

describe('first calls', () => {
  it('are the routes they stand for, method and path', () => {
    const pairs = [
      [teamFirstCalls.team, teamRoutes.team],
      [teamFirstCalls.me, teamRoutes.me],
      [partnerFirstCalls.me, partnerAuthRoutes.me],
    ] as const;
    for (const [call, route] of pairs) expect({ method: call.method, path: call.path }).toEqual({ method: route.method, path: route.path });
  });

  it('answer what their routes answer, unchanged by the schema (no transforms to miss)', () => {
    const team = { team_code: 'TEAM01', profile_picture_url: null, User: { first_name: 'Asha' } };
    const member = { user_id: 111, first_name: 'Meena', mobile: '9876500011', team_id: 1, team_code: 'TEAM01' };
    const partner = { user_id: 101, pmw_id: 'PMW101', mobile: '9876500001', first_name: 'Asha', email: null, profile_picture_url: null };
    expect(teamRoutes.team.response.parse(team)).toEqual(team);
    expect(teamRoutes.me.response.parse(member)).toEqual(member);
    expect(teamRoutes.me.response.parse(null)).toBeNull();
    expect(partnerAuthRoutes.me.response.parse(partner)).toEqual(partner);
  });
});
