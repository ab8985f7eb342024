import { lazy, type ComponentType } from 'react';
import { Navigate, Route } from 'react-router';
import { withCatalogues } from '../shared/i18n';

/** An area's screen as its own lazy chunk, its texts loaded before it renders. */
const screen = (load: () => Promise<ComponentType>) => {
  const Screen = lazy(withCatalogues(() => load().then((Component) => ({ default: Component }))));
  return <Screen />;
};

/**
 * The route table of both specifications (the development server and pages
 * the server could not render). Each area is its own lazy chunk so a page
 * never loads another area's code; `/mt` and `/partner` also have entries of
 * their own (`pages/team.html`, `pages/partner.html`), with the same areas.
 */
export const appRoutes = (
  <>
    <Route path="/" element={<Navigate to="/partner/" replace />} />
    <Route path="/reports" element={<Navigate to="/partner/" replace />} />
    <Route path="/partner/*" element={screen(() => import('../features/partner/partner-area').then((m) => m.PartnerArea))} />
    <Route
      path="/application/:jobId/:locationId/:recruiterId"
      element={screen(() => import('../features/candidate/job-page').then((m) => m.JobPage))}
    />
    <Route path="/detailsPage" element={screen(() => import('../features/candidate/details-page').then((m) => m.DetailsPage))} />
    <Route path="/slotselect" element={screen(() => import('../features/candidate/slot-page').then((m) => m.SlotPage))} />
    <Route
      path="/bueno/output"
      element={screen(() => import('../features/data-download/data-download-page').then((m) => m.DataDownloadPage))}
    />
    <Route path="/utm/:utmCode/:jid?" element={screen(() => import('../features/campaign/campaign-page').then((m) => m.CampaignPage))} />
    <Route path="/mt" element={screen(() => import('../features/team/team-area').then((m) => m.TeamArea))} />
    {/* The team area's own screens (projects, a project, its lead form, the report and its lists) live under the team code. */}
    <Route path="/mt/:teamCode/*" element={screen(() => import('../features/team/team-area').then((m) => m.TeamArea))} />
    <Route path="/support/*" element={screen(() => import('../features/support/support-area').then((m) => m.SupportArea))} />
    <Route
      path="/fb/:jobTaskId/:refValue/:userId/:otp"
      element={screen(() => import('../features/feedback/feedback-page').then((m) => m.FeedbackPage))}
    />
    <Route
      path="/ops/support/*"
      element={screen(() => import('../features/support-desk/support-desk-area').then((m) => m.SupportDeskArea))}
    />
    <Route path="/ops/*" element={screen(() => import('../features/ops/ops-area').then((m) => m.OpsArea))} />
  </>
);
