import { and, eq, sql } from 'drizzle-orm';
import type { FilePurpose } from '@pmw/contract/files';
import { inputsIn, projectIn, textIn, type FormTranslations, type ProjectTranslations } from '@pmw/contract/content-language';
import type { Locale } from '@pmw/contract/locale';
import type { MobileCheck } from '@pmw/contract/team';
import {
  firstLeadError,
  isFileInput,
  leadCustomer,
  validateLeadInputs,
  type FormInputDef,
  type LeadInputValue,
  type MapLocation,
  type NormalisedLeadValue,
} from '@pmw/contract/lead-form';
import type { Db, DbOrTx } from '../../db/client';
import type { CatalogueCache } from '../../lib/catalogue-cache';
import { formResponseData, formResponses } from '../../db/schema/leads';
import { formIdOfJob, jobPincodeList, leadFormOf } from '../projects/job-reads';
import { AppError, conflict, notFound } from '../../errors';
import type { FileCaller, FilesService } from '../files/files.service';
import { asTyped, saidOf, say } from '@pmw/contract/texts/said';
import { PROJECT_ARCHIVE_STATUS } from '@pmw/contract/project-status';
import { LEAD_SUB_STATUS } from '@pmw/contract/lead-status';

export type LeadRow = typeof formResponses.$inferSelect;

/** Who a lead counts for: the partner who owns the campaign code, or a team member and their team. */
export type LeadAttribution = { partner_user_id: number } | { team_member_user_id: number; team_id: number };

/** A project's lead form with what the lead rules need of the project. */
export interface LeadForm {
  form_id: number;
  job_id: number;
  inputs: FormInputDef[];
  is_otp_required: boolean;
  description: string | null;
  custom_link: string | null;
  job_title: string;
  job_category_id: number;
  payout_paise: number;
  duplicate_window_days: number;
  /** India time (`HH:MM`) the project expects leads between, or null. */
  lead_hours_start: string | null;
  lead_hours_end: string | null;
  is_credit_flow: boolean;
  credit_rules: { min_income?: number; min_score?: number; min_age?: number; max_age?: number } | null;
  redirect_link: string | null;
  archive_status: number;
  archive_message: string | null;
  on_hold: boolean;
  hold_message: string | null;
  /** Listed on campaign pages. */
  utm_selected: boolean;
  /** The project's texts in other languages. */
  translations: ProjectTranslations;
  /** The form's description in other languages. */
  form_translations: FormTranslations;
}

/**
 * A form as a reader of a language sees it: labels, placeholders, option names,
 * description, title and messages in their language where ops wrote them. The
 * rules (which input is the name, a lead's stored options) read the English form.
 */
export function formIn<T extends LeadForm>(form: T, locale: Locale): T {
  if (locale === 'en') return form;
  return {
    ...projectIn(form, form.translations, locale),
    inputs: inputsIn(form.inputs, locale),
    description: textIn(form.description, form.form_translations.hi?.description, locale),
  };
}

export interface CreateLeadInput {
  /** The form: a LeadForm this service answered is used as it is; otherwise only form_id is read and the rest loaded. */
  form: Pick<LeadForm, 'form_id'> | LeadForm;
  values: LeadInputValue[];
  attribution: LeadAttribution;
  /** Who uploaded the files the values name (the submitter's session). */
  uploader: FileCaller;
  /** The campaign customer, when there is one. */
  customer?: { customer_id: number } | undefined;
  /** Chosen by the client per submission; the same key twice makes one lead. */
  idempotency_key?: string | undefined;
  /** Who the key belongs to inside the attribution (a campaign customer), so one customer's key never answers another's lead. */
  keyScope?: string | undefined;
  location?: MapLocation | undefined;
  tracking_id?: string | undefined;
  /** How the customer's mobile was proved, on a form with OTP. */
  mobileCheck?: MobileCheck | null | undefined;
  /** The submitter's language: a refusal names the fields by their labels in it. */
  locale?: Locale | undefined;
}

export interface LeadWithData extends LeadRow {
  data: { input_id: number; value: string; file_id: number | null }[];
}

/** Files a lead may hold: campaign uploads and team uploads. */
const LEAD_FILE_PURPOSES: FilePurpose[] = ['UTM_LINK', 'FORM_RESPONSE'];

function scopeKey(attribution: LeadAttribution, key: string, scope: string | undefined): string {
  const who = 'partner_user_id' in attribution ? `p${attribution.partner_user_id}` : `t${attribution.team_member_user_id}`;
  return scope ? `${who}:${scope}:${key}` : `${who}:${key}`;
}

/** What a caller learns of a lead it created or had created before. */
export type CreatedLead = Pick<LeadRow, 'form_response_id' | 'customer_id' | 'customer_mobile' | 'customer_name'>;

function ownsLead(lead: LeadRow, attribution: LeadAttribution): boolean {
  return 'partner_user_id' in attribution
    ? lead.partner_user_id === attribution.partner_user_id
    : lead.team_member_user_id === attribution.team_member_user_id;
}

/**
 * Owns leads (form_responses and form_response_data): creating one from a
 * form's values, once per submission, and refusing a duplicate customer for
 * the same project inside its window. The campaign page and the team area both
 * create leads only through here.
 */
export function createLeadsService(deps: { db: Db; files: FilesService; cache: CatalogueCache }) {
  const { db, files, cache } = deps;

  // The partner a lead is attributed to may see the files it holds.
  for (const purpose of LEAD_FILE_PURPOSES) {
    files.addAccessRule(purpose, async (caller, file) => {
      if (caller.kind !== 'worker') return false;
      const [row] = await db
        .select({ id: formResponses.form_response_id })
        .from(formResponseData)
        .innerJoin(formResponses, eq(formResponses.form_response_id, formResponseData.form_response_id))
        .where(and(eq(formResponseData.file_id, file.file_id), eq(formResponses.partner_user_id, caller.id)))
        .limit(1);
      return !!row;
    });
  }

  /** A form with its project, from the catalogue cache (shared: never change what it answers). */
  function formById(formId: number): Promise<LeadForm | undefined> {
    return cache.get(`form:${formId}`, () => loadForm(formId));
  }

  async function loadForm(formId: number): Promise<LeadForm | undefined> {
    return leadFormOf(db, formId);
  }

  /**
   * Every lead's one call (src/db/sql/lead-submit.sql): the lock per customer and project, the
   * duplicate check, the key claim, the lead and its values, in its own transaction. Prepared once,
   * so a lead neither builds the call's text nor has the database parse it again.
   */
  const p = (name: string) => sql.placeholder(name);
  const submitLead = db
    .select({
      lead_id: sql<number>`lead_id`,
      customer_id: sql<number | null>`lead_customer_id`,
      customer_mobile: sql<string | null>`lead_customer_mobile`,
      customer_name: sql<string | null>`lead_customer_name`,
    })
    .from(
      sql`submit_lead(${p('lockKey')}::text, ${p('formId')}::int, ${p('jobId')}::int, ${p('partnerUserId')}::int, ${p('teamMemberUserId')}::int,
        ${p('teamId')}::int, ${p('customerId')}::int, ${p('customerName')}::text, ${p('mobile')}::text, ${p('payoutPaise')}::int, ${p('location')}::jsonb,
        ${p('trackingId')}::text, ${p('mobileCheck')}::text, ${p('key')}::text, ${p('duplicateSince')}::timestamptz, ${p('values')}::jsonb)`,
    )
    .prepare('submit_lead');

  const createdColumns = {
    form_response_id: formResponses.form_response_id,
    customer_id: formResponses.customer_id,
    customer_mobile: formResponses.customer_mobile,
    customer_name: formResponses.customer_name,
  };

  async function byKey(key: string, tx: DbOrTx = db): Promise<CreatedLead | undefined> {
    const [row] = await tx.select(createdColumns).from(formResponses).where(eq(formResponses.idempotency_key, key)).limit(1);
    return row;
  }

  /** Validates values against the form; throws the first error, with every error on `fields`. */
  function validate(form: LeadForm, values: LeadInputValue[], locale: Locale = 'en'): NormalisedLeadValue[] {
    // The reader's labels only name the fields in the messages: the values come out the same (options keep their English values).
    const inputs = formIn(form, locale).inputs;
    const result = validateLeadInputs(inputs, values);
    const message = firstLeadError(inputs, result.errors);
    if (message) {
      const err = new AppError('VALIDATION', saidOf(message));
      err.fields = Object.entries(result.errors).map(([input_id, msg]) => ({
        field: `input.${input_id}`,
        message: saidOf(msg),
      }));
      throw err;
    }
    return result.values;
  }

  async function checkFiles(uploader: FileCaller, values: NormalisedLeadValue[], already: Set<number> = new Set()) {
    for (const v of values) {
      if (v.file_id !== undefined && !already.has(v.file_id)) await files.ownUploaded(uploader, v.file_id, LEAD_FILE_PURPOSES);
    }
  }

  const service = {
    formById,

    /** The pincodes a project serves (kept with the catalogue until ops edit it). */
    projectPincodes(jobId: number): Promise<string[]> {
      return cache.get(`pincodes-of-job:${jobId}`, async () => {
        return jobPincodeList(db, jobId);
      });
    },

    /** The form of a project (form_id may differ from job_id). */
    async formByJob(jobId: number): Promise<LeadForm | undefined> {
      const formId = await cache.get(`form-of-job:${jobId}`, async () => {
        return formIdOfJob(db, jobId);
      });
      return formId === undefined ? undefined : formById(formId);
    },

    /** Whether a project takes leads now; throws the project's own message when not. */
    assertOpen(form: LeadForm, locale: Locale = 'en'): void {
      const said = formIn(form, locale);
      // The closing and hold words are ops' own, in the reader's language where ops wrote one.
      if (form.archive_status !== PROJECT_ARCHIVE_STATUS.live)
        throw new AppError('CONFLICT', said.archive_message ? asTyped(said.archive_message) : say('lead.unavailable'));
      if (form.on_hold) throw new AppError('CONFLICT', said.hold_message ? asTyped(said.hold_message) : say('lead.unavailable'));
    },

    /** A lead created earlier with this key by the same submitter (and customer), if any. */
    async existingForKey(attribution: LeadAttribution, key: string | undefined, scope?: string): Promise<CreatedLead | undefined> {
      return key ? byKey(scopeKey(attribution, key, scope)) : undefined;
    },

    /**
     * Creates a lead. The same idempotency key from the same submitter answers
     * the lead it made before (created: false) instead of a second one. The
     * key is claimed by the insert itself (on conflict do nothing), and the
     * duplicate check, the lead and its values are one statement after a lock
     * per customer and project: four round trips with the transaction's own.
     */
    async createLead(input: CreateLeadInput): Promise<{ lead: CreatedLead; created: boolean }> {
      const key = input.idempotency_key ? scopeKey(input.attribution, input.idempotency_key, input.keyScope) : null;
      const form = 'inputs' in input.form ? input.form : await formById(input.form.form_id);
      if (!form) throw notFound(say('common.formNotFound'));
      try {
        service.assertOpen(form, input.locale);
      } catch (err) {
        // A retry of a submit that went through before the project closed still gets its lead.
        const earlier = key ? await byKey(key) : undefined;
        if (earlier) return { lead: earlier, created: false };
        throw err;
      }
      const values = validate(form, input.values, input.locale);
      const customer = leadCustomer(form.inputs, values);
      if (!customer.mobile) throw new AppError('VALIDATION', say('common.mobileRequired'));
      const mobile = customer.mobile;
      await checkFiles(input.uploader, values);
      const a = input.attribution;
      const since = new Date(Date.now() - form.duplicate_window_days * 86_400_000);
      const data = JSON.stringify(values.map((v) => ({ input_id: v.input_id, value: v.value, file_id: v.file_id ?? null })));

      const [row] = await submitLead.execute({
        lockKey: `lead:${form.job_id}:${mobile}`,
        formId: form.form_id,
        jobId: form.job_id,
        partnerUserId: 'partner_user_id' in a ? a.partner_user_id : null,
        teamMemberUserId: 'team_member_user_id' in a ? a.team_member_user_id : null,
        teamId: 'team_id' in a ? a.team_id : null,
        customerId: input.customer?.customer_id ?? null,
        customerName: customer.name ?? null,
        mobile,
        payoutPaise: form.payout_paise,
        location: input.location ? JSON.stringify(input.location) : null,
        trackingId: input.tracking_id ?? null,
        mobileCheck: input.mobileCheck ?? null,
        key,
        duplicateSince: since.toISOString(),
        values: data,
      });
      if (row) {
        const lead = {
          form_response_id: Number(row.lead_id),
          customer_id: row.customer_id,
          customer_mobile: row.customer_mobile,
          customer_name: row.customer_name,
        };
        return { lead, created: true };
      }
      // Nothing inserted: the key was used before (answer its lead), or the customer is a duplicate.
      const earlier = key ? await byKey(key) : undefined;
      if (earlier) return { lead: earlier, created: false };
      throw conflict(
        say('lead.duplicate', { mobile, project: formIn(form, input.locale ?? 'en').job_title, days: form.duplicate_window_days }),
      );
    },

    /**
     * Adds the details a lead with sub_status 1 ('Add Details') was waiting
     * for. Values sent replace those stored; the whole lead must then be valid.
     */
    async completeLead(input: {
      form_response_id: number;
      values: LeadInputValue[];
      attribution: LeadAttribution;
      uploader: FileCaller;
      location?: MapLocation | undefined;
      locale?: Locale | undefined;
    }): Promise<LeadRow> {
      const [lead] = await db.select().from(formResponses).where(eq(formResponses.form_response_id, input.form_response_id)).limit(1);
      if (!lead || !ownsLead(lead, input.attribution)) throw notFound(say('common.leadNotFound'));
      if (lead.sub_status !== LEAD_SUB_STATUS.needsDetails) throw conflict(say('team.noDetailsNeeded'));
      const form = await formById(lead.form_id);
      if (!form) throw notFound(say('common.formNotFound'));
      const stored = await db.select().from(formResponseData).where(eq(formResponseData.form_response_id, lead.form_response_id));
      const merged = new Map<number, LeadInputValue['value']>(stored.map((d) => [d.input_id, d.value]));
      for (const v of input.values) merged.set(v.input_id, v.value);
      const values = validate(
        form,
        [...merged].map(([input_id, value]) => ({ input_id, value })),
        input.locale,
      );
      const customer = leadCustomer(form.inputs, values);
      if (customer.mobile !== lead.customer_mobile) throw new AppError('BAD_REQUEST', say('lead.mobileLocked'));
      await checkFiles(input.uploader, values, new Set(stored.flatMap((d) => (d.file_id ? [d.file_id] : []))));
      return db.transaction(async (tx) => {
        await tx.delete(formResponseData).where(eq(formResponseData.form_response_id, lead.form_response_id));
        await tx.insert(formResponseData).values(
          values.map((v) => ({
            form_response_id: lead.form_response_id,
            input_id: v.input_id,
            value: v.value,
            file_id: v.file_id ?? null,
          })),
        );
        const [row] = await tx
          .update(formResponses)
          .set({
            sub_status: LEAD_SUB_STATUS.none,
            // The request for details is answered: its comment no longer describes the lead.
            status_comment: null,
            customer_name: customer.name ?? lead.customer_name,
            ...(input.location ? { location: input.location } : {}),
            modified_on: new Date(),
          })
          .where(eq(formResponses.form_response_id, lead.form_response_id))
          .returning();
        return row!;
      });
    },

    /**
     * Fills an empty image, video or file input of a lead with a file its
     * owner uploaded (the report's 'Attach'). A filled input stays as it is.
     */
    async attachFile(input: {
      form_response_id: number;
      input_id: number;
      file_id: number;
      attribution: LeadAttribution;
      uploader: FileCaller;
    }): Promise<{ form_response_id: number; input_id: number; file_id: number }> {
      const [lead] = await db.select().from(formResponses).where(eq(formResponses.form_response_id, input.form_response_id)).limit(1);
      if (!lead || !ownsLead(lead, input.attribution)) throw notFound(say('common.leadNotFound'));
      const form = await formById(lead.form_id);
      const def = form?.inputs.find((i) => i.input_id === input.input_id);
      if (!def) throw notFound(say('lead.inputNotFound'));
      if (!isFileInput(def)) throw new AppError('BAD_REQUEST', say('lead.inputNotFile'));
      const file = await files.ownUploaded(input.uploader, input.file_id, LEAD_FILE_PURPOSES);
      const ext = file.file_name.slice(file.file_name.lastIndexOf('.') + 1).toLowerCase();
      const fits =
        def.input_type === 'IMAGE'
          ? ['png', 'jpg', 'jpeg', 'webp']
          : def.input_type === 'VIDEO'
            ? ['mp4']
            : ['png', 'jpg', 'jpeg', 'webp', 'pdf'];
      if (!fits.includes(ext)) throw new AppError('BAD_REQUEST', say('lead.fileWrongType'));
      return db.transaction(async (tx) => {
        const [existing] = await tx
          .select()
          .from(formResponseData)
          .where(and(eq(formResponseData.form_response_id, lead.form_response_id), eq(formResponseData.input_id, input.input_id)))
          .for('update')
          .limit(1);
        if (existing?.value) {
          if (existing.file_id === input.file_id)
            return { form_response_id: lead.form_response_id, input_id: input.input_id, file_id: input.file_id };
          throw conflict(say('lead.inputFilled'));
        }
        await tx
          .insert(formResponseData)
          .values({
            form_response_id: lead.form_response_id,
            input_id: input.input_id,
            value: String(input.file_id),
            file_id: input.file_id,
          })
          .onConflictDoUpdate({
            target: [formResponseData.form_response_id, formResponseData.input_id],
            set: { value: String(input.file_id), file_id: input.file_id },
          });
        await tx.update(formResponses).set({ modified_on: new Date() }).where(eq(formResponses.form_response_id, lead.form_response_id));
        return { form_response_id: lead.form_response_id, input_id: input.input_id, file_id: input.file_id };
      });
    },

    /** A lead with its stored values, whoever owns it (for the server's own checks, never an answer). */
    async leadFacts(formResponseId: number): Promise<LeadWithData | undefined> {
      const [lead] = await db.select().from(formResponses).where(eq(formResponses.form_response_id, formResponseId)).limit(1);
      if (!lead) return undefined;
      const data = await db
        .select({ input_id: formResponseData.input_id, value: formResponseData.value, file_id: formResponseData.file_id })
        .from(formResponseData)
        .where(eq(formResponseData.form_response_id, formResponseId));
      return { ...lead, data };
    },

    /** A lead with its values, for its owner. */
    async leadWithData(formResponseId: number, attribution: LeadAttribution): Promise<LeadWithData> {
      const [lead] = await db.select().from(formResponses).where(eq(formResponses.form_response_id, formResponseId)).limit(1);
      if (!lead || !ownsLead(lead, attribution)) throw notFound(say('common.leadNotFound'));
      const data = await db
        .select({ input_id: formResponseData.input_id, value: formResponseData.value, file_id: formResponseData.file_id })
        .from(formResponseData)
        .where(eq(formResponseData.form_response_id, formResponseId));
      return { ...lead, data };
    },
  };
  return service;
}
export type LeadsService = ReturnType<typeof createLeadsService>;
