import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { campaignFileRoutes, campaignRoutes, campaignTexts } from '@pmw/contract/campaign';
import { messages } from '@pmw/contract/messages';
import { answer, route, type RouteContext } from '../../http/route';
import { AppError, notFound } from '../../errors';
import type { OtpService } from '../auth/otp.service';
import type { FilesService } from '../files/files.service';
import type { LeadsService } from '../leads/leads.service';
import type { CampaignService } from './campaign.service';

/** How long a retried submit waits for the first one, whose OTP it cannot reuse. */
const RETRY_WAIT_MS = 3000;

/** The customer campaign page's calls, under /api/v2/utm/... (spec 000, section 7: Campaign). */
export function registerCampaignRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  deps: { campaign: CampaignService; leads: LeadsService; otp: OtpService; files: FilesService },
) {
  const { campaign, leads, otp, files } = deps;
  const customerSession = (req: FastifyRequest) => ctx.sessions.optional(req, 'customer');

  /** The visitor's session, made anonymous on first need (an upload before the OTP). */
  async function ensureCustomer(req: FastifyRequest, reply: FastifyReply): Promise<number> {
    const session = await customerSession(req);
    if (session) return session.subjectId;
    const id = await campaign.createAnonymous(undefined);
    await ctx.sessions.create(reply, 'customer', id);
    return id;
  }

  /** Remembers a verified customer on this device. */
  async function rememberCustomer(req: FastifyRequest, reply: FastifyReply, current: number | undefined, customerId: number) {
    if (current === customerId) return;
    if (current !== undefined) await ctx.sessions.destroy(req, reply, 'customer');
    await ctx.sessions.create(reply, 'customer', customerId);
  }

  route(app, ctx, campaignRoutes.ownerProfile, async ({ params }) => campaign.ownerProfile(params.utm_code));

  route(app, ctx, campaignRoutes.tasks, async ({ params, query }) => campaign.tasks(params.utm_code, query.job_id));

  route(app, ctx, campaignRoutes.taskForm, async ({ params, query }) => campaign.taskForm(params.utm_code, query.job_id));

  route(app, ctx, campaignRoutes.customerSession, async ({ req }) => campaign.sessionCustomer((await customerSession(req))?.subjectId));

  // Sends are limited per mobile and per address by the OTP service.
  route(app, ctx, campaignRoutes.sendOtp, async ({ body, req }) => {
    await campaign.owner(body.utm_code);
    const sent = await otp.send({ mobile: body.mobile, purpose: body.purpose === 'LOGIN' ? 'CUSTOMER_LOGIN' : 'LEAD', ip: req.ip });
    return answer({ mobile: body.mobile, ...sent }, messages.otpSent);
  });

  route(app, ctx, campaignRoutes.loginCustomer, async ({ body, req, reply }) => {
    await campaign.owner(body.utm_code);
    await otp.verify({ mobile: body.mobile, purpose: 'CUSTOMER_LOGIN', otp: body.otp });
    const session = await customerSession(req);
    const customer = await campaign.verifiedCustomer({ mobile: body.mobile, name: body.name, utm_code: body.utm_code, sessionCustomerId: session?.subjectId });
    await rememberCustomer(req, reply, session?.subjectId, customer.customer_id);
    return answer({ customer_id: customer.customer_id, mobile: body.mobile, name: customer.name }, messages.loginSuccess);
  });

  route(app, ctx, campaignRoutes.logoutCustomer, async ({ req, reply }) => {
    await ctx.sessions.destroy(req, reply, 'customer');
    return answer(null, campaignTexts.loggedOut);
  });

  route(app, ctx, campaignRoutes.addTaskResponse, async ({ body, req, reply }) => {
    const { user_id } = await campaign.owner(body.utm_code);
    const attribution = { partner_user_id: user_id };
    const form = await leads.formById(body.form_id);
    // The product must be one this page lists.
    if (!form || !campaign.isListed(form) || (body.utm_job_id !== undefined && body.utm_job_id !== form.job_id)) throw notFound('Form not found');
    const session = await customerSession(req);
    const done = async (leadId: number, customer: { customer_id: number; mobile: string; name: string | null }) =>
      answer({ form_response_id: leadId, link: form.redirect_link ?? form.custom_link ?? null, customer }, campaignTexts.leadAdded);

    const earlier = await leads.existingForKey(attribution, body.idempotency_key);
    if (earlier?.customer_id && earlier.customer_mobile) {
      return done(earlier.form_response_id, { customer_id: earlier.customer_id, mobile: earlier.customer_mobile, name: earlier.customer_name });
    }

    leads.assertOpen(form);
    const { mobile, name } = campaign.leadMobile(form.inputs, body.input);
    const known = await campaign.sessionCustomer(session?.subjectId);
    let verified = true;
    if (form.is_credit_flow) {
      // The consent's OTP proved the mobile and the check found this product eligible.
      await campaign.assertEligible(body.consent_id, mobile, form.job_id);
    } else if (known?.mobile !== mobile && !form.is_otp_required) {
      verified = false;
    } else if (known?.mobile !== mobile) {
      if (!body.otp) throw new AppError('BAD_REQUEST', campaignTexts.otpNeeded);
      try {
        await otp.verify({ mobile, purpose: 'LEAD', otp: body.otp });
      } catch (err) {
        // A retry of a submit whose first try used the OTP: answer the first try's lead.
        const first = body.idempotency_key ? await waitForLead(() => leads.existingForKey(attribution, body.idempotency_key)) : undefined;
        if (!first?.customer_id || !first.customer_mobile) throw err;
        return done(first.form_response_id, { customer_id: first.customer_id, mobile: first.customer_mobile, name: first.customer_name });
      }
    }
    // An unverified mobile gets its customer row but never this device's session.
    const customer = await campaign.verifiedCustomer({ mobile, name, utm_code: body.utm_code, sessionCustomerId: verified ? session?.subjectId : undefined });
    const { lead } = await leads.createLead({
      form,
      values: body.input,
      attribution,
      // Files were uploaded under this device's session, before the customer was known.
      uploader: { kind: 'customer', id: session?.subjectId ?? customer.customer_id },
      customer: { customer_id: customer.customer_id },
      idempotency_key: body.idempotency_key,
      tracking_id: body.tracking_id,
    });
    if (verified) await rememberCustomer(req, reply, session?.subjectId, customer.customer_id);
    return done(lead.form_response_id, { customer_id: customer.customer_id, mobile, name: customer.name });
  });

  route(app, ctx, campaignRoutes.creditOtpSend, async ({ body, req }) => {
    const sent = await campaign.requestCreditConsent({ ...body, ip: req.ip });
    return answer({ mobile: body.mobile, ...sent }, messages.otpSent);
  });

  route(app, ctx, campaignRoutes.eligibility, async ({ body, req, reply }) => {
    const result = await campaign.checkEligibility(body);
    const session = await customerSession(req);
    const consent = await campaign.consent(body.consent_id);
    const customer = await campaign.verifiedCustomer({ mobile: body.mobile, name: body.name, utm_code: consent?.utm_code ?? '', sessionCustomerId: session?.subjectId });
    await rememberCustomer(req, reply, session?.subjectId, customer.customer_id);
    return result;
  });

  // The upload flow, for a visitor who may not have verified a mobile yet.
  route(app, ctx, campaignFileRoutes.signUpload, async ({ body, req, reply }) => {
    if (body.file_purpose !== 'UTM_LINK') throw new AppError('BAD_REQUEST', messages.fileTypeNotAllowed);
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

async function waitForLead<T>(find: () => Promise<T | undefined>): Promise<T | undefined> {
  const until = Date.now() + RETRY_WAIT_MS;
  for (;;) {
    const found = await find();
    if (found || Date.now() > until) return found;
    await new Promise((r) => setTimeout(r, 150));
  }
}
