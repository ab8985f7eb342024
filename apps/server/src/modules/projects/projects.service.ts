import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { searchedId } from '@pmw/contract/base';
import { projectLacksHindi, type NameTranslations } from '@pmw/contract/content-language';
import { PROJECT_ARCHIVE_STATUS } from '@pmw/contract/project-status';
import {
  slugify,
  type MissingHindiRow,
  type OpsProject,
  type projectBodySchema,
  type taskFormBodySchema,
} from '@pmw/contract/ops-projects';
import { isWebUrl } from '@pmw/contract/base';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { employers, jobCategories, jobLocations, jobPincodes, jobs, taskForms } from '../../db/schema/projects';
import { AppError, isUniqueViolation, notFound } from '../../errors';
import type { FilesService } from '../files/files.service';
import type { CatalogueCache } from '../../lib/catalogue-cache';
import type { AuditService } from '../ops/audit.service';
import type { CatalogueService } from './catalogue.service';
import { say } from '@pmw/contract/texts/said';

type ProjectInput = z.output<typeof projectBodySchema>;
type FormInput = z.output<typeof taskFormBodySchema>;
type JobRow = typeof jobs.$inferSelect;

/**
 * The write side of the catalogue: projects with their locations, pincodes,
 * media and lead form. Every change is audited with the record before and after.
 */
export function createProjectsService(deps: {
  db: Db;
  files: FilesService;
  audit: AuditService;
  allowHttpLinks?: boolean;
  catalogue?: CatalogueCache | undefined;
  choices: Pick<CatalogueService, 'checkChoice'>;
}) {
  const { db, files, audit } = deps;
  /** The contract takes http(s); production takes https only, so a link never leaves the site unencrypted. */
  const checkLinks = (links: Record<string, string | null | undefined>) => {
    for (const [field, link] of Object.entries(links)) {
      if (link && !isWebUrl(link, { allowHttp: deps.allowHttpLinks ?? false })) {
        const err = new AppError('VALIDATION', say('ops.fieldRefusal', { field, message: say('ops.webUrl') }));
        err.fields = [{ field, message: say('ops.webUrl') }];
        throw err;
      }
    }
  };
  /** Runs an edit, then (committed) tells the catalogue cache, so the next lead reads the new project or form. */
  async function edit<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      await deps.catalogue?.invalidate();
    }
  }

  async function load(jobId: number, tx: Db | Tx = db): Promise<OpsProject> {
    const [row] = await tx
      .select({ job: jobs, employer_name: employers.employer_name })
      .from(jobs)
      .innerJoin(employers, eq(employers.employer_id, jobs.employer_id))
      .where(eq(jobs.job_id, jobId))
      .limit(1);
    if (!row) throw notFound(say('common.projectNotFound'));
    const locations = await tx.select().from(jobLocations).where(eq(jobLocations.job_id, jobId)).orderBy(asc(jobLocations.job_location_id));
    const pins = await tx
      .select({ pincode: jobPincodes.pincode })
      .from(jobPincodes)
      .where(eq(jobPincodes.job_id, jobId))
      .orderBy(asc(jobPincodes.pincode));
    const [form] = await tx.select().from(taskForms).where(eq(taskForms.job_id, jobId)).limit(1);
    const j = row.job;
    return {
      ...j,
      employer_name: row.employer_name,
      credit_rules: j.credit_rules ?? null,
      locations: locations.map((l) => ({ job_location_id: l.job_location_id, city: l.city, address: l.address, pincode: l.pincode })),
      pincodes: pins.map((p) => p.pincode),
      form: form
        ? {
            form_id: form.form_id,
            inputs: form.inputs,
            is_otp_required: form.is_otp_required,
            description: form.description,
            custom_link: form.custom_link,
            translations: { hi: form.translations.hi ?? {} },
          }
        : null,
      translations: { hi: j.translations.hi ?? {} },
      modified_on: j.modified_on.toISOString(),
      created_on: undefined,
    } as OpsProject;
  }

  async function mediaKey(actor: number, fileId: number | null | undefined): Promise<string | undefined> {
    if (!fileId) return undefined;
    const file = await files.ownUploaded({ kind: 'ops', id: actor }, fileId, ['JOB_MEDIA']);
    return file.file_key;
  }

  async function columns(actor: number, p: ProjectInput, current?: JobRow) {
    const logo = await mediaKey(actor, p.logo_file_id);
    const banner = await mediaKey(actor, p.banner_file_id);
    const { locations: _l, pincodes: _p, logo_file_id: _lf, banner_file_id: _bf, slug_name, ...rest } = p;
    return {
      ...rest,
      slug_name: slug_name || current?.slug_name || slugify(p.job_title),
      credit_rules: p.credit_rules ?? null,
      duration: p.duration ?? null,
      min_salary: p.min_salary ?? null,
      max_salary: p.max_salary ?? null,
      logo_key: logo ?? current?.logo_key ?? null,
      banner_key: banner ?? current?.banner_key ?? null,
      modified_on: new Date(),
    };
  }

  async function replaceChildren(tx: Tx, jobId: number, p: ProjectInput) {
    // Locations keep their ids when the city and address are unchanged: applications refer to them.
    const existing = await tx.select().from(jobLocations).where(eq(jobLocations.job_id, jobId));
    const keep = new Set<number>();
    for (const loc of p.locations) {
      const same = existing.find((e) => !keep.has(e.job_location_id) && e.city === loc.city && (e.address ?? null) === loc.address);
      if (same) {
        keep.add(same.job_location_id);
        await tx.update(jobLocations).set({ pincode: loc.pincode }).where(eq(jobLocations.job_location_id, same.job_location_id));
      } else {
        await tx.insert(jobLocations).values({ job_id: jobId, city: loc.city, address: loc.address, pincode: loc.pincode });
      }
    }
    for (const e of existing) {
      if (!keep.has(e.job_location_id)) {
        try {
          await tx.delete(jobLocations).where(eq(jobLocations.job_location_id, e.job_location_id));
        } catch {
          throw new AppError('CONFLICT', say('ops.locationHasApplications', { city: e.city }));
        }
      }
    }
    await tx.delete(jobPincodes).where(eq(jobPincodes.job_id, jobId));
    const pins = [...new Set(p.pincodes)];
    for (let i = 0; i < pins.length; i += 500) {
      await tx.insert(jobPincodes).values(pins.slice(i, i + 500).map((pincode) => ({ job_id: jobId, pincode })));
    }
  }

  const slugTaken = () => new AppError('CONFLICT', say('ops.slugTaken'));

  return {
    load,
    async list(q: { q: string; job_category_id?: number | undefined }) {
      const where: SQL[] = [];
      if (q.job_category_id) where.push(eq(jobs.job_category_id, q.job_category_id));
      if (q.q) {
        const id = searchedId(q.q);
        const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(or(ilike(jobs.job_title, like), ilike(employers.employer_name, like), ...(id ? [eq(jobs.job_id, id)] : []))!);
      }
      const rows = await db
        .select({ job: jobs, employer_name: employers.employer_name, category: jobCategories.title, form_id: taskForms.form_id })
        .from(jobs)
        .innerJoin(employers, eq(employers.employer_id, jobs.employer_id))
        .innerJoin(jobCategories, eq(jobCategories.job_category_id, jobs.job_category_id))
        .leftJoin(taskForms, eq(taskForms.job_id, jobs.job_id))
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(jobs.modified_on), desc(jobs.job_id))
        .limit(500);
      return rows.map((r) => ({
        job_id: r.job.job_id,
        job_title: r.job.job_title,
        employer_name: r.employer_name,
        category: r.category,
        payout_paise: r.job.payout_paise,
        action_status: r.job.action_status,
        archive_status: r.job.archive_status,
        on_hold: r.job.on_hold,
        is_credit_flow: r.job.is_credit_flow,
        has_form: r.form_id !== null,
        modified_on: r.job.modified_on.toISOString(),
      }));
    },

    /** Every project, category and employer with English that has no Hindi, and which of its texts those are. */
    async missingHindi(): Promise<MissingHindiRow[]> {
      const rows = await db
        .select({ job: jobs, form: { description: taskForms.description, translations: taskForms.translations, inputs: taskForms.inputs } })
        .from(jobs)
        .leftJoin(taskForms, eq(taskForms.job_id, jobs.job_id))
        .where(eq(jobs.archive_status, PROJECT_ARCHIVE_STATUS.live))
        .orderBy(asc(jobs.job_id));
      const out: MissingHindiRow[] = [];
      for (const r of rows) {
        const missing = projectLacksHindi(r.job, r.form?.inputs ? r.form : null);
        if (missing.length) out.push({ kind: 'project', id: r.job.job_id, name: r.job.job_title, missing });
      }
      const names = (english: string, t: NameTranslations) => (t.hi?.name?.trim() ? [] : [{ field: 'name', english }]);
      for (const c of await db.select().from(jobCategories).where(eq(jobCategories.retired, false)).orderBy(asc(jobCategories.title))) {
        const missing = names(c.title, c.translations);
        if (missing.length) out.push({ kind: 'category', id: c.job_category_id, name: c.title, missing });
      }
      for (const e of await db.select().from(employers).where(eq(employers.retired, false)).orderBy(asc(employers.employer_name))) {
        const missing = names(e.employer_name, e.translations);
        if (missing.length) out.push({ kind: 'employer', id: e.employer_id, name: e.employer_name, missing });
      }
      return out;
    },

    /** Every employer and category with whether it is retired: the editor offers the active ones and a project's own. */
    async meta() {
      const e = await db
        .select({ employer_id: employers.employer_id, employer_name: employers.employer_name, retired: employers.retired })
        .from(employers)
        .orderBy(asc(employers.employer_name));
      const c = await db
        .select({ job_category_id: jobCategories.job_category_id, title: jobCategories.title, retired: jobCategories.retired })
        .from(jobCategories)
        .orderBy(asc(jobCategories.title));
      return { employers: e, categories: c };
    },

    async create(actor: number, p: ProjectInput): Promise<OpsProject> {
      checkLinks({ logo_url: p.logo_url, redirect_link: p.redirect_link });
      await deps.choices.checkChoice(p);
      const values = await columns(actor, p);
      try {
        return await edit(() =>
          db.transaction(async (tx) => {
            const [row] = await tx.insert(jobs).values(values).returning();
            await replaceChildren(tx, row!.job_id, p);
            const after = await load(row!.job_id, tx);
            await audit.record(
              { actor_user_id: actor, action: 'project.create', entity_type: 'project', entity_id: row!.job_id, after },
              tx,
            );
            return after;
          }),
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw slugTaken();
        throw err;
      }
    },

    async update(actor: number, jobId: number, p: ProjectInput): Promise<OpsProject> {
      checkLinks({ logo_url: p.logo_url, redirect_link: p.redirect_link });
      const [current] = await db.select().from(jobs).where(eq(jobs.job_id, jobId)).limit(1);
      if (!current) throw notFound(say('common.projectNotFound'));
      await deps.choices.checkChoice(p, current);
      const values = await columns(actor, p, current);
      try {
        return await edit(() =>
          db.transaction(async (tx) => {
            const before = await load(jobId, tx);
            await tx.update(jobs).set(values).where(eq(jobs.job_id, jobId));
            await replaceChildren(tx, jobId, p);
            const after = await load(jobId, tx);
            await audit.record(
              { actor_user_id: actor, action: 'project.update', entity_type: 'project', entity_id: jobId, before, after },
              tx,
            );
            return after;
          }),
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw slugTaken();
        throw err;
      }
    },

    /** Creates or replaces the project's lead form; a new form takes the project's id (form_id == job_id). */
    async saveForm(actor: number, jobId: number, f: FormInput): Promise<OpsProject> {
      checkLinks({ custom_link: f.custom_link });
      return edit(() =>
        db.transaction(async (tx) => {
          const before = await load(jobId, tx);
          const inputs = f.inputs.map((i) => ({
            ...i,
            label: i.label.trim(),
            input_enum: i.input_enum?.map((o) => o.trim()).filter(Boolean) ?? null,
          }));
          await tx
            .insert(taskForms)
            .values({
              form_id: jobId,
              job_id: jobId,
              inputs,
              is_otp_required: f.is_otp_required,
              description: f.description,
              custom_link: f.custom_link,
              translations: f.translations,
            })
            .onConflictDoUpdate({
              target: taskForms.job_id,
              set: {
                inputs,
                is_otp_required: f.is_otp_required,
                description: f.description,
                custom_link: f.custom_link,
                translations: f.translations,
                modified_on: new Date(),
              },
            });
          await tx
            .update(jobs)
            .set({ modified_on: sql`now()` })
            .where(eq(jobs.job_id, jobId));
          const after = await load(jobId, tx);
          await audit.record(
            {
              actor_user_id: actor,
              action: 'project.form',
              entity_type: 'project',
              entity_id: jobId,
              before: before.form,
              after: after.form,
            },
            tx,
          );
          return after;
        }),
      );
    },
  };
}
export type ProjectsService = ReturnType<typeof createProjectsService>;
