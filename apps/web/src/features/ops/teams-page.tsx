import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsTeamRoutes } from '@pmw/contract/ops-teams';
import { api, apiWithMessage } from '../../shared/api-client';
import { showError, showSuccess } from '../../shared/message-bar';
import { QueryView, when } from './common';
import { t } from './messages';

/** Teams: create one with a code and a manager; add, block and unblock members. */
export function TeamsPage() {
  const qc = useQueryClient();
  const [code, setCode] = useState('');
  const [manager, setManager] = useState('');
  const [open, setOpen] = useState<{ id: number; code: string } | null>(null);
  const teams = useQuery({ queryKey: ['ops', 'teams'], queryFn: () => api(opsTeamRoutes.teams) });
  const create = useMutation({
    mutationFn: () => apiWithMessage(opsTeamRoutes.createTeam, { body: { team_code: code, manager_user_id: Number(manager.replace(/^pmw/i, '')) } }),
    onSuccess: (r) => {
      showSuccess(r.message);
      setCode('');
      setManager('');
      setOpen({ id: r.data.team_id, code: r.data.team_code });
      void qc.invalidateQueries({ queryKey: ['ops', 'teams'] });
    },
    onError: showError,
  });
  return (
    <section aria-labelledby="teams-title">
      <h1 id="teams-title">{t('teamsTitle')}</h1>
      <form
        className="ops__filters"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <div className="field">
          <label htmlFor="team-code">{t('teamCode')}</label>
          <input id="team-code" className="input" required value={code} onChange={(e) => setCode(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="team-manager">{t('managerId')}</label>
          <input id="team-manager" className="input" required value={manager} onChange={(e) => setManager(e.target.value)} placeholder="PMW101" />
        </div>
        <button type="submit" className="button" disabled={create.isPending}>
          {t('createTeam')}
        </button>
      </form>
      <QueryView query={teams} isEmpty={(d) => d.length === 0}>
        {(rows) => (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('teamCode')}</th>
                  <th scope="col">{t('managerId')}</th>
                  <th scope="col">{t('colMembers')}</th>
                  <th scope="col">{t('colDate')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((tm) => (
                  <tr key={tm.team_id}>
                    <td>
                      <button type="button" className="link-button" aria-expanded={open?.id === tm.team_id} onClick={() => setOpen(open?.id === tm.team_id ? null : { id: tm.team_id, code: tm.team_code })}>
                        {tm.team_code}
                      </button>
                    </td>
                    <td>PMW{tm.manager_user_id}</td>
                    <td>{tm.members}</td>
                    <td>{when(tm.created_on)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryView>
      {open && <Members teamId={open.id} code={open.code} />}
    </section>
  );
}

function Members({ teamId, code }: { teamId: number; code: string }) {
  const qc = useQueryClient();
  const [mobile, setMobile] = useState('');
  const [name, setName] = useState('');
  const members = useQuery({ queryKey: ['ops', 'team-members', teamId], queryFn: () => api(opsTeamRoutes.members, { params: { team_id: teamId } }) });
  const refresh = (message: string) => {
    showSuccess(message);
    void qc.invalidateQueries({ queryKey: ['ops', 'team-members', teamId] });
    void qc.invalidateQueries({ queryKey: ['ops', 'teams'] });
  };
  const add = useMutation({
    mutationFn: () => apiWithMessage(opsTeamRoutes.addMember, { params: { team_id: teamId }, body: { mobile, first_name: name } }),
    onSuccess: (r) => {
      setMobile('');
      setName('');
      refresh(r.message);
    },
    onError: showError,
  });
  const toggle = useMutation({
    mutationFn: (m: { user_id: number; blocked: boolean }) => apiWithMessage(m.blocked ? opsTeamRoutes.unblockMember : opsTeamRoutes.blockMember, { params: { team_id: teamId, user_id: m.user_id } }),
    onSuccess: (r) => refresh(r.message),
    onError: showError,
  });
  return (
    <section aria-labelledby="members-title">
      <h2 id="members-title">{t('membersOf', { code })}</h2>
      <form
        className="ops__filters"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <div className="field">
          <label htmlFor="member-mobile">{t('memberMobile')}</label>
          <input id="member-mobile" className="input" inputMode="tel" required value={mobile} onChange={(e) => setMobile(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="member-name">{t('memberName')}</label>
          <input id="member-name" className="input" required value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <button type="submit" className="button" disabled={add.isPending}>
          {t('addMember')}
        </button>
      </form>
      <QueryView query={members} isEmpty={(d) => d.length === 0}>
        {(rows) => (
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('colId')}</th>
                  <th scope="col">{t('colName')}</th>
                  <th scope="col">{t('colMobile')}</th>
                  <th scope="col">{t('colStatus')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((m) => (
                  <tr key={m.user_id}>
                    <td>PMW{m.user_id}</td>
                    <td>{m.first_name ?? '—'}</td>
                    <td>{m.mobile}</td>
                    <td>
                      <span className={`badge ${m.blocked ? 'badge--danger' : 'badge--success'}`}>{m.blocked ? t('blocked') : t('active')}</span>{' '}
                      <button type="button" className={`button button--small${m.blocked ? '' : ' button--danger'}`} disabled={toggle.isPending} onClick={() => toggle.mutate(m)} aria-label={`${m.blocked ? t('unblock') : t('block')} ${m.first_name ?? m.mobile}`}>
                        {m.blocked ? t('unblock') : t('block')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryView>
    </section>
  );
}
