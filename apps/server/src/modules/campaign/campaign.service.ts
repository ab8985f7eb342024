import { RESEND_COUNTDOWN } from '@pmw/contract/constants';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  decideEligibility,
  type CampaignCategory,
  type CampaignTaskForm,
  type Customer,
  type Eligibility,
  type NotEligibleJob,
  type OwnerProfile,
} from '@pmw/contract/campaign';
import { HIRING_CATEGORY_ID } from '@pmw/contract/catalogue';
import { PROJECT_ARCHIVE_STATUS } from '@pmw/contract/project-status';
import { firstLeadError, leadCustomer, validateLeadInputs, type LeadInputValue } from '@pmw/contract/lead-form';
import { inputsIn, nameIn, projectIn } from '@pmw/contract/content-language';
import type { Locale } from '@pmw/contract/locale';
import type { Db } from '../../db/client';
import { campaigns, creditConsents, customers } from '../../db/schema/campaign';
import { campaignCreditRules, campaignProduct, campaignProducts } from '../projects/job-reads';
import { people } from '../users/user-reads';
import { prepareOwnerWithSessionRead } from './campaign-owner-read';
import { AppError, isUniqueViolation, notFound } from '../../errors';
import type { FieldCipher } from '../../lib/crypto';
import type { CreditBureau } from '../../providers/credit-bureau';
import type { OtpService } from '../auth/otp.service';
import { formIn, type LeadsService } from '../leads/leads.service';
import type { UsersService } from '../users/users.service';
import type { OtpSent, SmsLocale } from '../auth/otp.service';
import { saidOf, say } from '@pmw/contract/texts/said';

const CONSENT_PURPOSE = 'CREDIT_PROFILE';

export type CustomerRow = typeof customers.$inferSelect;

export interface CampaignOwner {
  user_id: number;
  mobile: string;
}

const toCustomer = (row: CustomerRow): Customer | null =>
  row.mobile ? { customer_id: row.customer_id, mobile: row.mobile, name: row.name } : null;

/**
 * The customer campaign page: a partner's products by campaign code, the lead
 * a customer submits (attributed to the code's owner), customers and their
 * credit-profile consents.
 */
export function createCampaignService(deps: {
  db: Db;
  users: UsersService;
  leads: LeadsService;
  otp: OtpService;
  bureau: CreditBureau;
  cipher: FieldCipher;
}) {
  const { db, users, leads, otp, bureau, cipher } = deps;

  const ownerWithSessionRead = prepareOwnerWithSessionRead(db);

  /** The partner who owns a campaign code, or 404 'Invalid Link/QR Code'. Their mobile is for the self-referral rule only, never for the page. */
  async function owner(utmCode: string): Promise<CampaignOwner> {
    const [campaign] = await db
      .select({ user_id: campaigns.user_id })
      .from(campaigns)
      .where(eq(campaigns.utm_code, utmCode.toLowerCase()))
      .limit(1);
    const person = campaign && (await people(db, [campaign.user_id])).get(campaign.user_id);
    const row = campaign && person && !person.blocked ? { user_id: campaign.user_id, mobile: person.mobile } : undefined;
    if (!row) throw notFound(say('campaign.invalidLink'));
    return row;
  }

  async function customerById(id: number): Promise<CustomerRow | undefined> {
    const [row] = await db.select().from(customers).where(eq(customers.customer_id, id)).limit(1);
    return row;
  }

  const service = {
    owner,

    /**
     * The code's owner and this device's customer session (by its token's
     * hash) in one round trip, as every lead needs both: the session's
     * customer id (a visitor's too) and the customer when verified (null
     * without a session or when it is an anonymous visitor's).
     */
    async ownerWithSession(
      utmCode: string,
      sessionHash: string | undefined,
    ): Promise<{ owner: CampaignOwner; sessionCustomerId: number | undefined; customer: CustomerRow | null }> {
      // A hash no token has ('') matches no session.
      const [row] = await ownerWithSessionRead.execute({ utmCode: utmCode.toLowerCase(), sessionHash: sessionHash ?? '', now: new Date() });
      if (!row) throw notFound(say('campaign.invalidLink'));
      return {
        owner: { user_id: row.user_id, mobile: row.mobile },
        sessionCustomerId: row.session_customer_id ?? undefined,
        customer: row.customer,
      };
    },

    /** A verified customer's new name, given by the customer themself. */
    async rename(customer: CustomerRow, name: string | undefined): Promise<CustomerRow> {
      const next = name?.trim();
      if (!next || next === customer.name) return customer;
      const [row] = await db
        .update(customers)
        .set({ name: next, modified_on: new Date() })
        .where(eq(customers.customer_id, customer.customer_id))
        .returning();
      return row ?? customer;
    },

    /** Who a campaign code belongs to, for counting the page's visits. */
    async ownerUserId(utmCode: string): Promise<number> {
      return (await owner(utmCode)).user_id;
    },

    async ownerProfile(utmCode: string): Promise<OwnerProfile> {
      const { user_id } = await owner(utmCode);
      const user = await users.sessionUser(user_id);
      const row = await users.byId(user_id);
      return {
        utm_code: utmCode.toLowerCase(),
        first_name: user.first_name,
        last_name: row?.last_name ?? null,
        profile_picture_url: user.profile_picture_url,
      };
    },

    /** The page's products by category, in the reader's language. */
    async tasks(
      utmCode: string,
      jobId: number | undefined,
      locale: Locale = 'en',
    ): Promise<{ categories: CampaignCategory[]; utm_selected: number | null }> {
      await owner(utmCode);
      const rows = await campaignProducts(db);
      const categories = new Map<number, CampaignCategory>();
      for (const row of rows) {
        const {
          category_title,
          category_translations,
          employer_translations,
          translations: _t,
          customer_features,
          ...product
        } = projectIn(row, row.translations, locale);
        let cat = categories.get(product.job_category_id);
        if (!cat) {
          cat = { job_category_id: product.job_category_id, title: nameIn(category_title, category_translations, locale), products: [] };
          categories.set(product.job_category_id, cat);
        }
        cat.products.push({
          ...product,
          employer_name: nameIn(product.employer_name, employer_translations, locale),
          customerFeatures: customer_features.slice(0, 3),
        });
      }
      const selected = jobId !== undefined && rows.some((r) => r.job_id === jobId) ? jobId : null;
      return { categories: [...categories.values()], utm_selected: selected };
    },

    /** A listed product's lead form, in the reader's language. */
    async taskForm(utmCode: string, jobId: number, locale: Locale = 'en'): Promise<CampaignTaskForm> {
      await owner(utmCode);
      const found = await campaignProduct(db, jobId);
      const stored = found ? await leads.formByJob(jobId) : undefined;
      if (!found || !stored) throw notFound(say('campaign.productNotAvailable'));
      const row = projectIn(found, found.translations, locale);
      const form = formIn(stored, locale);
      return {
        job_id: row.job_id,
        job_title: row.job_title,
        employer_name: nameIn(row.employer_name, row.employer_translations, locale),
        customerTnc: row.customer_tnc,
        customerCriteria: row.customer_criteria,
        customerFeatures: row.customer_features,
        form_id: form.form_id,
        description: form.description,
        is_otp_required: form.is_otp_required,
        is_credit_flow: form.is_credit_flow,
        formData: { input: locale === 'en' ? inputsIn(form.inputs, 'en') : form.inputs },
      };
    },

    /** Whether the page lists a form's product (the same rule as `listed`, on a form already loaded). */
    isListed(form: { job_category_id: number; archive_status: number; on_hold: boolean; utm_selected: boolean }): boolean {
      return (
        form.job_category_id !== HIRING_CATEGORY_ID &&
        form.archive_status === PROJECT_ARCHIVE_STATUS.live &&
        !form.on_hold &&
        form.utm_selected
      );
    },

    /** The verified customer of a session, or null (no session, or an anonymous one). */
    async sessionCustomer(customerId: number | undefined): Promise<Customer | null> {
      if (customerId === undefined) return null;
      const row = await customerById(customerId);
      return row ? toCustomer(row) : null;
    },

    /** A visitor with no mobile yet, so uploads before the OTP have an owner. */
    async createAnonymous(utmCode: string | undefined): Promise<number> {
      const [row] = await db
        .insert(customers)
        .values({ utm_code: utmCode ?? null })
        .returning({ id: customers.customer_id });
      return row!.id;
    },

    /**
     * The customer of a mobile, made when new. Only a mobile just proved (OTP,
     * consent) may rename an existing customer (`rename`); an anonymous
     * visitor row of this device takes the mobile when no customer has it yet.
     */
    async verifiedCustomer(input: {
      mobile: string;
      name?: string | undefined;
      utm_code: string;
      sessionCustomerId?: number | undefined;
      rename?: boolean;
    }): Promise<CustomerRow> {
      const name = input.name?.trim() || null;
      const [existing] = await db.select().from(customers).where(eq(customers.mobile, input.mobile)).limit(1);
      if (existing) {
        if (input.rename !== false && name && name !== existing.name) {
          const [row] = await db
            .update(customers)
            .set({ name, modified_on: new Date() })
            .where(eq(customers.customer_id, existing.customer_id))
            .returning();
          return row!;
        }
        return existing;
      }
      if (input.sessionCustomerId !== undefined) {
        const [row] = await db
          .update(customers)
          .set({ mobile: input.mobile, name, modified_on: new Date() })
          .where(and(eq(customers.customer_id, input.sessionCustomerId), isNull(customers.mobile)))
          .returning();
        if (row) return row;
      }
      try {
        const [row] = await db.insert(customers).values({ mobile: input.mobile, name, utm_code: input.utm_code }).returning();
        return row!;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const [row] = await db.select().from(customers).where(eq(customers.mobile, input.mobile)).limit(1);
        return row!;
      }
    },

    /** Validates a lead's values far enough to know its customer (the leads service checks everything again). */
    leadMobile(
      inputs: Parameters<typeof validateLeadInputs>[0],
      values: LeadInputValue[],
      locale: Locale = 'en',
    ): { mobile: string; name: string | undefined } {
      // The reader's labels name the fields in a refusal; the customer is read from the English form.
      const shown = inputsIn(inputs, locale);
      const result = validateLeadInputs(shown, values);
      const error = firstLeadError(shown, result.errors);
      if (error) throw new AppError('VALIDATION', saidOf(error));
      const c = leadCustomer(inputs, result.values);
      if (!c.mobile) throw new AppError('VALIDATION', say('campaign.otpNeeded'));
      return { mobile: c.mobile, name: c.name };
    },

    /** Asks the customer's consent to a credit-profile check by OTP; answers the consent's id. */
    async requestCreditConsent(input: {
      mobile: string;
      name: string;
      pan_no: string;
      utm_code: string;
      project_name?: string | undefined;
      ip: string;
      locale?: SmsLocale;
    }): Promise<{ consentId: string } & OtpSent> {
      await owner(input.utm_code);
      const project = input.project_name?.trim() || say('sms.thisProduct');
      const sent = await otp.send({
        mobile: input.mobile,
        purpose: 'CREDIT',
        ip: input.ip,
        resendSeconds: RESEND_COUNTDOWN.campaign,
        ...(input.locale ? { locale: input.locale } : {}),
        text: (code) => say('sms.creditOtp', { otp: code, project }),
      });
      const consentId = randomUUID();
      await db.insert(creditConsents).values({
        consent_id: consentId,
        purpose: CONSENT_PURPOSE,
        mobile: input.mobile,
        name: input.name,
        pan_enc: cipher.encrypt(input.pan_no),
        pan_last4: input.pan_no.slice(-4),
        utm_code: input.utm_code.toLowerCase(),
        project_name: input.project_name ?? null,
        otp_request_id: sent.request_id,
        client_ip: input.ip,
      });
      return { consentId, ...sent };
    },

    /** Verifies the consent OTP, asks the bureau, and decides each project by its own rules. */
    async checkEligibility(input: {
      consent_id: string;
      otp: string;
      pan_no: string;
      mobile: string;
      name: string;
      earning: number;
      job_ids: number[];
    }): Promise<Eligibility> {
      const [consent] = await db.select().from(creditConsents).where(eq(creditConsents.consent_id, input.consent_id)).limit(1);
      if (!consent || consent.mobile !== input.mobile || cipher.decrypt(consent.pan_enc) !== input.pan_no) {
        throw notFound(say('campaign.consentNotFound'));
      }
      await otp.verify({ mobile: input.mobile, purpose: 'CREDIT', otp: input.otp, request_id: consent.otp_request_id });
      const profile = await bureau.fetchProfile({
        pan: input.pan_no,
        name: input.name,
        mobile: input.mobile,
        consent_id: consent.consent_id,
      });
      const rows = await campaignCreditRules(db, input.job_ids);
      const eligible: number[] = [];
      const notEligible: NotEligibleJob[] = [];
      for (const job of rows) {
        const reason = decideEligibility(job.credit_rules, { earning: input.earning, ...profile });
        if (reason) notEligible.push({ job_id: job.job_id, ...reason });
        else eligible.push(job.job_id);
      }
      const now = new Date();
      await db
        .update(creditConsents)
        .set({
          granted_on: now,
          decided_on: now,
          earning: Math.round(input.earning),
          eligible_job_ids: eligible,
          not_eligible_jobs: notEligible,
        })
        .where(eq(creditConsents.consent_id, consent.consent_id));
      return { eligible_job_ids: eligible, not_eligible_jobs: notEligible };
    },

    /** A lead of a credit-flow project needs a granted consent of the same mobile that found it eligible. */
    async assertEligible(consentId: string | undefined, mobile: string, jobId: number): Promise<void> {
      if (!consentId) throw new AppError('FORBIDDEN', say('campaign.consentNotFound'));
      const [consent] = await db.select().from(creditConsents).where(eq(creditConsents.consent_id, consentId)).limit(1);
      if (!consent || consent.mobile !== mobile || !consent.granted_on) throw new AppError('FORBIDDEN', say('campaign.consentNotFound'));
      if (!consent.eligible_job_ids?.includes(jobId)) throw new AppError('FORBIDDEN', say('campaign.consentNotEligible'));
    },

    /** The consent record, for audits and tests. */
    async consent(consentId: string) {
      const [row] = await db.select().from(creditConsents).where(eq(creditConsents.consent_id, consentId)).limit(1);
      return row;
    },
  };
  return service;
}
export type CampaignService = ReturnType<typeof createCampaignService>;
