import type { PartnerLoginPageData } from '@pmw/contract/area-pages';
import { startArea } from '../../shared/area-app';
import { AREA_LOGIN_KEY, formAction } from '../../shared/area-login-state';
import { AREA_LOGIN_FORM_PATHS } from '@pmw/contract/area-pages';
import { partnerRoutes } from './partner-routes';

/**
 * The partner portal's browser entry (`pages/partner.html`, served for
 * `/partner/` and every address under it): the portal's routes only; the
 * login is its first screen, drawn by the server for `/partner/` and
 * hydrated here; the portal's pages load once the session is known.
 */
startArea(partnerRoutes, {
  // The server draws the login at /partner/ only; a page under it draws itself.
  serverPage(client, data) {
    // The answer to the login's plain form post is the portal's login: at its address, so the routes and a reload find it.
    if (location.pathname === formAction(AREA_LOGIN_FORM_PATHS.partner)) history.replaceState(null, '', '/partner/');
    if (!/^\/partner\/?$/.test(location.pathname)) return false;
    client.setQueryData(AREA_LOGIN_KEY, (data as PartnerLoginPageData | null)?.login ?? null);
    return true;
  },
});
