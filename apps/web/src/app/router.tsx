import { createBrowserRouter, Navigate } from 'react-router';
import { RouteError } from '../shared/route-error';
import { PageLoader } from '../shared/loader';

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
      { path: '/partner/*', lazy: () => import('../features/partner/partner-area').then((m) => ({ Component: m.PartnerArea })) },
      { path: '/application/:jobId/:locationId/:recruiterId', lazy: () => import('../features/candidate/job-page').then((m) => ({ Component: m.JobPage })) },
      { path: '/detailsPage', lazy: () => import('../features/candidate/details-page').then((m) => ({ Component: m.DetailsPage })) },
      { path: '/slotselect', lazy: () => import('../features/candidate/slot-page').then((m) => ({ Component: m.SlotPage })) },
      { path: '/bueno/output', lazy: () => import('../features/data-download/data-download-page').then((m) => ({ Component: m.DataDownloadPage })) },
      { path: '/utm/:utmCode/:jid?', lazy: () => import('../features/campaign/campaign-page').then((m) => ({ Component: m.CampaignPage })) },
      { path: '/mt/:teamCode?', lazy: () => import('../features/team/team-area').then((m) => ({ Component: m.TeamArea })) },
      { path: '/support/*', lazy: () => import('../features/support/support-area').then((m) => ({ Component: m.SupportArea })) },
      { path: '/fb/:jobTaskId/:refValue/:userId/:otp', lazy: () => import('../features/feedback/feedback-page').then((m) => ({ Component: m.FeedbackPage })) },
      { path: '/ops/support/*', lazy: () => import('../features/support-desk/support-desk-area').then((m) => ({ Component: m.SupportDeskArea })) },
      { path: '/ops/*', lazy: () => import('../features/ops/ops-area').then((m) => ({ Component: m.OpsArea })) },
      { path: '*', element: <Navigate to="/partner/" replace /> },
    ],
  },
]);
