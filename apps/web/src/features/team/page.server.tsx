import type { ReactNode } from 'react';
import { StaticRouter } from 'react-router';
import type { TeamLoginPageData } from '@pmw/contract/area-pages';
import type { Locale } from '@pmw/contract/locale';
import { renderPage } from '../../shared/public-page/render';
import { AreaTree } from '../../shared/area-tree';
import { createQueryClient } from '../../shared/query-client';
import { teamRoutes } from './team-routes';
import { teamKeys } from './team-session';
import { AREA_LOGIN_KEY } from '../../shared/area-login-state';

/** The team's login on the server (`/mt/{team_code}`): the team's name, its manager label and the form in the first response. */
export const render = (locale: Locale, data: TeamLoginPageData) =>
  renderPage(locale, data, (d) => {
    const client = createQueryClient();
    client.setQueryData(teamKeys.team(d.code), d.team);
    client.setQueryData(AREA_LOGIN_KEY, d.login ?? null);
    const router = ({ children }: { children: ReactNode }) => (
      <StaticRouter location={`/mt/${encodeURIComponent(d.code)}`}>{children}</StaticRouter>
    );
    return <AreaTree client={client} router={router} routes={teamRoutes} />;
  });
