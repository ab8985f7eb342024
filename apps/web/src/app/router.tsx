import { createBrowserRouter, Navigate } from 'react-router';
import { RouteError } from '../shared/route-error';
import { PageLoader } from '../shared/loader';
import { withCatalogues } from '../shared/i18n';

/**
 * The route table of both specifications. Each area is its own lazy chunk so a
 * public page (campaign, feedback, job) never loads another area's code.
 */
export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      { path: '/', element: <Navigate to="/partner/" replace /> },
      { path: '/reports', element: <Navigate to="/partner/" replace /> },
      { path: '/partner/*', lazy: withCatalogues(() => import('../features/partner/partner-area').then((m) => ({ Component: m.PartnerArea }))) },
      { path: '/application/:jobId/:locationId/:recruiterId', lazy: withCatalogues(() => import('../features/candidate/job-page').then((m) => ({ Component: m.JobPage }))) },
      { path: '/detailsPage', lazy: withCatalogues(() => import('../features/candidate/details-page').then((m) => ({ Component: m.DetailsPage }))) },
      { path: '/slotselect', lazy: withCatalogues(() => import('../features/candidate/slot-page').then((m) => ({ Component: m.SlotPage }))) },
      { path: '/bueno/output', lazy: withCatalogues(() => import('../features/data-download/data-download-page').then((m) => ({ Component: m.DataDownloadPage }))) },
      { path: '/utm/:utmCode/:jid?', lazy: withCatalogues(() => import('../features/campaign/campaign-page').then((m) => ({ Component: m.CampaignPage }))) },
      { path: '/mt', lazy: withCatalogues(() => import('../features/team/team-area').then((m) => ({ Component: m.TeamArea }))) },
      // The team area's own screens (projects, a project, its lead form, the report and its lists) live under the team code.
      { path: '/mt/:teamCode/*', lazy: withCatalogues(() => import('../features/team/team-area').then((m) => ({ Component: m.TeamArea }))) },
      { path: '/support/*', lazy: withCatalogues(() => import('../features/support/support-area').then((m) => ({ Component: m.SupportArea }))) },
      { path: '/fb/:jobTaskId/:refValue/:userId/:otp', lazy: withCatalogues(() => import('../features/feedback/feedback-page').then((m) => ({ Component: m.FeedbackPage }))) },
      { path: '/ops/support/*', lazy: withCatalogues(() => import('../features/support-desk/support-desk-area').then((m) => ({ Component: m.SupportDeskArea }))) },
      { path: '/ops/*', lazy: withCatalogues(() => import('../features/ops/ops-area').then((m) => ({ Component: m.OpsArea }))) },
      { path: '*', element: <Navigate to="/partner/" replace /> },
    ],
  },
]);
