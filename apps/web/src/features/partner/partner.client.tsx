import { startArea } from '../../shared/area-app';
import { partnerRoutes } from './partner-routes';

/**
 * The partner portal's browser entry (`pages/partner.html`, served for
 * `/partner/` and every address under it): the portal's routes only; the
 * login is its first screen, drawn by the server for `/partner/` and
 * hydrated here; the portal's pages load once the session is known.
 */
startArea(partnerRoutes, {
  // The server draws the login at /partner/ only; a page under it draws itself.
  serverPage: () => /^\/partner\/?$/.test(location.pathname),
});
