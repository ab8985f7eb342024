import type { RouteDef } from './api';
import { applicationRoutes } from './applications';
import { partnerAuthRoutes, userAuthRoutes } from './auth';
import { campaignFileRoutes, campaignRoutes } from './campaign';
import { opsCatalogueRoutes } from './catalogue';
import { dataDownloadRoutes } from './data-download';
import { feedbackRoutes } from './feedback';
import { fileRoutes, partnerFileRoutes, userFileRoutes } from './files';
import { hiringRoutes } from './hiring';
import { opsInvoiceRoutes, partnerInvoiceRoutes } from './invoices';
import { opsAgentRoutes } from './ops-agents';
import { opsAuthRoutes } from './ops-auth';
import { opsProjectRoutes } from './ops-projects';
import { opsTeamRoutes } from './ops-teams';
import { notificationRoutes, notificationSettingsRoutes, opsNotificationRoutes, whatsappWebhookRoutes } from './notifications';
import { opsMoneyRoutes, opsRoutes, payoutWebhookRoutes } from './ops';
import { opsRiskRoutes } from './risk';
import { profileRoutes } from './partner-profile';
import { rechargeRoutes } from './recharges';
import { partnerRoutes } from './partner';
import { partnerCampaignRoutes } from './partner-campaign';
import { partnerTeamRoutes } from './partner-team';
import { dashboardRoutes } from './dashboard';
import { opsDashboardRoutes } from './ops-dashboard';
import { devOutboxRoute, healthRoute, openApiRoute, readyRoute } from './platform';
import { agentSupportRoutes, supportRoutes } from './support';
import { teamFileRoutes, teamRoutes } from './team';

/**
 * Every route of the API, grouped by the module that owns it. The permission
 * sweep and the API reference walk this list, so a route added to a group is
 * covered by both without a new test; a new group must be added here.
 */
export const routeGroups: Record<string, Record<string, RouteDef>> = {
  platform: { health: healthRoute, ready: readyRoute, devOutbox: devOutboxRoute, openApi: openApiRoute },
  partnerAuth: partnerAuthRoutes,
  userAuth: userAuthRoutes,
  partnerFiles: partnerFileRoutes,
  userFiles: userFileRoutes,
  teamFiles: teamFileRoutes,
  opsFiles: fileRoutes('/ops', 'ops'),
  campaign: campaignRoutes,
  campaignFiles: campaignFileRoutes,
  dataDownload: dataDownloadRoutes,
  feedback: feedbackRoutes,
  hiring: hiringRoutes,
  applications: applicationRoutes,
  opsAuth: opsAuthRoutes,
  opsAgents: opsAgentRoutes,
  ops: opsRoutes,
  opsMoney: opsMoneyRoutes,
  opsInvoices: opsInvoiceRoutes,
  payoutWebhook: payoutWebhookRoutes,
  opsRisk: opsRiskRoutes,
  opsProjects: opsProjectRoutes,
  opsCatalogue: opsCatalogueRoutes,
  opsTeams: opsTeamRoutes,
  opsRecharges: rechargeRoutes,
  profile: profileRoutes,
  partner: partnerRoutes,
  partnerInvoices: partnerInvoiceRoutes,
  partnerCampaign: partnerCampaignRoutes,
  partnerTeam: partnerTeamRoutes,
  dashboard: dashboardRoutes,
  opsDashboard: opsDashboardRoutes,
  support: supportRoutes,
  agentSupport: agentSupportRoutes,
  team: teamRoutes,
  notifications: notificationRoutes,
  partnerNotificationSettings: notificationSettingsRoutes.partner,
  teamNotificationSettings: notificationSettingsRoutes.team,
  opsNotifications: opsNotificationRoutes,
  whatsappWebhook: whatsappWebhookRoutes,
};

export interface NamedRoute {
  group: string;
  name: string;
  def: RouteDef;
}

/** The flat list, `group.name` first, for sweeps and the API reference. */
export function allRoutes(): NamedRoute[] {
  return Object.entries(routeGroups).flatMap(([group, routes]) => Object.entries(routes).map(([name, def]) => ({ group, name, def })));
}
