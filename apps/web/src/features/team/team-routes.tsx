import { Route } from 'react-router';
import { TeamArea } from './team-area';

/** The team area's routes: the browser entry's and the server's login page's. */
export const teamRoutes = (
  <>
    <Route path="/mt" element={<TeamArea />} />
    {/* The team area's own screens (projects, a project, its lead form, the report and its lists) live under the team code. */}
    <Route path="/mt/:teamCode/*" element={<TeamArea />} />
  </>
);
