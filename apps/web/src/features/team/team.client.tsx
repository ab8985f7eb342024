import type { TeamLoginPageData } from '@pmw/contract/area-pages';
import { startArea } from '../../shared/area-app';
import { teamRoutes } from './team-routes';
import { teamKeys } from './team-session';
import { AREA_LOGIN_KEY, formAction } from '../../shared/area-login-state';
import { AREA_LOGIN_FORM_PATHS } from '@pmw/contract/area-pages';

/** The team code of the address (`/mt/{team_code}`), in capitals as the area keys it. */
const addressCode = () => decodeURIComponent(/^\/mt\/([^/]+)\/?$/.exec(location.pathname)?.[1] ?? '').toUpperCase();

/**
 * The team area's browser entry (`pages/team.html`, served for `/mt` and
 * every address under it): the team's routes only; the login is its first
 * screen, drawn by the server for `/mt/{team_code}` and hydrated here; a
 * member's screens load once the session is known.
 */
startArea(teamRoutes, {
  serverPage(client, data) {
    const page = data as TeamLoginPageData;
    // The answer to the login's plain form post is the team's login: at the team's address, so the routes and a reload find it.
    if (location.pathname === formAction(AREA_LOGIN_FORM_PATHS.team))
      history.replaceState(null, '', `/mt/${encodeURIComponent(page.code)}`);
    // The service worker's offline copy is the last /mt page it saw, maybe another team's: then the area draws itself.
    if (page.code !== addressCode()) return false;
    client.setQueryData(teamKeys.team(page.code), page.team);
    client.setQueryData(AREA_LOGIN_KEY, page.login ?? null);
    return true;
  },
});
