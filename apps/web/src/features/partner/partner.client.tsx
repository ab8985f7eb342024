import { Route } from 'react-router';
import { startArea } from '../../shared/area-app';
import { PartnerArea } from './partner-area';

/**
 * The partner portal's browser entry (`pages/partner.html`, served for
 * `/partner/` and every address under it): the portal's routes only; the
 * login is its first screen, the portal's pages load once the session is known.
 */
startArea(<Route path="/partner/*" element={<PartnerArea />} />);
