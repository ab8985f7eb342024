import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { employers, jobCategories, jobs, taskForms } from '../../db/schema/projects';

/**
 * Joins the employer and the category a project is shown under, as every
 * list of projects does: `withEmployer(db.select({...}).from(jobs).$dynamic())`.
 */
export function withEmployer<T extends PgSelect>(query: T) {
  return query
    .innerJoin(employers, eq(employers.employer_id, jobs.employer_id))
    .innerJoin(jobCategories, eq(jobCategories.job_category_id, jobs.job_category_id));
}

/**
 * The projects a lead form is filled for (those with a task form), with their
 * employer and category, as the team and campaign project lists show them.
 */
export function withTaskForm<T extends PgSelect>(query: T) {
  return withEmployer(query.innerJoin(taskForms, eq(taskForms.job_id, jobs.job_id)));
}
