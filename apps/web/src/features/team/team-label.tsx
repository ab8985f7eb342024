import type { Team } from '@pmw/contract/team';
import { t } from './messages';

/** The team's manager as a label only: picture and first name. */
export function TeamLabel({ team }: { team: Team }) {
  const name = team.User.first_name ?? team.team_code;
  return (
    <div className="team-label">
      {team.profile_picture_url ? (
        <img className="team-label__avatar" src={team.profile_picture_url} alt={t('managerPhoto', { name })} width={40} height={40} />
      ) : (
        <span className="team-label__avatar team-label__avatar--letter" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="team-label__name">{t('teamOf', { name })}</span>
    </div>
  );
}
