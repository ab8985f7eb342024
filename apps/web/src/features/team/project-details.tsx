import { useQuery } from '@tanstack/react-query';
import type { TeamProject } from '@pmw/contract/team';
import { Dialog } from '../../shared/dialog';
import { Loader } from '../../shared/loader';
import { fetchProjectInfo, teamKeys } from './team-api';
import { t } from './messages';

/** The 'More Details' sheet: tag line, payout, criteria pairs, features and the customer terms. */
export function ProjectDetails({ project, onClose }: { project: TeamProject | undefined; onClose: () => void }) {
  const info = useQuery({
    queryKey: teamKeys.projectInfo(project?.job_id ?? 0),
    queryFn: () => fetchProjectInfo(project!.job_id),
    enabled: project !== undefined,
    staleTime: 5 * 60_000,
  });
  return (
    <Dialog open={project !== undefined} title={project?.job_title ?? ''} onClose={onClose} variant="sheet">
      {info.isPending ? (
        <Loader label={t('loading')} />
      ) : info.isError ? (
        <p role="alert">{t('somethingWrong')}</p>
      ) : (
        <div className="team-details">
          <p className="muted">{info.data.employer_name}</p>
          {info.data.tag_line && <p>{info.data.tag_line}</p>}
          {info.data.payout_text && <p className="team-project__rewards">{info.data.payout_text}</p>}
          {info.data.description && <p>{info.data.description}</p>}
          {info.data.criteria.length > 0 && (
            <>
              <h3>{t('criteria')}</h3>
              <dl className="team-details__criteria">
                {info.data.criteria.map((c) => (
                  <div key={c.label}>
                    <dt>{c.label}</dt>
                    <dd>{c.value}</dd>
                  </div>
                ))}
              </dl>
            </>
          )}
          {info.data.features.length > 0 && (
            <>
              <h3>{t('features')}</h3>
              <ul>
                {info.data.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </>
          )}
          {info.data.customer_tnc && (
            <>
              <h3>{t('terms')}</h3>
              <p className="muted">{info.data.customer_tnc}</p>
            </>
          )}
        </div>
      )}
    </Dialog>
  );
}
