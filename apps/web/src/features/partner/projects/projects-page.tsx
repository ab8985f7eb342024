import { useDeferredValue, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PartnerJob } from '@pmw/contract/hiring';
import { QueryView } from '../../../shared/query-view';
import { CampaignCard } from '../campaign/campaign-card';
import { LinkDialog } from './link-dialog';
import { MyProjects } from './my-projects';
import { Candidates } from './candidates';
import { fetchPartnerJobs, partnerJobsQueryKey } from './projects-api';
import { t } from './messages';
import './projects.css';
import { textOf } from '../../../shared/i18n';
import { PARTNER_LEVELS } from '@pmw/contract/hiring';
import { partnerCatalogue } from '@pmw/contract/texts/partner';

/** The partner's level by its number, in the reader's language. */
const levelName = (level: { level: number; name: string }) => {
  const known = PARTNER_LEVELS.find((l) => l.level === level.level);
  return known ? textOf(partnerCatalogue, known.code) : level.name;
};

/** /partner/projects: Available Projects with referral links, and the projects the partner works on. */
export function ProjectsPage() {
  const jobs = useQuery({ queryKey: partnerJobsQueryKey, queryFn: fetchPartnerJobs });
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [open, setOpen] = useState<PartnerJob | null>(null);
  const searchId = useId();

  const q = deferred.trim().toLowerCase();
  const list = (jobs.data?.data ?? []).filter((j) => !q || j.job_title.toLowerCase().includes(q));

  return (
    <div className="projects-page">
      <CampaignCard withProducts />
      <section aria-labelledby="available-title">
        <div className="projects-head">
          <h1 id="available-title">{t('title')}</h1>
          {jobs.data && (
            <p
              className="level-chip"
              title={
                jobs.data.level.next_at !== null ? t('levelNext', { n: jobs.data.level.next_at - jobs.data.level.approved }) : undefined
              }
            >
              {t('level', { name: levelName(jobs.data.level) })} · {t('levelApproved', { n: jobs.data.level.approved })}
            </p>
          )}
        </div>
        <div className="field projects-search">
          <label htmlFor={searchId} className="visually-hidden">
            {t('search')}
          </label>
          <input
            id={searchId}
            type="search"
            className="input"
            placeholder={t('searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <QueryView query={jobs} failed={t('loadFailed')} retry={t('retry')} loading={t('loading')}>
          {() =>
            list.length === 0 ? (
              <p className="empty">{q ? t('noMatch', { q: deferred.trim() }) : t('empty')}</p>
            ) : (
              <ul className="project-grid">
                {list.map((job) => (
                  <li key={job.job_id}>
                    <ProjectCard job={job} onGetLink={() => setOpen(job)} />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryView>
      </section>
      <MyProjects />
      <Candidates />
      <LinkDialog job={open} kycDone={jobs.data?.kyc_done ?? false} onClose={() => setOpen(null)} />
    </div>
  );
}

function ProjectCard({ job, onGetLink }: { job: PartnerJob; onGetLink: () => void }) {
  const titleId = useId();
  return (
    <article className="card project-card" aria-labelledby={titleId}>
      <header className="project-card__head">
        {job.logo_url ? (
          <img className="project-logo" src={job.logo_url} alt="" />
        ) : (
          <span
            className="project-logo project-logo--letter"
            style={{ background: job.Employer.theme_color ?? 'var(--brand)' }}
            aria-hidden="true"
          >
            {job.Employer.employer_name.slice(0, 1)}
          </span>
        )}
        <div>
          <h2 id={titleId}>{job.job_title}</h2>
          <p className="muted">{job.Employer.employer_name}</p>
        </div>
      </header>
      {/* One payout: the partner's own, at their level (the project's base reward would be a second, different figure). */}
      <p className="project-payout">{job.payout_text}</p>
      {job.Criteria.length > 0 && (
        <dl className="project-criteria" aria-label={t('criteria')}>
          {job.Criteria.map((c) => (
            <div key={c.label}>
              <dt>{c.label}</dt>
              <dd>{c.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {job.Features.length > 0 && (
        <ul className="project-features" aria-label={t('features')}>
          {job.Features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      <button type="button" className="button button--block" onClick={onGetLink} aria-describedby={titleId}>
        {t('getLink')}
      </button>
    </article>
  );
}
