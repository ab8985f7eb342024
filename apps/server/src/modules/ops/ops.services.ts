import type { Db } from '../../db/client';
import { noMetrics, type Metrics } from '../../lib/metrics';
import type { CatalogueCache } from '../../lib/catalogue-cache';
import type { SessionResolver } from '../sessions/session';
import type { DocumentsService } from '../documents/documents.service';
import type { FilesService } from '../files/files.service';
import { createProjectsService } from '../projects/projects.service';
import { createCatalogueService } from '../projects/catalogue.service';
import type { UsersService } from '../users/users.service';
import type { WalletService } from '../wallet/wallet.service';
import { createAuditService, type AuditService } from './audit.service';
import type { RiskService } from '../risk/risk.service';
import { createLeadExpiryJob } from './lead-expiry.job';
import { createLeadVerificationService } from './lead-verification.service';
import { createOpsPeopleService } from './people.service';
import { createPayoutsService, type PayoutRules } from './payouts.service';
import type { PayoutProvider } from '../../providers/payouts';
import type { BanksService } from '../profile/banks.service';
import type { FeedbackTasksService } from '../feedback/feedback-tasks.service';
import { createOpsAgentsService } from '../ops-auth/ops-agents.service';
import { registerOpsMetrics } from './ops.metrics';
import type { NotificationsService } from '../notifications/notifications.service';

/** The ops console's services, built together because they share the audit log. */
export function createOpsServices(deps: {
  db: Db;
  /** Shared with lead risk, which records its own changes in the same log. */
  audit?: AuditService;
  risk: RiskService;
  files: FilesService;
  users: UsersService;
  documents: DocumentsService;
  wallet: WalletService;
  sessions: SessionResolver;
  banks: BanksService;
  notifications?: NotificationsService | undefined;
  payoutProvider: PayoutProvider;
  payoutRules: PayoutRules;
  leadExpiryIntervalMinutes: number;
  /** Plain http links for projects, outside production only. */
  allowHttpLinks: boolean;
  catalogue?: CatalogueCache | undefined;
  metrics?: Metrics;
  feedbackTasks?: FeedbackTasksService | undefined;
}) {
  const { db } = deps;
  const metrics = deps.metrics ?? noMetrics;
  const audit = deps.audit ?? createAuditService({ db });
  registerOpsMetrics(metrics, db);
  const catalogue = createCatalogueService({ db, files: deps.files, audit, catalogue: deps.catalogue });
  return {
    audit,
    agents: createOpsAgentsService({ db, audit, sessions: deps.sessions }),
    verification: createLeadVerificationService({
      db,
      wallet: deps.wallet,
      audit,
      risk: deps.risk,
      feedbackTasks: deps.feedbackTasks,
      notifications: deps.notifications,
    }),
    expiry: createLeadExpiryJob({ db, audit, intervalMs: Math.max(1, deps.leadExpiryIntervalMinutes || 60) * 60_000, metrics }),
    people: createOpsPeopleService({
      db,
      users: deps.users,
      documents: deps.documents,
      sessions: deps.sessions,
      audit,
      notifications: deps.notifications,
    }),
    catalogue,
    projects: createProjectsService({
      db,
      files: deps.files,
      audit,
      allowHttpLinks: deps.allowHttpLinks,
      catalogue: deps.catalogue,
      choices: catalogue,
    }),
    payouts: createPayoutsService({
      db,
      wallet: deps.wallet,
      banks: deps.banks,
      documents: deps.documents,
      audit,
      provider: deps.payoutProvider,
      rules: deps.payoutRules,
      notifications: deps.notifications,
    }),
  };
}
export type OpsServices = ReturnType<typeof createOpsServices>;
