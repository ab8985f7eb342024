import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isValidMobile, normaliseMobile } from '@pmw/contract/mobile';
import { partnerTeamRoutes, type PartnerTeam, type PartnerTeamMember } from '@pmw/contract/partner-team';
import { api, apiWithMessage } from '../../shared/api-client';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { Field } from '../../shared/field';
import { QueryView } from '../../shared/query-view';
import { showError, showSuccess } from '../../shared/message-bar';
import { ReportPage } from './report-page';
import { t } from './messages';

export const teamQueryKey = ['partner', 'team'] as const;
const NAME_MAX = 60;

/** A team manager's Team page: the share link and join policy, members (add, block, unblock), and their leads. */
export function TeamPage() {
  const team = useQuery({ queryKey: teamQueryKey, queryFn: () => api(partnerTeamRoutes.team) });
  return (
    <QueryView query={team} failed={t('teamLoadFailed')} retry={t('retry')} loading={t('loading')}>
      {(d) => <TeamView team={d} />}
    </QueryView>
  );
}

function TeamView({ team }: { team: PartnerTeam }) {
  // The team dashboard links here with ?member_user_id= (and the report's own filters).
  const [member, setMember] = useState(() => {
    const id = new URLSearchParams(window.location.search).get('member_user_id');
    return id && team.members.some((m) => String(m.user_id) === id) ? id : '';
  });
  return (
    <section aria-labelledby="team-title">
      <h1 id="team-title" className="page-title">
        {t('teamTitle', { code: team.team_code })}
      </h1>
      <p>
        <Link className="button button--ghost" to="/partner/team/dashboard">
          {t('teamDashboardLink')}
        </Link>
      </p>
      <ShareCard team={team} />
      <Members team={team} />
      <div className="field team-member-filter">
        <label htmlFor="team-member-filter">{t('teamMemberFilter')}</label>
        <select id="team-member-filter" className="input" value={member} onChange={(e) => setMember(e.target.value)}>
          <option value="">{t('teamAllMembers')}</option>
          {team.members.map((m) => (
            <option key={m.user_id} value={m.user_id}>
              {m.first_name ?? m.mobile} ({m.mobile})
            </option>
          ))}
        </select>
      </div>
      <ReportPage team={{ memberId: member ? Number(member) : undefined, projects: team.projects }} />
    </section>
  );
}

function ShareCard({ team }: { team: PartnerTeam }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(team.share_link);
      setCopied(true);
      showSuccess(t('teamLinkCopied'));
    } catch {
      showError(t('teamCopyFailed'));
    }
  }
  return (
    <div className="card">
      <h2>{t('teamShareLink')}</h2>
      <p className="muted">{t('teamShareHint')}</p>
      <p>
        <a href={team.share_link} className="break-all">
          {team.share_link}
        </a>
      </p>
      <button type="button" className="button" onClick={() => void copy()}>
        {copied ? t('teamLinkCopied') : t('teamCopyLink')}
      </button>
      <p>{team.join_policy === 'open' ? t('teamPolicyOpen') : t('teamPolicyInvite')}</p>
      <p className="muted">{t('teamPolicyNote')}</p>
    </div>
  );
}

function Members({ team }: { team: PartnerTeam }) {
  const client = useQueryClient();
  const [confirm, setConfirm] = useState<PartnerTeamMember | null>(null);
  const toggle = useMutation({
    mutationFn: (m: PartnerTeamMember) =>
      apiWithMessage(m.blocked ? partnerTeamRoutes.unblockMember : partnerTeamRoutes.blockMember, { params: { user_id: m.user_id } }),
    onSuccess: async (r) => {
      showSuccess(r.message);
      setConfirm(null);
      await client.invalidateQueries({ queryKey: teamQueryKey });
    },
    onError: showError,
  });
  const name = (m: PartnerTeamMember) => m.first_name ?? m.mobile;
  return (
    <div className="card">
      <h2>{t('teamMembers')}</h2>
      {team.members.length === 0 ? (
        <p className="empty">{t('teamNoMembers')}</p>
      ) : (
        <ul className="team-members" aria-label={t('teamMembers')}>
          {team.members.map((m) => (
            <li key={m.user_id} className="team-members__row">
              <span>
                <strong>{name(m)}</strong> <span className="muted">{m.mobile}</span> ·{' '}
                {m.blocked ? t('teamMemberBlocked') : t('teamMemberActive')}
              </span>
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={m.blocked ? t('teamUnblockFor', { name: name(m) }) : t('teamBlockFor', { name: name(m) })}
                disabled={toggle.isPending}
                onClick={() => (m.blocked ? toggle.mutate(m) : setConfirm(m))}
              >
                {m.blocked ? t('teamUnblock') : t('teamBlock')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <AddMember />
      <ConfirmDialog
        open={!!confirm}
        message={confirm ? t('teamBlockConfirm', { name: name(confirm) }) : ''}
        confirmLabel={t('teamBlock')}
        danger
        busy={toggle.isPending}
        onConfirm={() => confirm && toggle.mutate(confirm)}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}

function AddMember() {
  const client = useQueryClient();
  const [mobile, setMobile] = useState('');
  const [firstName, setFirstName] = useState('');
  const [errors, setErrors] = useState<{ mobile?: string; first_name?: string }>({});
  const add = useMutation({
    mutationFn: () =>
      apiWithMessage(partnerTeamRoutes.addMember, { body: { mobile: normaliseMobile(mobile), first_name: firstName.trim() } }),
    onSuccess: async (r) => {
      showSuccess(r.message);
      setMobile('');
      setFirstName('');
      await client.invalidateQueries({ queryKey: teamQueryKey });
    },
    onError: showError,
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    if (!isValidMobile(normaliseMobile(mobile))) next.mobile = t('teamMobileInvalid');
    if (!firstName.trim()) next.first_name = t('teamNameRequired');
    else if (firstName.trim().length > NAME_MAX) next.first_name = t('teamNameTooLong');
    setErrors(next);
    if (!next.mobile && !next.first_name) add.mutate();
  }
  return (
    <form onSubmit={submit} noValidate aria-labelledby="team-add-title">
      <h3 id="team-add-title">{t('teamAddMember')}</h3>
      <Field label={t('teamMemberMobile')} error={errors.mobile}>
        {(a) => (
          <input
            {...a}
            className="input"
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            value={mobile}
            onChange={(e) => setMobile(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('teamMemberName')} error={errors.first_name}>
        {(a) => (
          <input {...a} className="input" value={firstName} maxLength={NAME_MAX + 20} onChange={(e) => setFirstName(e.target.value)} />
        )}
      </Field>
      <button type="submit" className="button" disabled={add.isPending}>
        {t('teamAddButton')}
      </button>
    </form>
  );
}
