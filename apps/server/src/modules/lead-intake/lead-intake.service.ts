import { RESEND_COUNTDOWN } from '@pmw/contract/constants';
import type { z } from 'zod';
import { type addTaskResponseSchema } from '@pmw/contract/campaign';
import {
  bankAccountInput,
  leadCustomer,
  panInput,
  parseLocation,
  validateLeadInputs,
  type DevicePosition,
  type LeadInputValue,
} from '@pmw/contract/lead-form';
import { type MobileCheck } from '@pmw/contract/team';
import type { Locale } from '@pmw/contract/locale';
import { LEAD_INTAKE_SOURCE, type LeadIntakeSource } from '@pmw/contract/metrics';
import { AppError, notFound } from '../../errors';
import type { OtpService, SmsLocale } from '../auth/otp.service';
import type { CampaignOwner, CampaignService, CustomerRow } from '../campaign/campaign.service';
import { refuseSelfReferral } from './self-referral';
import type { FilesService } from '../files/files.service';
import { noMetrics, type Metrics } from '../../lib/metrics';
import type { AssessInput } from '../risk/risk.service';
import { type CreatedLead, type LeadForm, type LeadsService } from '../leads/leads.service';
import { say } from '@pmw/contract/texts/said';

/** How long a retried submit waits for the first one, whose OTP it cannot reuse. */
const RETRY_WAIT_MS = 3000;

type AddTaskResponse = z.infer<typeof addTaskResponseSchema>;

export interface CampaignLeadInput {
  utm_code: string;
  form_id: number;
  utm_job_id?: number | undefined;
  values: LeadInputValue[];
  otp?: string | undefined;
  consent_id?: string | undefined;
  idempotency_key?: string | undefined;
  tracking_id?: string | undefined;
  /** The hash of this device's customer session token, if it sent one: read with the code's owner. */
  sessionHash?: string | undefined;
  /** The caller's address, for the OTP's wrong-code limits. */
  ip?: string | undefined;
  /** The campaign page's device cookie id, for the lead's risk signals. */
  device_id?: string | undefined;
  /** The reader's language, for the refusals' field labels and the project's own messages. */
  locale?: Locale | undefined;
}

export interface TeamLeadInput {
  form_id: number;
  values: LeadInputValue[];
  location?: DevicePosition | undefined;
  idempotency_key: string;
  otp?: string | undefined;
  offline_unverified?: true | undefined;
  ip?: string | undefined;
  locale?: Locale | undefined;
}

export interface CampaignLeadResult {
  answer: AddTaskResponse;
  /** Set when this submit proved the customer (OTP or consent): the device gets a new session for them. */
  verifiedCustomerId?: number | undefined;
}

/**
 * Every lead enters here: the campaign page's (owner, form, proof of the
 * mobile by session, OTP or consent, customer, lead) and a team member's.
 * Both create the lead through the leads service, which holds the rules a
 * lead must pass (form values, files, duplicate window, idempotency).
 */
export function createLeadIntakeService(deps: {
  leads: LeadsService;
  campaign: CampaignService;
  otp: OtpService;
  files: FilesService;
  metrics?: Metrics;
  /** A team member's own mobile and their manager's: a team lead may be for neither. */
  teamOwnMobiles: (member: { userId: number; teamId: number }) => Promise<string[]>;
  /** Queues a new lead's risk signals once it is committed; a failure is logged, never the submitter's. */
  risk?: { enqueue: (a: AssessInput, onError: (err: unknown) => void) => void } | undefined;
  onRiskError?: ((err: unknown, formResponseId: number) => void) | undefined;
}) {
  const { leads, campaign, otp, files } = deps;
  const metrics = deps.metrics ?? noMetrics;
  const submitted = metrics.counter({
    name: 'pmw_leads_submitted_total',
    help: 'New leads taken in, by source (campaign page or team); a retried submit answered with its first lead is not counted again',
    labelNames: ['source'],
  });
  const refused = metrics.counter({
    name: 'pmw_leads_refused_total',
    help: 'Lead submits refused, by source and error code (VALIDATION, OTP_INVALID, CONFLICT for a duplicate or a closed project, INTERNAL for a failure)',
    labelNames: ['source', 'code'],
  });
  /** Counts a submit's refusal by its error code; the error goes on to the caller. */
  async function counted<T>(source: LeadIntakeSource, submit: () => Promise<T>): Promise<T> {
    try {
      return await submit();
    } catch (err) {
      refused.inc({ source, code: err instanceof AppError ? err.code : 'INTERNAL' });
      throw err;
    }
  }

  /** The new lead's risk, after its commit and its answer: neither the lead's transaction nor the submitter waits for it. */
  function assessRisk(
    form: LeadForm,
    lead: CreatedLead,
    values: LeadInputValue[],
    extra: Pick<AssessInput, 'partner_user_id' | 'team_member_user_id' | 'device_id' | 'ip' | 'location'>,
  ) {
    if (!lead.customer_mobile) return;
    queueRisk(form, lead.form_response_id, lead.customer_mobile, validateLeadInputs(form.inputs, values).values, {
      ...extra,
      submitted_on: new Date(),
    });
  }

  function queueRisk(
    form: LeadForm,
    formResponseId: number,
    customerMobile: string,
    normalised: { input_id: number; value: string; file_id?: number | null | undefined }[],
    extra: Pick<AssessInput, 'partner_user_id' | 'team_member_user_id' | 'device_id' | 'ip' | 'location' | 'submitted_on'>,
  ) {
    if (!deps.risk) return;
    const valueOf = (id: number | undefined) => (id === undefined ? undefined : normalised.find((v) => v.input_id === id)?.value);
    const mapInput = form.inputs.find((i) => i.input_type.toUpperCase() === 'MAP_LOCATION');
    const mapValue = valueOf(mapInput?.input_id);
    deps.risk.enqueue(
      {
        form_response_id: formResponseId,
        job_id: form.job_id,
        customer_mobile: customerMobile,
        duplicate_window_days: form.duplicate_window_days,
        file_ids: normalised.flatMap((v) => (typeof v.file_id === 'number' ? [v.file_id] : [])),
        map_location: mapValue ? parseLocation(mapValue) : undefined,
        customer_pan: valueOf(panInput(form.inputs)?.input_id) || undefined,
        customer_bank_account: valueOf(bankAccountInput(form.inputs)?.input_id) || undefined,
        lead_hours: { start: form.lead_hours_start, end: form.lead_hours_end },
        ...extra,
      },
      (err) => deps.onRiskError?.(err, formResponseId),
    );
  }

  async function refuseTeamSelfReferral(member: { userId: number; teamId: number }, mobile: string) {
    refuseSelfReferral(await deps.teamOwnMobiles(member), mobile, say('campaign.selfReferralTeam'));
  }

  /**
   * After a mobile was proved on a device: the customer it belongs to, and
   * whether the device needs a new session (always, unless its session
   * already was this verified customer). An anonymous visitor's uploads
   * follow them to the customer they turned out to be.
   */
  async function proved(input: {
    mobile: string;
    name?: string | undefined;
    utm_code: string;
    sessionCustomerId: number | undefined;
    known: { customer_id: number } | null;
  }) {
    const customer = await campaign.verifiedCustomer({
      mobile: input.mobile,
      name: input.name,
      utm_code: input.utm_code,
      sessionCustomerId: input.known ? undefined : input.sessionCustomerId,
    });
    if (input.known?.customer_id === customer.customer_id) return { customer, newSession: false, moved: false };
    const moved = !input.known && input.sessionCustomerId !== undefined && input.sessionCustomerId !== customer.customer_id;
    if (moved)
      await files.transferOwner({ kind: 'customer', id: input.sessionCustomerId! }, { kind: 'customer', id: customer.customer_id });
    return { customer, newSession: true, moved };
  }

  /** Refuses a lead (or its credit check) for the mobile of the partner who owns the campaign: nobody is paid for referring themselves. */
  function refuseOwnMobile(owner: CampaignOwner, mobile: string): void {
    refuseSelfReferral([owner.mobile], mobile, say('campaign.selfReferralCampaign'));
  }

  /** Login on the campaign page, or the credit check, proved a mobile: the customer (the caller starts a new session for them). */
  async function customerProved(input: {
    mobile: string;
    name?: string | undefined;
    utm_code: string;
    sessionCustomerId: number | undefined;
  }) {
    const known = await campaign.sessionCustomer(input.sessionCustomerId);
    return proved({ ...input, known });
  }

  return {
    refuseOwnMobile,
    customerProved,

    /**
     * The campaign page's OTP: for a lead it is refused at the mobile field when it is the code owner's own (before
     * any OTP goes out, without sending the owner's mobile to the page); sends are limited by the OTP service.
     */
    async sendCampaignOtp(input: {
      utm_code: string;
      mobile: string;
      purpose: 'LOGIN' | 'LEAD';
      ip: string;
      locale: SmsLocale | undefined;
    }) {
      const owner = await campaign.owner(input.utm_code);
      if (input.purpose === 'LEAD') refuseOwnMobile(owner, input.mobile);
      return otp.send({
        mobile: input.mobile,
        purpose: input.purpose === 'LOGIN' ? 'CUSTOMER_LOGIN' : 'LEAD',
        ip: input.ip,
        locale: input.locale,
        resendSeconds: RESEND_COUNTDOWN.campaign,
      });
    },

    /** A customer's login on a partner's campaign page: the OTP proves the mobile (the caller starts a new session). */
    async loginCustomer(input: {
      utm_code: string;
      mobile: string;
      otp: string;
      name?: string | undefined;
      ip: string;
      sessionCustomerId: number | undefined;
    }) {
      await campaign.owner(input.utm_code);
      await otp.verify({ mobile: input.mobile, purpose: 'CUSTOMER_LOGIN', otp: input.otp, ip: input.ip });
      const { customer } = await customerProved(input);
      return customer;
    },

    /** The credit check's consent OTP, refused for the code owner's own mobile. */
    async requestCreditConsent(input: Parameters<CampaignService['requestCreditConsent']>[0]) {
      refuseOwnMobile(await campaign.owner(input.utm_code), input.mobile);
      return campaign.requestCreditConsent(input);
    },

    /** The credit check: its consent's OTP also signs the customer in (the caller starts a new session for them). */
    async checkEligibility(
      input: Parameters<CampaignService['checkEligibility']>[0] & { mobile: string; name?: string | undefined },
      sessionCustomerId: number | undefined,
    ) {
      const result = await campaign.checkEligibility(input);
      const consent = await campaign.consent(input.consent_id);
      const { customer } = await customerProved({
        mobile: input.mobile,
        name: input.name,
        utm_code: consent?.utm_code ?? '',
        sessionCustomerId,
      });
      return { result, customerId: customer.customer_id };
    },

    campaignLead: (input: CampaignLeadInput): Promise<CampaignLeadResult> =>
      counted(LEAD_INTAKE_SOURCE.campaign, () => campaignLead(input)),

    /** Sends the customer of a team lead the lead OTP, on a form that asks for one. */
    async teamLeadOtp(
      member: { userId: number; teamId: number },
      input: { form_id: number; mobile: string; ip: string; locale?: SmsLocale | undefined },
    ) {
      const form = await leads.formById(input.form_id);
      if (!form) throw notFound(say('common.formNotFound'));
      if (!form.is_otp_required) throw new AppError('BAD_REQUEST', say('team.otpNotAsked'));
      leads.assertOpen(form);
      await refuseTeamSelfReferral(member, input.mobile);
      return otp.send({
        mobile: input.mobile,
        purpose: 'LEAD',
        ip: input.ip,
        resendSeconds: RESEND_COUNTDOWN.lead,
        ...(input.locale ? { locale: input.locale } : {}),
      });
    },

    teamLead: (member: { userId: number; teamId: number }, input: TeamLeadInput) =>
      counted(LEAD_INTAKE_SOURCE.team, () => teamLead(member, input)),

    /**
     * Queues the risk of leads that were never assessed (their process ended
     * before their turn), from what each lead holds: its device, address and
     * the phone's accuracy went with the process, so those signals cannot be.
     */
    async reassess(ids: number[]): Promise<void> {
      for (const id of ids) {
        const lead = await leads.leadFacts(id);
        const form = lead && (await leads.formById(lead.form_id));
        if (!lead?.customer_mobile || !form) continue;
        queueRisk(form, id, lead.customer_mobile, lead.data, {
          partner_user_id: lead.partner_user_id,
          team_member_user_id: lead.team_member_user_id,
          location: lead.location ?? undefined,
          submitted_on: lead.created_on,
        });
      }
    },
  };

  async function campaignLead(input: CampaignLeadInput): Promise<CampaignLeadResult> {
    // The customer of this device's session (anonymous or verified), if it has one.
    const { owner, sessionCustomerId, customer: known } = await campaign.ownerWithSession(input.utm_code, input.sessionHash);
    const form = await leads.formById(input.form_id);
    // The product must be one this page lists.
    if (!form || !campaign.isListed(form) || (input.utm_job_id !== undefined && input.utm_job_id !== form.job_id))
      throw notFound(say('common.formNotFound'));
    const { mobile, name } = campaign.leadMobile(form.inputs, input.values, input.locale);
    refuseOwnMobile(owner, mobile);
    const attribution = { partner_user_id: owner.user_id };
    // How this submit proves the mobile is the customer's: a credit consent, this device's session, an OTP, or nothing (a form without OTP).
    const proof = form.is_credit_flow ? 'consent' : known?.mobile === mobile ? 'session' : form.is_otp_required ? 'otp' : 'none';
    // A key belongs to the customer who made it; an unproved mobile's key also to the device that sent it.
    const keyScope = proof === 'none' ? `m${mobile}:s${sessionCustomerId ?? 0}` : `m${mobile}`;
    const answer = (lead: CreatedLead, customer: { customer_id: number; mobile: string; name: string | null }): AddTaskResponse => ({
      form_response_id: lead.form_response_id,
      link: form.redirect_link ?? form.custom_link ?? null,
      customer,
    });

    if (proof === 'consent') {
      // The consent's OTP proved the mobile and the check found this product eligible.
      await campaign.assertEligible(input.consent_id, mobile, form.job_id);
    } else if (proof === 'otp') {
      if (!input.otp) throw new AppError('BAD_REQUEST', say('campaign.otpNeeded'));
      try {
        await otp.verify({ mobile, purpose: 'LEAD', otp: input.otp, ...(input.ip ? { ip: input.ip } : {}) });
      } catch (err) {
        // A retry of a submit whose first try used the OTP: answer the first try's lead, made with this key for this mobile.
        const first = input.idempotency_key
          ? await waitForLead(() => leads.existingForKey(attribution, input.idempotency_key, keyScope))
          : undefined;
        if (!first?.customer_id || !first.customer_mobile) throw err;
        return { answer: answer(first, { customer_id: first.customer_id, mobile: first.customer_mobile, name: first.customer_name }) };
      }
    }

    let customer: CustomerRow;
    let verifiedCustomerId: number | undefined;
    let uploader = sessionCustomerId;
    if (proof === 'session') {
      customer = await campaign.rename(known!, name);
    } else if (proof === 'none') {
      // Nothing proves this mobile: a known customer keeps their name, and this device gets no session.
      customer = await campaign.verifiedCustomer({ mobile, name, utm_code: input.utm_code, rename: false });
    } else {
      const p = await proved({ mobile, name, utm_code: input.utm_code, sessionCustomerId, known });
      customer = p.customer;
      if (p.newSession) verifiedCustomerId = customer.customer_id;
      if (p.moved) uploader = customer.customer_id;
    }
    const { lead, created } = await leads.createLead({
      form,
      values: input.values,
      attribution,
      // Files were uploaded under this device's session, or moved to the customer it proved to be.
      uploader: { kind: 'customer', id: uploader ?? customer.customer_id },
      customer: { customer_id: customer.customer_id },
      idempotency_key: input.idempotency_key,
      keyScope,
      tracking_id: input.tracking_id,
      locale: input.locale,
    });
    if (created) {
      submitted.inc({ source: LEAD_INTAKE_SOURCE.campaign });
      assessRisk(form, lead, input.values, {
        partner_user_id: owner.user_id,
        team_member_user_id: null,
        device_id: input.device_id,
        ip: input.ip,
      });
    }
    const shown = proof === 'none' ? (name ?? null) : customer.name;
    return { answer: answer(lead, { customer_id: customer.customer_id, mobile, name: shown }), verifiedCustomerId };
  }

  /**
   * A team member's lead, attributed to them and the team they logged in
   * under. On a form with OTP the customer's code proves the mobile; a lead
   * the device queued offline comes without it and is marked unverified,
   * for ops to verify by a call or reject.
   */
  async function teamLead(member: { userId: number; teamId: number }, input: TeamLeadInput) {
    const form = await leads.formById(input.form_id);
    if (!form) throw notFound(say('common.formNotFound'));
    const attribution = { team_member_user_id: member.userId, team_id: member.teamId };
    // A retry of a lead already made answers it (below); a new one is checked for a self-referral first.
    const customerMobile = leadCustomer(form.inputs, validateLeadInputs(form.inputs, input.values).values).mobile;
    if (customerMobile && !(await leads.existingForKey(attribution, input.idempotency_key)))
      await refuseTeamSelfReferral(member, customerMobile);
    let mobileCheck: MobileCheck | null = null;
    if (form.is_otp_required) {
      // A closed project or a wrong value is said before anything about the OTP (createLead answers a retry of an earlier lead).
      const earlier = await leads.existingForKey(attribution, input.idempotency_key);
      if (earlier) return { form_response_id: earlier.form_response_id };
      leads.assertOpen(form, input.locale);
      const { mobile } = campaign.leadMobile(form.inputs, input.values, input.locale);
      let verified = false;
      if (input.otp) {
        try {
          await otp.verify({ mobile, purpose: 'LEAD', otp: input.otp, ...(input.ip ? { ip: input.ip } : {}) });
          verified = true;
        } catch (err) {
          // A retry of a submit whose first try used the OTP answers that try's lead.
          const first = await waitForLead(() => leads.existingForKey(attribution, input.idempotency_key));
          if (first) return { form_response_id: first.form_response_id };
          // A lead queued offline after its OTP went stale is still sent, unverified.
          if (!input.offline_unverified) throw err;
        }
      }
      if (verified) mobileCheck = 'otp';
      else if (input.offline_unverified) mobileCheck = 'unverified';
      else throw new AppError('BAD_REQUEST', say('campaign.otpNeeded'));
    }
    const { lead, created } = await leads.createLead({
      form,
      mobileCheck,
      values: input.values,
      attribution,
      uploader: { kind: 'team', id: member.userId },
      idempotency_key: input.idempotency_key,
      location: input.location,
      locale: input.locale,
    });
    if (created) {
      submitted.inc({ source: LEAD_INTAKE_SOURCE.team });
      assessRisk(form, lead, input.values, {
        partner_user_id: null,
        team_member_user_id: member.userId,
        ip: input.ip,
        location: input.location,
      });
    }
    return { form_response_id: lead.form_response_id };
  }
}
export type LeadIntakeService = ReturnType<typeof createLeadIntakeService>;

async function waitForLead<T>(find: () => Promise<T | undefined>): Promise<T | undefined> {
  const until = Date.now() + RETRY_WAIT_MS;
  for (;;) {
    const found = await find();
    if (found || Date.now() > until) return found;
    await new Promise((r) => setTimeout(r, 150));
  }
}
