import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isCompletePincode, projectAction, projectAvailability, truncatePincode, type TeamProject } from '@pmw/contract/team';
import { Field } from '../../shared/field';
import { Loader } from '../../shared/loader';
import { showError } from '../../shared/message-bar';
import { fetchProjects, filterByPincode, teamKeys } from './team-api';
import { ProjectDetails } from './project-details';
import { useShare } from './use-share';
import { t } from './messages';
import { textOf } from '../../shared/i18n';
import { teamCatalogue } from '@pmw/contract/texts/team';
import { QueryView } from '../../shared/query-view';

const remembered = new Map<string, unknown>();
/** State kept for the visit (not the page load), under a name. */
function useRemembered<T>(key: string, initial: T) {
  const [value, setValue] = useState<T>(remembered.has(key) ? (remembered.get(key) as T) : initial);
  const set = (v: T) => {
    remembered.set(key, v);
    setValue(v);
  };
  return [value, set] as const;
}

/** Category chips, a name search and a 6-digit pincode search over the team's projects. */
export function ProjectsPage({
  onAdd,
  onDetails,
  onCloseDetails,
  detailsJobId,
}: {
  onAdd: (project: TeamProject) => void;
  onDetails: (project: TeamProject) => void;
  onCloseDetails: () => void;
  detailsJobId: number | undefined;
}) {
  const projects = useQuery({ queryKey: teamKeys.projects, queryFn: fetchProjects, staleTime: 60_000 });
  // Kept for the visit, so coming Back from a project or its form finds the list as it was.
  const [category, setCategory] = useRemembered<number | undefined>('category', undefined);
  const [search, setSearch] = useRemembered('search', '');
  const [pincode, setPincode] = useRemembered('pincode', '');
  const share = useShare();

  const allIds = useMemo(() => projects.data?.projects.map((p) => p.job_id) ?? [], [projects.data]);
  const pincodeQuery = useQuery({
    queryKey: ['team', 'pincode', pincode, allIds],
    queryFn: () => filterByPincode(allIds, pincode),
    enabled: isCompletePincode(pincode) && allIds.length > 0,
    staleTime: 5 * 60_000,
  });

  const visible = useMemo(() => {
    const list = projects.data?.projects ?? [];
    const words = search.trim().toLowerCase();
    const pinIds = isCompletePincode(pincode) ? new Set(pincodeQuery.data?.job_ids ?? []) : undefined;
    return list.filter(
      (p) =>
        (category === undefined || p.job_category_id === category) &&
        (!words || p.job_title.toLowerCase().includes(words)) &&
        (!pinIds || pinIds.has(p.job_id)),
    );
  }, [projects.data, category, search, pincode, pincodeQuery.data]);

  if (!projects.data)
    return (
      <QueryView query={projects} failed={t('projectsLoadFailed')} retry={t('tryAgain')} loading={t('loading')} className="page-loader">
        {() => null}
      </QueryView>
    );

  return (
    <section className="team-projects">
      <div className="team-filters">
        <Field label={t('searchLabel')}>
          {(a11y) => (
            <input
              {...a11y}
              className="input"
              type="search"
              placeholder={t('searchPlaceholder')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('pincodeLabel')} hint={t('pincodeHint')} className="team-filters__pincode">
          {(a11y) => (
            <input
              {...a11y}
              className="input"
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder={t('pincodePlaceholder')}
              value={pincode}
              onChange={(e) => setPincode(truncatePincode(e.target.value))}
            />
          )}
        </Field>
      </div>
      <div className="team-chips" role="group" aria-label={t('categoriesLabel')}>
        <button type="button" className="team-chip" aria-pressed={category === undefined} onClick={() => setCategory(undefined)}>
          {t('allCategories')}
        </button>
        {projects.data.categories.map((c) => (
          <button
            key={c.job_category_id}
            type="button"
            className="team-chip"
            aria-pressed={category === c.job_category_id}
            onClick={() => setCategory(c.job_category_id)}
          >
            {c.title}
          </button>
        ))}
      </div>
      {pincodeQuery.isFetching && <Loader label={t('loading')} />}
      {pincodeQuery.isError && (
        <p className="field__error" role="alert">
          {t('somethingWrong')}
        </p>
      )}
      {visible.length === 0 && !pincodeQuery.isFetching ? (
        <p className="empty">{t('noProjects')}</p>
      ) : (
        <ul className="team-project-list">
          {visible.map((p) => {
            const availability = projectAvailability(p);
            const action = projectAction(p);
            const messageId = `project-${p.job_id}-message`;
            return (
              <li key={p.job_id} className="card team-project">
                <div className="team-project__head">
                  <span className="team-project__logo" style={{ background: p.theme_color ?? 'var(--brand)' }} aria-hidden="true">
                    {p.employer_name.slice(0, 1)}
                  </span>
                  <div>
                    <h3 className="team-project__title">{p.job_title}</h3>
                    <p className="muted team-project__meta">
                      {p.employer_name} · {p.category_title}
                    </p>
                    {p.rewards && <p className="team-project__rewards">{p.rewards}</p>}
                  </div>
                </div>
                {!availability.enabled && (
                  <p id={messageId} className="team-project__closed">
                    {availability.messageCode ? textOf(teamCatalogue, availability.messageCode) : availability.message}
                  </p>
                )}
                <div className="team-project__actions">
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => onDetails(p)}
                    aria-label={`${t('moreDetails')}: ${p.job_title}`}
                  >
                    {t('moreDetails')}
                  </button>
                  <button
                    type="button"
                    className="button button--small"
                    disabled={!availability.enabled || share.busy === p.job_id}
                    aria-describedby={!availability.enabled ? messageId : undefined}
                    aria-label={`${action === 'Share' ? t('share') : t('add')}: ${p.job_title}`}
                    onClick={() => (action === 'Share' ? void share.share(p).catch(showError) : onAdd(p))}
                  >
                    {action === 'Share' ? t('share') : t('add')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ProjectDetails project={projects.data.projects.find((p) => p.job_id === detailsJobId)} onClose={onCloseDetails} />
      {share.dialog}
    </section>
  );
}
