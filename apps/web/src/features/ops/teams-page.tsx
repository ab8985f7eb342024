import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { opsTeamRoutes, teamCreateBodySchema, teamMemberAddBodySchema } from '@pmw/contract/ops-teams';
import type { TeamJoinPolicy } from '@pmw/contract/team';
import { api, apiWithMessage } from '../../shared/api-client';
import { showError, showSuccess } from '../../shared/message-bar';
import { EmptyState, BlockToggle, QueryView, when } from './common';
import { DataTable } from './data-table';
import { Field } from '../../shared/field';
import { t } from './messages';

/** The manager is typed as the console shows people (PMW101) and sent as the user id. */
const teamCreateFormSchema = z
  .object({
    team_code: z.string(),
    manager_user_id: z.string().transform((v) => Number(v.trim().replace(/^pmw/i, '')) || 0),
  })
  .pipe(teamCreateBodySchema);
type TeamCreateBody = z.output<typeof teamCreateBodySchema>;

/** Teams: create one with a code and a manager; add, block and unblock members. */
export function TeamsPage() {
  const qc = useQueryClient();
  const form = useForm({ resolver: zodResolver(teamCreateFormSchema), defaultValues: { team_code: '', manager_user_id: '' } });
  const [open, setOpen] = useState<{ id: number; code: string } | null>(null);
  const teams = useQuery({ queryKey: ['ops', 'teams'], queryFn: () => api(opsTeamRoutes.teams) });
  const create = useMutation({
    mutationFn: (body: TeamCreateBody) => apiWithMessage(opsTeamRoutes.createTeam, { body }),
    onSuccess: (r) => {
      showSuccess(r.message);
      form.reset();
      setOpen({ id: r.data.team_id, code: r.data.team_code });
      void qc.invalidateQueries({ queryKey: ['ops', 'teams'] });
    },
    onError: showError,
  });
  const setPolicy = useMutation({
    mutationFn: (v: { team_id: number; join_policy: TeamJoinPolicy }) =>
      apiWithMessage(opsTeamRoutes.setJoinPolicy, { params: { team_id: v.team_id }, body: { join_policy: v.join_policy } }),
    onSuccess: (r) => {
      showSuccess(r.message);
      void qc.invalidateQueries({ queryKey: ['ops', 'teams'] });
    },
    onError: showError,
  });
  return (
    <section aria-labelledby="teams-title">
      <h1 id="teams-title">{t('teamsTitle')}</h1>
      <form className="ops__filters" noValidate onSubmit={form.handleSubmit((body) => create.mutate(body))}>
        <Field label={t('teamCode')} error={form.formState.errors.team_code}>
          {(a11y) => <input {...a11y} className="input" {...form.register('team_code')} />}
        </Field>
        <Field label={t('managerId')} error={form.formState.errors.manager_user_id}>
          {(a11y) => <input {...a11y} className="input" placeholder="PMW101" {...form.register('manager_user_id')} />}
        </Field>
        <button type="submit" className="button" disabled={create.isPending}>
          {t('createTeam')}
        </button>
      </form>
      <QueryView
        query={teams}
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState text={t('teamsEmpty')} links={[{ to: '/ops/users', label: t('goUsers') }]} />}
      >
        {(rows) => (
          <DataTable
            label={t('teamsTitle')}
            columns={[
              {
                id: 'code',
                header: t('teamCode'),
                sortValue: (tm) => tm.team_code,
                cell: (tm) => (
                  <button
                    type="button"
                    className="link-button"
                    aria-expanded={open?.id === tm.team_id}
                    onClick={() => setOpen(open?.id === tm.team_id ? null : { id: tm.team_id, code: tm.team_code })}
                  >
                    {tm.team_code}
                  </button>
                ),
              },
              { id: 'manager', header: t('managerId'), cell: (tm) => `PMW${tm.manager_user_id}`, sortValue: (tm) => tm.manager_user_id },
              { id: 'members', header: t('colMembers'), cell: (tm) => tm.members, sortValue: (tm) => tm.members },
              {
                id: 'joining',
                header: t('colJoining'),
                sortValue: (tm) => tm.join_policy,
                cell: (tm) => (
                  <select
                    className="input ops-team-policy"
                    aria-label={t('joiningFor', { code: tm.team_code })}
                    value={tm.join_policy}
                    disabled={setPolicy.isPending}
                    onChange={(e) => setPolicy.mutate({ team_id: tm.team_id, join_policy: e.target.value as TeamJoinPolicy })}
                  >
                    <option value="invite_only">{t('joinInviteOnly')}</option>
                    <option value="open">{t('joinOpen')}</option>
                  </select>
                ),
              },
              { id: 'date', header: t('colDate'), cell: (tm) => when(tm.created_on), sortValue: (tm) => tm.created_on },
            ]}
            rows={rows}
            rowId={(tm) => tm.team_id}
          />
        )}
      </QueryView>
      {open && <Members teamId={open.id} code={open.code} />}
    </section>
  );
}

function Members({ teamId, code }: { teamId: number; code: string }) {
  const qc = useQueryClient();
  const form = useForm({ resolver: zodResolver(teamMemberAddBodySchema), defaultValues: { mobile: '', first_name: '' } });
  const members = useQuery({
    queryKey: ['ops', 'team-members', teamId],
    queryFn: () => api(opsTeamRoutes.members, { params: { team_id: teamId } }),
  });
  const refresh = (message: string) => {
    showSuccess(message);
    void qc.invalidateQueries({ queryKey: ['ops', 'team-members', teamId] });
    void qc.invalidateQueries({ queryKey: ['ops', 'teams'] });
  };
  const add = useMutation({
    mutationFn: (body: z.output<typeof teamMemberAddBodySchema>) =>
      apiWithMessage(opsTeamRoutes.addMember, { params: { team_id: teamId }, body }),
    onSuccess: (r) => {
      form.reset();
      refresh(r.message);
    },
    onError: showError,
  });
  const toggle = useMutation({
    mutationFn: (m: { user_id: number; blocked: boolean }) =>
      apiWithMessage(m.blocked ? opsTeamRoutes.unblockMember : opsTeamRoutes.blockMember, {
        params: { team_id: teamId, user_id: m.user_id },
      }),
    onSuccess: (r) => refresh(r.message),
    onError: showError,
  });
  return (
    <section aria-labelledby="members-title">
      <h2 id="members-title">{t('membersOf', { code })}</h2>
      <form className="ops__filters" noValidate onSubmit={form.handleSubmit((body) => add.mutate(body))}>
        <Field label={t('memberMobile')} error={form.formState.errors.mobile}>
          {(a11y) => <input {...a11y} className="input" inputMode="tel" autoComplete="off" {...form.register('mobile')} />}
        </Field>
        <Field label={t('memberName')} error={form.formState.errors.first_name}>
          {(a11y) => <input {...a11y} className="input" autoComplete="off" {...form.register('first_name')} />}
        </Field>
        <button type="submit" className="button" disabled={add.isPending}>
          {t('addMember')}
        </button>
      </form>
      <QueryView query={members} isEmpty={(d) => d.length === 0} empty={<EmptyState text={t('membersEmpty')} />}>
        {(rows) => (
          <DataTable
            label={t('membersOf', { code })}
            columns={[
              { id: 'id', header: t('colId'), cell: (m) => `PMW${m.user_id}`, sortValue: (m) => m.user_id },
              { id: 'name', header: t('colName'), cell: (m) => m.first_name ?? '—', sortValue: (m) => m.first_name ?? '' },
              { id: 'mobile', header: t('colMobile'), cell: (m) => m.mobile },
              {
                id: 'status',
                header: t('colStatus'),
                cell: (m) => (
                  <BlockToggle
                    name={m.first_name ?? m.mobile}
                    blocked={m.blocked}
                    busy={toggle.isPending}
                    onToggle={() => toggle.mutate(m)}
                  />
                ),
              },
            ]}
            rows={rows}
            rowId={(m) => m.user_id}
          />
        )}
      </QueryView>
    </section>
  );
}
