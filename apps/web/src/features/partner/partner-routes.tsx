import { Route } from 'react-router';
import { PartnerArea } from './partner-area';

/** The portal's routes: the browser entry's and the server's login page's. */
export const partnerRoutes = <Route path="/partner/*" element={<PartnerArea />} />;
