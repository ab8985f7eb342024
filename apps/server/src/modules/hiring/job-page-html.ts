import { payRange, type PublicJob } from '@pmw/contract/hiring';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The job's text as plain HTML inside #root, for link previews and for
 * readers without script; the app replaces it when it starts.
 */
export function renderJobText(job: PublicJob, location: PublicJob['JobLocations'][number]): string {
  const pay = payRange(job);
  const facts = [job.type, job.domain, location.city, pay, job.duration ? `${job.duration} months` : null].filter((x): x is string => !!x);
  return [
    '<main class="job-ssr">',
    `<p>${esc(job.Employer.employer_name)}</p>`,
    `<h1>${esc(job.job_title)}</h1>`,
    job.tag_line ? `<p>${esc(job.tag_line)}</p>` : '',
    `<ul>${facts.map((f) => `<li>${esc(f)}</li>`).join('')}</ul>`,
    job.perks.length ? `<ul>${job.perks.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>` : '',
    location.address ? `<p>${esc(location.address)}</p>` : '',
    job.description ? `<p>${esc(job.description)}</p>` : '',
    '</main>',
  ].join('');
}
