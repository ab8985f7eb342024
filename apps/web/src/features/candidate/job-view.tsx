import type { MouseEvent } from 'react';
import { detailsPagePath, type JobPageData } from '@pmw/contract/hiring-rules';
import type { CandidateState } from '@pmw/contract/hiring';
import { LanguageSwitch } from '../../shared/language-switch';
import { t } from './messages';
import { PROJECT_ARCHIVE_STATUS } from '@pmw/contract/project-status';

const plainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

/** The monthly pay in the page's language (the contract's `payRange` in words of this page's own texts). */
function payText(job: { min_salary: number | null; max_salary: number | null }): string | null {
  if (job.min_salary && job.max_salary) return t('payRange', { min: rupees(job.min_salary), max: rupees(job.max_salary) });
  if (job.max_salary) return t('payUpTo', { max: rupees(job.max_salary) });
  if (job.min_salary) return t('payFrom', { min: rupees(job.min_salary) });
  return null;
}

/**
 * The public job page a partner's link opens, rendered on the server and
 * hydrated in the browser. Apply Now is a link to the next step; inside the
 * app's router `onApply` takes it there in place.
 */
export function JobView({ data: { ids, job: data }, onApply }: { data: JobPageData; onApply?: (state: CandidateState) => void }) {
  const location = data.JobLocations.find((l) => l.job_location_id === ids.job_location_id) ?? data.JobLocations[0]!;
  const pay = payText(data);
  const closed = data.application_archive_status !== PROJECT_ARCHIVE_STATUS.live;
  const state: CandidateState = { ...ids, job_title: data.job_title };
  const facts: [string, string | null][] = [
    [t('type'), data.type],
    [t('domain'), data.domain],
    [t('city'), location.city],
    [t('pay'), pay],
    [t('duration'), data.duration ? t('durationMonths', { n: data.duration }) : null],
  ];

  function apply(e: MouseEvent) {
    if (!onApply || !plainClick(e)) return;
    e.preventDefault();
    onApply(state);
  }

  return (
    <main className="candidate">
      <div className="page-lang">
        <LanguageSwitch />
      </div>
      <div className="job-banner" style={{ background: data.Employer.theme_color ?? 'var(--brand)' }}>
        {data.banner_url ? <img src={data.banner_url} alt="" /> : <span aria-hidden="true">{data.Employer.employer_name.slice(0, 1)}</span>}
      </div>
      <article className="card job-card">
        <p className="job-employer">
          {data.logo_url && <img src={data.logo_url} alt="" className="job-logo" />}
          {data.Employer.employer_name}
        </p>
        <h1>{data.job_title}</h1>
        {data.tag_line && <p className="job-tagline">{data.tag_line}</p>}
        <dl className="job-facts">
          {facts
            .filter((f): f is [string, string] => !!f[1])
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
        {data.perks.length > 0 && (
          <section aria-labelledby="perks">
            <h2 id="perks">{t('perks')}</h2>
            <ul className="job-perks">
              {data.perks.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </section>
        )}
        <section aria-labelledby="location">
          <h2 id="location">{t('location')}</h2>
          <p>
            {location.address ? `${location.address}, ` : ''}
            {location.city}
            {location.pincode ? ` ${location.pincode}` : ''}
          </p>
        </section>
        {data.description && (
          <section aria-labelledby="description">
            <h2 id="description">{t('description')}</h2>
            <p className="job-description">{data.description}</p>
          </section>
        )}
      </article>
      <div className="sticky-action">
        {closed && <p className="muted">{data.application_archive_message ?? t('applicationsClosed')}</p>}
        {closed ? (
          <button type="button" className="button button--block" disabled>
            {t('applyNow')}
          </button>
        ) : (
          <a className="button button--block" href={detailsPagePath(state)} onClick={apply}>
            {t('applyNow')}
          </a>
        )}
      </div>
    </main>
  );
}
