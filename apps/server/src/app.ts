import { DOCUMENT_STATUS } from '@pmw/contract/kyc';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import compress from '@fastify/compress';

import { API_PREFIX } from '@pmw/contract/api';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerErrorHandler } from './http/error-handler';
import type { RouteContext } from './http/route';
import { createSessionResolver } from './modules/sessions/session';
import { isHttps, originPolicy, registerCrossSiteGuard } from './http/origin';
import { registerSecurityHeaders } from './http/security-headers';
import { lazySchemaCompilers } from './http/lazy-schema-compilers';
import { createLinkOrigin } from './http/link-origin';
import { AppError } from './errors';
import { createFieldCipher } from './lib/crypto';
import { createLazyRedisLimitStore, createMemoryLimitStore, type LimitStore } from './lib/limit-store';
import type { Providers } from './providers/index';
import { createRealtime, type Realtime } from './realtime/socket';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerPartnerLoginForm } from './modules/auth/partner-login.form';
import { createWorkerLoginService } from './modules/auth/worker-login.service';
import { createOtpService } from './modules/auth/otp.service';
import { registerFileRoutes } from './modules/files/files.routes';
import { createFilesService } from './modules/files/files.service';
import { registerLocalStorageRoutes } from './modules/files/storage.routes';
import { registerPlatformRoutes } from './modules/platform/platform.routes';
import { registerApiReference } from './modules/platform/api-reference';
import { createUsersService } from './modules/users/users.service';
import { createOpsAuthService } from './modules/ops-auth/ops-auth.service';
import { createDocumentsService } from './modules/documents/documents.service';
import { createWalletService } from './modules/wallet/wallet.service';
import { registerOpsAuthRoutes } from './modules/ops-auth/ops-auth.routes';
import { registerOpsAgentRoutes } from './modules/ops-auth/ops-agents.routes';
import { createSpa } from './http/spa';
import { createSupportEvents } from './modules/support/support.events';
import { createSupportService } from './modules/support/support.service';
import { registerSupportRoutes } from './modules/support/support.routes';
import { attachSupportRealtime } from './modules/support/support.realtime';
import { createRechargeImportService } from './modules/support/recharges-import.service';
import { registerRechargeImportRoutes } from './modules/support/recharges-import.routes';
import { createFeedbackService } from './modules/feedback/feedback.service';
import { createFeedbackTasksService } from './modules/feedback/feedback-tasks.service';
import { createAuditService } from './modules/ops/audit.service';
import { createTeamManagerService } from './modules/team/team-manager.service';
import { registerTeamManagerRoutes } from './modules/team/team-manager.routes';
import { createFeedbackLinkGuard } from './modules/feedback/link-guard';
import { createWrongCodeGuard } from './modules/auth/otp-budget';
import { PUBLIC_LIMIT as FEEDBACK_PAGE_LIMIT, registerFeedbackRoutes } from './modules/feedback/feedback.routes';
import { createDataDownloadService } from './modules/data-download/data-download.service';
import { createPasscodeGuard } from './modules/data-download/passcode';
import { registerDataDownloadRoutes } from './modules/data-download/data-download.routes';
import { createLeadsService } from './modules/leads/leads.service';
import { createLeadIntakeService } from './modules/lead-intake/lead-intake.service';
import { createCatalogueCache } from './lib/catalogue-cache';
import { createCampaignService } from './modules/campaign/campaign.service';
import { registerCampaignRoutes } from './modules/campaign/campaign.routes';
import { registerCampaignPage } from './modules/campaign/campaign.page';
import { createPartnerCampaignService } from './modules/campaign/partner-campaign.service';
import { registerPartnerCampaignRoutes } from './modules/campaign/partner-campaign.routes';
import { registerFeedbackForm, registerFeedbackPage } from './modules/feedback/feedback.page';
import { createPublicPages } from './http/public-pages';
import { createAreaLogins } from './http/area-logins';
import { createSimulatedBureau } from './providers/credit-bureau';
import { createTeamService } from './modules/team/team.service';
import { registerTeamRoutes } from './modules/team/team.routes';
import { registerTeamLoginForm } from './modules/team/team-login.form';
import { createTeamLoginService } from './modules/team/team-login.service';
import { createHiringService } from './modules/hiring/hiring.service';
import { registerHiringRoutes } from './modules/hiring/hiring.routes';
import { createApplicationOutcomesService } from './modules/hiring/outcomes.service';
import { registerApplicationOutcomeRoutes } from './modules/hiring/outcomes.routes';
import { registerOpsMetrics } from './modules/ops/ops.metrics';
import { createCatalogueService } from './modules/projects/catalogue.service';
import { createProjectsService } from './modules/projects/projects.service';
import { createOpsAgentsService } from './modules/ops-auth/ops-agents.service';
import { createLeadVerificationService } from './modules/ops/lead-verification.service';
import { createLeadExpiryJob } from './modules/ops/lead-expiry.job';
import { createOpsPeopleService } from './modules/ops/people.service';
import { createPayoutsService } from './modules/ops/payouts.service';
import { registerOpsRoutes } from './modules/ops/ops.routes';
import { createRiskService } from './modules/risk/risk.service';
import { createPincodeDirectory } from './providers/pincode-directory';
import { registerRiskRoutes } from './modules/risk/risk.routes';
import { createMoneyDeskService } from './modules/ops/money-desk.service';
import { registerOpsMoneyRoutes, registerPayoutWebhookRoutes } from './modules/ops/money.routes';
import { registerOpsTeamsSlotsRoutes } from './modules/ops/teams-slots.routes';
import { registerProjectRoutes } from './modules/projects/projects.routes';
import { createPartnerReportService } from './modules/partner-report/partner-report.service';
import { registerPartnerReportRoutes } from './modules/partner-report/partner-report.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { createVisitRecorder, registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { createOpsDashboardService } from './modules/dashboard/ops-dashboard.service';
import { registerWalletRoutes } from './modules/wallet/wallet.routes';
import { createInvoicesService } from './modules/invoices/invoices.service';
import { registerInvoiceRoutes } from './modules/invoices/invoices.routes';
import { createProfileService } from './modules/profile/profile.service';
import { createBanksService } from './modules/profile/banks.service';
import { registerProfileRoutes } from './modules/profile/profile.routes';
import { createCustomersService } from './modules/customers/customers.service';
import { registerCustomersRoutes } from './modules/customers/customers.routes';
import { createHttpCalling, createSimulatedCalling } from './providers/calling';
import { pageInLocale, requestLocale, speak } from './modules/locale/locale';
import { noMetrics, openMetrics, type Metrics } from './lib/metrics';
import { registerRequestMetrics } from './http/request-metrics';
import { registerDatabaseMetrics } from './db/database-metrics';
import { registerRealtimeMetrics } from './realtime/socket';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createOutboxWorker } from './modules/notifications/outbox.worker';
import { registerNotificationMetrics } from './modules/notifications/notifications.metrics';
import {
  registerNotificationRoutes,
  registerOpsNotificationRoutes,
  registerWhatsAppWebhookRoutes,
} from './modules/notifications/notifications.routes';
import { say } from '@pmw/contract/texts/said';

export interface AppDeps {
  config: Config;
  database: Database;
  providers: Providers;
  /** A pino logger; without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
  /** Where modules register what Prometheus reads; without it, the configuration decides (none without METRICS_PORT). */
  metrics?: Metrics;
  /** Told when a new lead's risk could not be computed (the lead itself is kept). */
  onRiskError?: (err: unknown, formResponseId: number) => void;
}

export interface BuiltApp {
  app: FastifyInstance;
  realtime: Realtime;
  services: Services;
  /** This app's metrics (served by main.ts on METRICS_PORT; disabled without it). */
  metrics: Metrics;
  /** From now on every answer closes its connection (a stopping process, before it stops listening). */
  startDraining(): void;
}

/** The services of every module, built once and handed to routes, jobs, seeds and tests. */
export function createServices(deps: Omit<AppDeps, 'logger'>) {
  const { config, database, providers } = deps;
  const metrics = deps.metrics ?? noMetrics;
  const db = database.db;
  const cipher = createFieldCipher(config.secretKey);
  const sessions = createSessionResolver(db, {
    alwaysSecure: config.env === 'production' && !!config.publicUrl?.startsWith('https'),
    trustProxy: !!config.trustProxy,
    // One process opens a PGlite database at a time: every session ends through this one.
    onlyProcess: database.kind === 'pglite',
  });
  const files = createFilesService({ db, storage: providers.storage });
  const users = createUsersService({ db, pictureUrl: (key) => files.signedUrlForKey(key) });
  // Per-address and per-task counters (wrong codes, lockouts): in Redis with REDIS_URL, so every process behind the proxy counts against one budget.
  const limits: LimitStore & { close?: () => Promise<void> } = config.redisUrl
    ? createLazyRedisLimitStore(config.redisUrl)
    : createMemoryLimitStore();
  const otp = createOtpService({
    db,
    sms: providers.sms,
    secretKey: config.secretKey,
    limits: config.otp,
    wrongCodes: createWrongCodeGuard(limits, config.otp.windowMinutes),
  });
  const spa = createSpa(webDistDir(config));
  const pages = createPublicPages(webDistDir(config));
  const opsAuth = createOpsAuthService({ db, users });
  const documents = createDocumentsService({ db, cipher, files, users, secretKey: config.secretKey });
  const wallet = createWalletService({ db });
  // Notifications: written in the transaction of the change they are about; the outbox worker sends their SMS.
  const outbox = createOutboxWorker({
    db,
    sms: providers.sms,
    push: providers.push,
    whatsapp: providers.whatsapp,
    pollMs: config.notify.pollMs,
    maxAttempts: config.notify.maxAttempts,
  });
  registerNotificationMetrics(metrics, db);
  const notifications = createNotificationsService({
    db,
    users,
    mergeMs: config.notify.mergeMs,
    queued: (dueInMs) => outbox.nudge(dueInMs),
    whatsapp: providers.whatsapp !== null,
  });
  const catalogue = createCatalogueCache({ redisUrl: config.redisUrl });
  const leads = createLeadsService({ db, files, cache: catalogue });
  const campaign = createCampaignService({ db, users, leads, otp, bureau: createSimulatedBureau(), cipher });
  const team = createTeamService({ db, users, leads, geocoder: providers.geocode, shareOrigin: config.team.shareUrl });
  const audit = createAuditService({ db, users });
  // Every lead's risk signals, computed right after it commits; ops see them on the lead.
  const ifsc = providers.ifsc;
  const banks = createBanksService({
    db,
    cipher,
    ifsc,
    secretKey: config.secretKey,
    payouts: providers.payouts,
    // The PAN is given with the partner's name (KYC is that name and the PAN): the name a bank must show.
    panName: async (userId) => {
      const pan = (await documents.list(userId)).find((d) => d.type === 'PAN' && d.status !== DOCUMENT_STATUS.rejected);
      const user = pan ? await users.byId(userId) : undefined;
      return [user?.first_name, user?.last_name].filter(Boolean).join(' ').trim() || null;
    },
    notifications,
  });
  const risk = createRiskService({
    db,
    files,
    storage: providers.storage,
    audit,
    settings: config.risk,
    holders: { pan: (pan) => documents.holders('PAN', pan), bankAccount: (account) => banks.holders(account) },
    projectPincodes: (jobId) => leads.projectPincodes(jobId),
    pincodes: createPincodeDirectory(),
    // The dashboard (made below, once payouts exist) keeps the day rows; risk reads them only when a lead arrives.
    decidedOnProject: (jobId, since, partnerId) => dashboard.decidedOnProject(jobId, since, partnerId),
  });
  const intake = createLeadIntakeService({
    leads,
    campaign,
    otp,
    files,
    metrics,
    teamOwnMobiles: (member) => team.ownMobiles(member),
    risk,
    onRiskError: (err, id) => deps.onRiskError?.(err, id),
  });
  // Every partner's own campaign link, once their KYC is complete.
  const partnerCampaigns = createPartnerCampaignService({ db, documents, users });
  const teamManager = createTeamManagerService({ db, team, users });
  const feedbackGuard = createFeedbackLinkGuard(limits);
  const feedbackTasks = createFeedbackTasksService({
    db,
    notifications,
    guard: feedbackGuard,
    audit,
    // A text has no request to take an origin from: PUBLIC_URL, else the listen address (as links in production).
    publicUrl:
      config.publicUrl ??
      `http://${config.env === 'production' ? (config.host.includes(':') ? `[${config.host}]` : config.host) : 'localhost'}:${config.port}`,
  });
  const feedback = createFeedbackService({
    db,
    users,
    supportPhone: config.supportPhone,
    joinUrl: '/partner/',
    guard: feedbackGuard,
    onOpened: (id) => feedbackTasks.markOpened(id),
  });
  const dataDownload = createDataDownloadService({
    db,
    files,
    storage: providers.storage,
    passcode: createPasscodeGuard({ hash: config.dataDownloadPasscodeHash, limits }),
    tmpDir: path.join(config.dataDir, 'tmp'),
    copyOut: (copy) => database.copyOut(copy),
  });
  const supportEvents = createSupportEvents();
  const support = createSupportService({
    db,
    files,
    users,
    opsAuth,
    events: supportEvents,
    introVideoUrl: config.supportIntroVideoUrl,
    chatMaxPerMinute: config.supportChatMaxPerMinute,
    notifications,
  });
  const recharges = createRechargeImportService({ db, users });
  // Partner portal: report, profile and banks, assigned customers with click-to-call.
  const partnerReport = createPartnerReportService({ db, cache: catalogue, copyOut: (copy) => database.copyOut(copy) });
  const profile = createProfileService({ users, files, documents });
  const calling =
    config.calling.provider === 'http' ? createHttpCalling(config.calling.url, config.calling.token) : createSimulatedCalling();
  const customers = createCustomersService({ db, users, calling });
  // The ops console's services share the audit log (lead risk records its own changes in it too).
  registerOpsMetrics(metrics, db);
  const projectChoices = createCatalogueService({ db, files, audit, catalogue });
  // GST partners' monthly invoices: drafted from the wallet's earnings, paid by the payout run.
  const invoices = createInvoicesService({ db, wallet, documents, users, files, audit, notifications, settings: config.invoices });
  const ops = {
    audit,
    agents: createOpsAgentsService({ db, audit, sessions, users }),
    verification: createLeadVerificationService({ db, wallet, audit, risk, feedbackTasks, notifications }),
    expiry: createLeadExpiryJob({ db, audit, intervalMs: Math.max(1, config.leadExpiryIntervalMinutes || 60) * 60_000, metrics }),
    people: createOpsPeopleService({ db, users, opsAuth, documents, sessions, audit, notifications }),
    catalogue: projectChoices,
    projects: createProjectsService({
      db,
      files,
      audit,
      // Plain http links for projects, outside production only.
      allowHttpLinks: config.env !== 'production',
      catalogue,
      choices: projectChoices,
    }),
    payouts: createPayoutsService({
      db,
      wallet,
      banks,
      documents,
      audit,
      provider: providers.payouts,
      rules: {
        minimumPaise: config.payout.minimumPaise,
        holdDays: config.payout.holdDays,
        schedule: config.payout.schedule,
        tds: config.tds,
        providerRunsAllowed: config.env !== 'production' || config.payout.provider.kind === 'http',
      },
      notifications,
      invoices,
    }),
    moneyDesk: createMoneyDeskService({ users, banks, customers, audit }),
  };
  // Partner dashboard: visits counted on the partner's pages, leads by day (triggers), money from the wallet,
  // the next payout day from the payout schedule.
  const dashboard = createDashboardService({ db, wallet, payouts: ops.payouts });
  const hiring = createHiringService({ db, users, documents, files, publicUrl: config.publicUrl, notifications });
  // Candidates' outcomes: joined pays the referring partner through the wallet, audited with the console's log.
  const outcomes = createApplicationOutcomesService({ db, wallet, audit: ops.audit, notifications });
  return {
    metrics,
    risk,
    notifications,
    outbox,
    partnerCampaigns,
    teamManager,
    feedbackTasks,
    recharges,
    partnerReport,
    dashboard,
    ifsc,
    banks,
    profile,
    invoices,
    customers,
    hiring,
    outcomes,
    db,
    config,
    providers,
    cipher,
    sessions,
    files,
    users,
    otp,
    spa,
    pages,
    opsAuth,
    documents,
    wallet,
    leads,
    intake,
    catalogue,
    team,
    teamLogin: createTeamLoginService({ otp, team }),
    workerLogin: createWorkerLoginService({ otp, users }),
    campaign,
    feedback,
    dataDownload,
    supportEvents,
    support,
    ops,
    limits,
  };
}
export type Services = ReturnType<typeof createServices>;

/** How often a process looks for interviews tomorrow that have no reminder yet. */
const REMINDER_LOOK_MS = 15 * 60_000;

export function webDistDir(config: Config): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return config.webDistDir ?? path.resolve(here, '../../web/dist');
}

/** Builds the whole server as one Fastify instance; it never listens by itself. */
export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, providers } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    // Fastify's overloads take each form of trustProxy separately, not their union.
    trustProxy: config.trustProxy as boolean,
    bodyLimit: 1024 * 1024,
    // A request that reaches a stopping process on an open connection is answered, not refused.
    return503OnClosing: false,
    schemaController: { compilersFactory: lazySchemaCompilers },
  });
  // While a process drains, each answer ends its connection: the proxy opens the next one
  // elsewhere, and no idle keep-alive connection is left for the final close to cut under
  // a request the proxy is sending on it.
  let draining = false;
  app.addHook('onRequest', async (_req, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  const metrics = deps.metrics ?? (await openMetrics(config.metrics !== undefined));
  registerRequestMetrics(app, metrics);
  registerDatabaseMetrics(metrics, deps.database);
  const services = createServices({
    ...deps,
    metrics,
    onRiskError: deps.onRiskError ?? ((err, id) => app.log.error({ err, form_response_id: id }, 'lead risk not computed')),
  });
  const { db, sessions, spa, pages } = services;

  await app.register(cookie);
  // An answer up to 64 KB (a report page is about 16 KB) is compressed in one call: the streaming path
  // hands each one to libuv's threads, which on a small busy host costs more than the compression.
  await app.register(compress, { global: true, threshold: 1024, syncThreshold: 65_536, encodings: ['br', 'gzip'] });
  const rateLimitRedis = config.redisUrl ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  // An open Redis connection would keep a finished process (npm run seed) alive.
  if (rateLimitRedis) app.addHook('onClose', async () => void (await rateLimitRedis.quit()));
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitRedis ? { redis: rateLimitRedis } : {}),
    errorResponseBuilder: (req, ctx) => ({
      statusCode: 429,
      status: false,
      message: speak(req, say('common.tooManyRequests')),
      code: 'RATE_LIMITED',
      retry_after_s: Math.ceil(ctx.ttl / 1000),
    }),
  });
  registerErrorHandler(app);
  const linkOrigin = createLinkOrigin(config);
  const origins = originPolicy(config);
  const trusted = !!config.trustProxy;
  registerCrossSiteGuard(app, origins, trusted);

  registerSecurityHeaders(app, config, origins, trusted);

  // A blocked person loses access on their next request, not only at login.
  for (const kind of ['worker', 'team', 'ops'] as const) {
    sessions.addCheck(kind, async (session) => {
      // The session's own read brought the flag; a session made by hand (no read) asks.
      const blocked = session.userBlocked ?? (await services.users.byId(session.subjectId))?.blocked ?? true;
      if (blocked) throw new AppError('BLOCKED', say('common.accountRemoved'));
    });
  }
  const ctx: RouteContext = {
    sessions,
    checkResponses: config.checkResponses,
    opsRole: (session, role) => services.opsAuth.requireRole(session, role),
  };

  const realtime = await createRealtime(app.server, { redisUrl: config.redisUrl, logger: app.log, origins, trustProxy: trusted });
  registerRealtimeMetrics(realtime, metrics);
  app.addHook('preClose', async () => realtime.disconnectAll());
  app.addHook('onClose', async () => realtime.close());
  // A listening server assesses the leads of the last day a stopped process never assessed; that and the
  // assessments of leads already answered finish before the database closes.
  let riskCatchUp: Promise<void> = Promise.resolve();
  app.addHook('onListen', async () => {
    riskCatchUp = services.risk
      .unassessed()
      .then((ids) => services.intake.reassess(ids))
      .catch((err: unknown) => app.log.error({ err }, 'lead risk catch-up failed'));
  });
  app.addHook('onClose', async () => {
    await riskCatchUp;
    await services.risk.idle();
  });
  app.addHook('onClose', async () => services.support.noticesIdle());
  app.addHook('onClose', async () => services.catalogue.close());
  app.addHook('onClose', async () => services.limits.close?.());

  // Modules, each registered explicitly so grep finds who owns a path.
  registerPlatformRoutes(app, ctx, { db, devOutbox: config.devOutbox, redis: rateLimitRedis, metrics });
  await registerApiReference(app, ctx);
  registerAuthRoutes(app, ctx, { login: services.workerLogin, users: services.users });
  // The team's and the portal's logins, drawn by the server in the first response, and their plain forms.
  const areaLogin = createAreaLogins({ pages, team: services.team });
  registerPartnerLoginForm(app, ctx, { login: services.workerLogin, logins: areaLogin });
  registerTeamLoginForm(app, ctx, { team: services.team, teamLogin: services.teamLogin, logins: areaLogin });
  registerOpsAuthRoutes(app, ctx, { otp: services.otp, opsAuth: services.opsAuth });
  registerOpsAgentRoutes(app, ctx, { agents: services.ops.agents });
  registerSupportRoutes(app, ctx, { support: services.support });
  attachSupportRealtime(realtime.io, { sessions, support: services.support, opsAuth: services.opsAuth, events: services.supportEvents });
  registerCampaignRoutes(app, ctx, { campaign: services.campaign, intake: services.intake, files: services.files });
  const countVisit = createVisitRecorder({ dashboard: services.dashboard, secure: (req) => isHttps(req.raw, !!config.trustProxy) });
  registerCampaignPage(app, ctx, { campaign: services.campaign, pages, linkOrigin, countVisit });
  registerPartnerCampaignRoutes(app, ctx, { campaigns: services.partnerCampaigns, linkOrigin });
  registerFeedbackRoutes(app, ctx, services.feedback, services.feedbackTasks);
  registerFeedbackPage(app, { feedback: services.feedback, pages, linkOrigin, rateLimit: FEEDBACK_PAGE_LIMIT });
  registerFeedbackForm(app, ctx, { feedback: services.feedback, pages, linkOrigin });
  registerDataDownloadRoutes(app, ctx, services.dataDownload);
  registerFileRoutes(app, ctx, services.files, [
    { prefix: '/partner', kind: 'worker' },
    { prefix: '/user', kind: 'worker' },
    { prefix: '/team', kind: 'team' },
    { prefix: '/ops', kind: 'ops' },
  ]);
  if (providers.localStorage) registerLocalStorageRoutes(app, providers.localStorage);
  registerTeamRoutes(app, ctx, {
    linkOrigin,
    team: services.team,
    teamLogin: services.teamLogin,
    intake: services.intake,
    users: services.users,
    map: config.map,
  });
  registerPartnerReportRoutes(app, ctx, { report: services.partnerReport, leads: services.leads });
  registerTeamManagerRoutes(app, ctx, {
    manager: services.teamManager,
    report: services.partnerReport,
    audit: services.ops.audit,
    linkOrigin,
    shareOrigin: config.team.shareUrl,
  });
  registerDashboardRoutes(app, ctx, {
    dashboard: services.dashboard,
    manager: services.teamManager,
    ops: createOpsDashboardService({
      dashboard: services.dashboard,
      verification: services.ops.verification,
      audit: services.ops.audit,
      payouts: services.ops.payouts,
      support: services.support,
      users: services.users,
    }),
  });
  registerWalletRoutes(app, ctx, services.wallet, services.ops.payouts, services.users);
  registerInvoiceRoutes(app, ctx, { invoices: services.invoices, sac: config.invoices.sac });
  registerProfileRoutes(app, ctx, { profile: services.profile, documents: services.documents, banks: services.banks, ifsc: services.ifsc });
  registerCustomersRoutes(app, ctx, services.customers);
  registerHiringRoutes(app, ctx, { hiring: services.hiring, documents: services.documents, pages, linkOrigin, countVisit });
  registerOpsRoutes(app, ctx, { db, files: services.files, ...services.ops });
  registerRiskRoutes(app, ctx, { risk: services.risk });
  registerOpsMoneyRoutes(app, ctx, { payouts: services.ops.payouts, desk: services.ops.moneyDesk });
  registerPayoutWebhookRoutes(app, ctx, services.ops.payouts);
  registerOpsTeamsSlotsRoutes(app, ctx, {
    hiring: services.hiring,
    team: services.team,
    users: services.users,
    audit: services.ops.audit,
  });
  registerApplicationOutcomeRoutes(app, ctx, { outcomes: services.outcomes });
  registerProjectRoutes(app, ctx, { projects: services.ops.projects, catalogue: services.ops.catalogue });
  registerRechargeImportRoutes(app, ctx, { recharges: services.recharges, audit: services.ops.audit });
  registerNotificationRoutes(app, ctx, services.notifications, services.providers.push);
  registerOpsNotificationRoutes(app, ctx, { db, notifications: services.notifications, audit: services.ops.audit });
  registerWhatsAppWebhookRoutes(app, ctx, services.notifications, services.providers.whatsapp);
  if (config.payout.pollMs > 0) {
    app.addHook('onListen', async () => services.ops.payouts.startPolling(config.payout.pollMs));
    app.addHook('onClose', async () => services.ops.payouts.stopPolling());
  }
  if (config.leadExpiryIntervalMinutes > 0) {
    // Once listening: the database is migrated by then, and a server only built (tests, one-off commands) runs no job.
    app.addHook('onListen', async () => services.ops.expiry.start());
    app.addHook('onClose', async () => services.ops.expiry.stop());
  }
  if (config.notify.pollMs > 0) {
    // Like the expiry job: only a listening server sends, and it stops before the database closes.
    app.addHook('onListen', async () => services.outbox.start());
    app.addHook('onClose', async () => services.outbox.stop());
  }
  if (config.notify.pollMs > 0) {
    // The day-before interview reminders: looked for every quarter hour; each booking's reminder is made once, in daytime only.
    let reminders: NodeJS.Timeout | undefined;
    let round: Promise<unknown> = Promise.resolve();
    const remind = () => {
      round = services.hiring.remindTomorrow().catch((err: unknown) => app.log.error({ err }, 'interview reminders failed'));
    };
    app.addHook('onListen', async () => {
      reminders = setInterval(remind, REMINDER_LOOK_MS).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(reminders);
      await round;
    });
  }

  // The built SPA with history fallback; unknown /api paths answer a 404 envelope.
  const dist = webDistDir(config);
  if (existsSync(path.join(dist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: true,
      index: false,
      preCompressed: true,
      maxAge: '1y',
      immutable: true,
      // The public pages' templates are filled in by the server, never sent as they are.
      allowedPath: (pathName) => !pathName.startsWith('/pages/'),
      setHeaders: (res, file) => {
        if (!file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'no-cache');
        // The team area's service worker lives at /mt/sw.js and controls /mt itself (no trailing slash).
        if (file.endsWith(`${path.sep}mt${path.sep}sw.js`)) res.header('service-worker-allowed', '/mt');
      },
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    if (req.url.startsWith(API_PREFIX) || req.url.startsWith('/api/')) {
      return reply.status(404).send({ status: false, message: speak(req, say('common.routeNotFound')), code: 'NOT_FOUND' });
    }
    const login = await areaLogin.render(req);
    if (login !== undefined) return pages.send(reply, login);
    if ((req.method === 'GET' || req.method === 'HEAD') && spa.available()) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie, Accept-Language')
        .send(pageInLocale(req, spa.render(undefined, undefined, { url: req.url, locale: requestLocale(req) })));
    }
    return reply.status(404).send({ status: false, message: speak(req, say('common.notFound')), code: 'NOT_FOUND' });
  });

  return { app, realtime, services, metrics, startDraining: () => void (draining = true) };
}
