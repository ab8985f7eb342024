import { Route } from 'react-router';
import { startArea } from '../../shared/area-app';
import { TeamArea } from './team-area';

/**
 * The team area's browser entry (`pages/team.html`, served for `/mt` and
 * every address under it): the team's routes only; the login is its first
 * screen, a member's screens load once the session is known.
 */
startArea(
  <>
    <Route path="/mt" element={<TeamArea />} />
    {/* The team area's own screens (projects, a project, its lead form, the report and its lists) live under the team code. */}
    <Route path="/mt/:teamCode/*" element={<TeamArea />} />
  </>,
);
