/**
 * The calls the team area's and the partner portal's first screens make
 * before anyone acts, without schemas (their routes are in team.ts and
 * auth.ts, which load zod): the browser shows the login, or knows whom to
 * greet, from these alone. `first-calls.test.ts` keeps them equal to the routes.
 */
import type { SessionUser } from './auth';
import type { FirstCall } from './paths';
import type { Team, TeamMember } from './team';

const get = <D>(path: string): FirstCall<D> => ({ method: 'GET', path });

export const teamFirstCalls = {
  /** The team by its code (`teamRoutes.team`). */
  team: get<Team>('/team/get'),
  /** The signed-in member, or null (`teamRoutes.me`). */
  me: get<TeamMember | null>('/team/user/get'),
};

export const partnerFirstCalls = {
  /** The signed-in partner, or null (`partnerAuthRoutes.me`). */
  me: get<SessionUser | null>('/partner/user/get'),
};
