import { asc, count, eq, sql } from 'drizzle-orm';
import {
  REFERENCE_CATEGORIES,
  type employerBodySchema,
  type employerUpdateBodySchema,
  type OpsCategory,
  type OpsEmployer,
} from '@pmw/contract/catalogue';
import type { NameTranslations } from '@pmw/contract/content-language';
import { say, type Said } from '@pmw/contract/texts/said';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { employers, jobCategories, jobs } from '../../db/schema/projects';
import { AppError, conflict, isUniqueViolation, notFound } from '../../errors';
import type { FilesService } from '../files/files.service';
import type { CatalogueCache } from '../../lib/catalogue-cache';
import type { AuditService } from '../ops/audit.service';

type EmployerInput = z.output<typeof employerBodySchema>;
type EmployerUpdate = z.output<typeof employerUpdateBodySchema>;

const referenceIds = new Set(REFERENCE_CATEGORIES.map((c) => c.job_category_id));

/**
 * Job categories and employers: ops add, rename and retire them. A retired one
 * is not offered for new projects; projects that have it keep it. Titles and
 * names are unique whatever their case. Every change is audited and clears the
 * catalogue cache, since partners and team members read titles through it.
 */
export function createCatalogueService(deps: { db: Db; files: FilesService; audit: AuditService; catalogue?: CatalogueCache | undefined }) {
  const { db, audit } = deps;

  async function edit<T>(work: () => Promise<T>, taken: Said): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(taken);
      throw err;
    } finally {
      await deps.catalogue?.invalidate();
    }
  }

  async function category(id: number, tx: Db | Tx = db): Promise<OpsCategory> {
    const [row] = await tx
      .select({
        job_category_id: jobCategories.job_category_id,
        title: jobCategories.title,
        translations: jobCategories.translations,
        retired: jobCategories.retired,
        projects: sql<number>`(select count(*)::int from ${jobs} where ${jobs.job_category_id} = ${id})`,
      })
      .from(jobCategories)
      .where(eq(jobCategories.job_category_id, id))
      .limit(1);
    if (!row) throw notFound(say('ops.categoryNotFound'));
    return { ...row, reference: referenceIds.has(row.job_category_id) };
  }

  async function employer(id: number, tx: Db | Tx = db): Promise<OpsEmployer> {
    const [row] = await tx
      .select({
        employer_id: employers.employer_id,
        employer_name: employers.employer_name,
        translations: employers.translations,
        theme_color: employers.theme_color,
        logo_key: employers.logo_key,
        retired: employers.retired,
        projects: sql<number>`(select count(*)::int from ${jobs} where ${jobs.employer_id} = ${id})`,
      })
      .from(employers)
      .where(eq(employers.employer_id, id))
      .limit(1);
    if (!row) throw notFound(say('ops.employerNotFound'));
    return row;
  }

  async function logoKey(actor: number, fileId: number | null | undefined): Promise<string | undefined> {
    if (!fileId) return undefined;
    return (await deps.files.ownUploaded({ kind: 'ops', id: actor }, fileId, ['JOB_MEDIA'])).file_key;
  }

  return {
    async categories(): Promise<OpsCategory[]> {
      const counts = db
        .select({ id: jobs.job_category_id, n: count().as('n') })
        .from(jobs)
        .groupBy(jobs.job_category_id)
        .as('counts');
      const rows = await db
        .select({
          job_category_id: jobCategories.job_category_id,
          title: jobCategories.title,
          translations: jobCategories.translations,
          retired: jobCategories.retired,
          projects: sql<number>`coalesce(${counts.n}, 0)::int`,
        })
        .from(jobCategories)
        .leftJoin(counts, eq(counts.id, jobCategories.job_category_id))
        .orderBy(asc(jobCategories.retired), asc(jobCategories.title));
      return rows.map((r) => ({ ...r, reference: referenceIds.has(r.job_category_id) }));
    },

    async addCategory(actor: number, title: string, translations?: NameTranslations): Promise<OpsCategory> {
      return edit(
        () =>
          db.transaction(async (tx) => {
            const [row] = await tx
              .insert(jobCategories)
              .values({ title, ...(translations ? { translations } : {}) })
              .returning({ job_category_id: jobCategories.job_category_id });
            const after = await category(row!.job_category_id, tx);
            await audit.record(
              { actor_user_id: actor, action: 'category.create', entity_type: 'category', entity_id: after.job_category_id, after },
              tx,
            );
            return after;
          }),
        say('ops.categoryTitleTaken'),
      );
    },

    async updateCategory(
      actor: number,
      id: number,
      p: { title: string; retired?: boolean | undefined; translations?: NameTranslations | undefined },
    ): Promise<OpsCategory> {
      return edit(
        () =>
          db.transaction(async (tx) => {
            const before = await category(id, tx);
            await tx
              .update(jobCategories)
              .set({
                title: p.title,
                ...(p.retired === undefined ? {} : { retired: p.retired }),
                ...(p.translations ? { translations: p.translations } : {}),
              })
              .where(eq(jobCategories.job_category_id, id));
            const after = await category(id, tx);
            const action = before.retired === after.retired ? 'category.update' : after.retired ? 'category.retire' : 'category.restore';
            await audit.record({ actor_user_id: actor, action, entity_type: 'category', entity_id: id, before, after }, tx);
            return after;
          }),
        say('ops.categoryTitleTaken'),
      );
    },

    async employers(): Promise<OpsEmployer[]> {
      const counts = db
        .select({ id: jobs.employer_id, n: count().as('n') })
        .from(jobs)
        .groupBy(jobs.employer_id)
        .as('counts');
      return db
        .select({
          employer_id: employers.employer_id,
          employer_name: employers.employer_name,
          translations: employers.translations,
          theme_color: employers.theme_color,
          logo_key: employers.logo_key,
          retired: employers.retired,
          projects: sql<number>`coalesce(${counts.n}, 0)::int`,
        })
        .from(employers)
        .leftJoin(counts, eq(counts.id, employers.employer_id))
        .orderBy(asc(employers.retired), asc(employers.employer_name));
    },

    async addEmployer(actor: number, p: EmployerInput): Promise<OpsEmployer> {
      const logo = await logoKey(actor, p.logo_file_id);
      return edit(
        () =>
          db.transaction(async (tx) => {
            const [row] = await tx
              .insert(employers)
              .values({
                employer_name: p.employer_name,
                theme_color: p.theme_color,
                logo_key: logo ?? null,
                ...(p.translations ? { translations: p.translations } : {}),
              })
              .returning({ employer_id: employers.employer_id });
            const after = await employer(row!.employer_id, tx);
            await audit.record(
              { actor_user_id: actor, action: 'employer.create', entity_type: 'employer', entity_id: after.employer_id, after },
              tx,
            );
            return after;
          }),
        say('ops.employerNameTaken'),
      );
    },

    async updateEmployer(actor: number, id: number, p: EmployerUpdate): Promise<OpsEmployer> {
      const logo = await logoKey(actor, p.logo_file_id);
      return edit(
        () =>
          db.transaction(async (tx) => {
            const before = await employer(id, tx);
            await tx
              .update(employers)
              .set({
                employer_name: p.employer_name,
                theme_color: p.theme_color,
                ...(logo ? { logo_key: logo } : {}),
                ...(p.translations ? { translations: p.translations } : {}),
                ...(p.retired === undefined ? {} : { retired: p.retired }),
              })
              .where(eq(employers.employer_id, id));
            const after = await employer(id, tx);
            const action = before.retired === after.retired ? 'employer.update' : after.retired ? 'employer.retire' : 'employer.restore';
            await audit.record({ actor_user_id: actor, action, entity_type: 'employer', entity_id: id, before, after }, tx);
            return after;
          }),
        say('ops.employerNameTaken'),
      );
    },

    /**
     * Refuses a retired category or employer for a project, unless the project
     * has it already (existing projects keep theirs), and an unknown one.
     */
    async checkChoice(
      p: { job_category_id: number; employer_id: number },
      current?: { job_category_id: number; employer_id: number },
      tx: Db | Tx = db,
    ): Promise<void> {
      const [c] = await tx
        .select({ retired: jobCategories.retired })
        .from(jobCategories)
        .where(eq(jobCategories.job_category_id, p.job_category_id))
        .limit(1);
      if (!c) throw fieldError('job_category_id', say('ops.categoryNotFound'));
      if (c.retired && current?.job_category_id !== p.job_category_id) throw fieldError('job_category_id', say('ops.categoryRetired'));
      const [e] = await tx.select({ retired: employers.retired }).from(employers).where(eq(employers.employer_id, p.employer_id)).limit(1);
      if (!e) throw fieldError('employer_id', say('ops.employerNotFound'));
      if (e.retired && current?.employer_id !== p.employer_id) throw fieldError('employer_id', say('ops.employerRetired'));
    },
  };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;

function fieldError(field: string, message: Said) {
  const err = new AppError('VALIDATION', say('ops.fieldRefusal', { field, message }));
  err.fields = [{ field, message }];
  return err;
}
