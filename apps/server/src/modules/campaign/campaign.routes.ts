import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { campaignFileRoutes, campaignRoutes } from '@pmw/contract/campaign';
import { answer, route, type RouteContext } from '../../http/route';
import { AppError } from '../../errors';
import { sentMessage } from '../auth/otp.service';
import type { FilesService } from '../files/files.service';
import type { LeadIntakeService } from '../lead-intake/lead-intake.service';
import type { CampaignService } from './campaign.service';
import { deviceId } from '../risk/device-cookie';
import { requestLocale, smsLocaleOf } from '../locale/locale';
import { say } from '@pmw/contract/texts/said';

/** The customer campaign page's calls, under /api/v2/utm/...: owner profile, products, lead form, customer login, leads and the credit check. */
export function registerCampaignRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  deps: { campaign: CampaignService; intake: LeadIntakeService; files: FilesService },
) {
  const { campaign, intake, files } = deps;
  const customerSession = (req: FastifyRequest) => ctx.sessions.optional(req, 'customer');

  /** The visitor's session, made anonymous on first need (an upload before the OTP). */
  async function ensureCustomer(req: FastifyRequest, reply: FastifyReply): Promise<number> {
    const session = await customerSession(req);
    if (session) return session.subjectId;
    const id = await campaign.createAnonymous(undefined);
    await ctx.sessions.create(reply, 'customer', id);
    return id;
  }

  /** A customer just proved on this device gets a new session token; the one before (anonymous or another customer's) ends. */
  async function startCustomerSession(req: FastifyRequest, reply: FastifyReply, customerId: number) {
    await ctx.sessions.destroy(req, reply, 'customer');
    await ctx.sessions.create(reply, 'customer', customerId);
  }

  route(app, ctx, campaignRoutes.ownerProfile, async ({ params }) => campaign.ownerProfile(params.utm_code));

  route(app, ctx, campaignRoutes.tasks, async ({ params, query, req }) =>
    campaign.tasks(params.utm_code, query.job_id, requestLocale(req)),
  );

  route(app, ctx, campaignRoutes.taskForm, async ({ params, query, req }) =>
    campaign.taskForm(params.utm_code, query.job_id, requestLocale(req)),
  );

  route(app, ctx, campaignRoutes.customerSession, async ({ req }) => campaign.sessionCustomer((await customerSession(req))?.subjectId));

  route(app, ctx, campaignRoutes.sendOtp, async ({ body, req }) => {
    const sent = await intake.sendCampaignOtp({ ...body, ip: req.ip, locale: smsLocaleOf(req) });
    return answer({ mobile: body.mobile, ...sent }, sentMessage(sent));
  });

  route(app, ctx, campaignRoutes.loginCustomer, async ({ body, req, reply }) => {
    const session = await customerSession(req);
    const customer = await intake.loginCustomer({ ...body, ip: req.ip, sessionCustomerId: session?.subjectId });
    // Every login gets a new token, even on a device already signed in as this customer.
    await startCustomerSession(req, reply, customer.customer_id);
    return answer({ customer_id: customer.customer_id, mobile: body.mobile, name: customer.name }, say('common.loginSuccess'));
  });

  route(app, ctx, campaignRoutes.logoutCustomer, async ({ req, reply }) => {
    await ctx.sessions.destroy(req, reply, 'customer');
    return answer(null, say('campaign.loggedOut'));
  });

  route(app, ctx, campaignRoutes.addTaskResponse, async ({ body, req, reply }) => {
    // The lead reads the session together with the code's owner.
    const lead = await intake.campaignLead({
      utm_code: body.utm_code,
      form_id: body.form_id,
      utm_job_id: body.utm_job_id,
      values: body.input,
      otp: body.otp,
      consent_id: body.consent_id,
      idempotency_key: body.idempotency_key,
      tracking_id: body.tracking_id,
      sessionHash: ctx.sessions.tokenHash(req, 'customer'),
      ip: req.ip,
      device_id: deviceId(req, reply),
      locale: requestLocale(req),
    });
    if (lead.verifiedCustomerId !== undefined) await startCustomerSession(req, reply, lead.verifiedCustomerId);
    return answer(lead.answer, say('campaign.leadAdded'));
  });

  route(app, ctx, campaignRoutes.creditOtpSend, async ({ body, req }) => {
    const sent = await intake.requestCreditConsent({ ...body, ip: req.ip, locale: smsLocaleOf(req) });
    return answer({ mobile: body.mobile, ...sent }, sentMessage(sent));
  });

  route(app, ctx, campaignRoutes.eligibility, async ({ body, req, reply }) => {
    const { result, customerId } = await intake.checkEligibility(body, (await customerSession(req))?.subjectId);
    // The consent's OTP signed the customer in: a new token, as at every login.
    await startCustomerSession(req, reply, customerId);
    return result;
  });

  // The upload flow, for a visitor who may not have verified a mobile yet.
  route(app, ctx, campaignFileRoutes.signUpload, async ({ body, req, reply }) => {
    if (body.file_purpose !== 'UTM_LINK') throw new AppError('BAD_REQUEST', say('common.fileTypeNotAllowed'));
    const id = await ensureCustomer(req, reply);
    return files.signUpload({ kind: 'customer', id }, body);
  });
  route(app, ctx, campaignFileRoutes.add, async ({ body, req }) => {
    const session = await ctx.sessions.require(req, 'customer');
    return files.add({ kind: 'customer', id: session.subjectId }, body);
  });
  route(app, ctx, campaignFileRoutes.fetchUrl, async ({ query, req }) => {
    const session = await ctx.sessions.require(req, 'customer');
    return [await files.signedUrl({ kind: 'customer', id: session.subjectId }, query.file_id)];
  });
}
