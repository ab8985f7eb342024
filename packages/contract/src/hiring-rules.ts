/**
 * What the public job page's first screen needs, without schemas, so its
 * browser entry never loads zod; `hiring.ts` re-exports these.
 */
import type { JobLinkIds, PublicJob } from './hiring';

/** `₹18,000 - ₹28,000 a month`, or the one bound there is. */
export function payRange(job: { min_salary: number | null; max_salary: number | null }): string | null {
  const fmt = (n: number) => `₹${n.toLocaleString('en-IN')}`;
  if (job.min_salary && job.max_salary) return `${fmt(job.min_salary)} - ${fmt(job.max_salary)} a month`;
  if (job.max_salary) return `Up to ${fmt(job.max_salary)} a month`;
  if (job.min_salary) return `From ${fmt(job.min_salary)} a month`;
  return null;
}

/** What the server puts in a job page's HTML for the browser to hydrate from. */
export interface JobPageData {
  ids: JobLinkIds;
  job: PublicJob;
}

/** The candidate flow's next page, carrying the job, location, recruiter and title in its address. */
export function detailsPagePath(state: JobLinkIds & { job_title: string }): string {
  const q = new URLSearchParams({
    job_id: String(state.job_id),
    job_location_id: String(state.job_location_id),
    recruiter_id: String(state.recruiter_id),
    job_title: state.job_title,
  });
  return `/detailsPage?${q.toString()}`;
}
