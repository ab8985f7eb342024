import type { FastifyRequest } from 'fastify';
import type { TeamLoginPageData } from '@pmw/contract/area-pages';
import type { Team } from '@pmw/contract/team';
import { AppError } from '../errors';
import type { PublicPages } from './public-pages';

const TITLE = 'PickMyWork';

/**
 * The team area's login (`/mt/{team_code}`) and the partner portal's
 * (`/partner/`) drawn by the server, so a phone on a slow network shows a
 * form to fill while the area's script is still on its way. Every other
 * address of the two areas, and a team code that does not exist (the area
 * says so itself), gets the area's page as before (`undefined` here).
 */
export function createAreaLogins(deps: { pages: PublicPages; team: { publicTeam(code: string): Promise<Team> } }) {
  const { pages } = deps;
  return async function render(req: FastifyRequest): Promise<string | undefined> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const pathname = req.url.split(/[?#]/)[0] ?? '';
    if (/^\/partner\/?$/.test(pathname)) {
      if (!pages.available('partner')) return undefined;
      return pages.render(req, 'partner', null, { title: TITLE });
    }
    const teamCode = /^\/mt\/([^/]+)\/?$/.exec(pathname)?.[1];
    if (teamCode === undefined || !pages.available('team')) return undefined;
    let code: string;
    try {
      code = decodeURIComponent(teamCode).toUpperCase();
    } catch {
      return undefined;
    }
    let team: Team;
    try {
      team = await deps.team.publicTeam(code);
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500)
        req.log.error({ err }, 'team login page data failed; the area fetches it itself');
      return undefined;
    }
    const data: TeamLoginPageData = { code, team };
    return pages.render(req, 'team', data, { title: TITLE, robots: 'noindex' });
  };
}
export type AreaLogins = ReturnType<typeof createAreaLogins>;
