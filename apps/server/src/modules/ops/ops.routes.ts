import type { FastifyInstance } from 'fastify';
import { opsRoutes } from '@pmw/contract/ops';
import { DOCUMENT_STATUS } from '@pmw/contract/kyc';
import { answer, route, type RouteContext } from '../../http/route';
import { notFound } from '../../errors';
import type { FilesService } from '../files/files.service';
import type { AuditService } from './audit.service';
import type { LeadVerificationService } from './lead-verification.service';
import type { LeadExpiryJob } from './lead-expiry.job';
import type { OpsPeopleService } from './people.service';
import { listScheduledJobs } from './scheduled-jobs';
import type { Db } from '../../db/client';
import { say, type Said } from '@pmw/contract/texts/said';

export interface OpsRouteDeps {
  db: Db;
  files: FilesService;
  audit: AuditService;
  verification: LeadVerificationService;
  expiry: LeadExpiryJob;
  people: OpsPeopleService;
}

const summary = (r: { results: { ok: boolean; changed: boolean }[] }, verb: Said) => {
  const failed = r.results.filter((x) => !x.ok).length;
  const changed = r.results.filter((x) => x.changed).length;
  return failed ? say('ops.leadsChangedFailed', { changed, verb, failed }) : say('ops.leadsChanged', { changed, verb });
};

/** Lead verification, scheduled jobs, KYC review, users and the audit log: admin only. */
export function registerOpsRoutes(app: FastifyInstance, ctx: RouteContext, deps: OpsRouteDeps) {
  const { verification, people, audit } = deps;

  route(app, ctx, opsRoutes.leads, async ({ query }) => {
    return verification.queue(query);
  });
  route(app, ctx, opsRoutes.lead, async ({ params }) => {
    return verification.detail(params.form_response_id);
  });
  route(app, ctx, opsRoutes.approveLeads, async ({ agent, body }) => {
    const r = await verification.approve(agent.user_id, body.form_response_ids, { confirmHighRisk: body.confirm_high_risk });
    return answer(r, summary(r, say('ops.verbApproved')));
  });
  route(app, ctx, opsRoutes.undoApproveLeads, async ({ agent, body }) => {
    const r = await verification.undoApproval(agent.user_id, body.form_response_ids);
    return answer(r, summary(r, say('ops.verbUndone')));
  });
  route(app, ctx, opsRoutes.rejectLeads, async ({ agent, body }) => {
    const r = await verification.reject(agent.user_id, body.form_response_ids, body.comment);
    return answer(r, summary(r, say('ops.verbRejected')));
  });
  route(app, ctx, opsRoutes.verifyByCall, async ({ agent, body }) => {
    const r = await verification.verifyByCall(agent.user_id, body.form_response_ids);
    return answer(r, summary(r, say('ops.verbVerifiedByCall')));
  });
  route(app, ctx, opsRoutes.needsDetails, async ({ agent, body }) => {
    const r = await verification.needsDetails(agent.user_id, body.form_response_ids, body.comment);
    return answer(r, summary(r, say('ops.verbSentBack')));
  });
  route(app, ctx, opsRoutes.fileView, async ({ query }) => {
    const file = await deps.files.byId(query.file_id);
    const url = file ? await deps.files.signedUrlUnchecked(query.file_id) : null;
    if (!file || !url) throw notFound(say('common.fileNotFound'));
    return { file_id: file.file_id, url, file_name: file.file_name, content_type: file.content_type };
  });

  route(app, ctx, opsRoutes.jobs, async () => {
    return listScheduledJobs(deps.db);
  });
  route(app, ctx, opsRoutes.runExpiry, async ({ agent }) => {
    const r = await deps.expiry.runIfDue({ force: true, actor: agent.user_id });
    return answer(r, r.ran ? say('ops.leadsExpired', { n: r.expired }) : say('ops.jobRunningElsewhere'));
  });

  route(app, ctx, opsRoutes.kyc, async ({ query }) => {
    return people.kycQueue(query);
  });
  route(app, ctx, opsRoutes.kycStatus, async ({ agent, params, body }) => {
    const r = await people.setKycStatus(
      agent.user_id,
      params.document_id,
      body.status,
      body.status === DOCUMENT_STATUS.rejected ? body.reason : null,
    );
    return answer(r, body.status === DOCUMENT_STATUS.verified ? say('ops.documentVerified') : say('ops.documentRejected'));
  });

  route(app, ctx, opsRoutes.users, async ({ query }) => {
    return people.searchUsers(query);
  });
  route(app, ctx, opsRoutes.blockUser, async ({ agent, params }) => {
    return answer(await people.block(agent.user_id, params.user_id), say('ops.userBlocked'));
  });
  route(app, ctx, opsRoutes.unblockUser, async ({ agent, params }) => {
    return answer(await people.unblock(agent.user_id, params.user_id), say('ops.userUnblocked'));
  });

  route(app, ctx, opsRoutes.audit, async ({ query }) => {
    return audit.list(query);
  });
}
