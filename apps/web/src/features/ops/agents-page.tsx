import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { addAgentBodySchema, opsAgentRoutes, type OpsAgentRow } from '@pmw/contract/ops-agents';
import type { OpsRole } from '@pmw/contract/ops-auth';
import { api, apiWithMessage } from '../../shared/api-client';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { showError, showSuccess } from '../../shared/message-bar';
import { QueryView, when } from './common';
import { DataTable } from './data-table';
import { Field } from '../../shared/field';
import { FilterForm, type FilterValues } from './filter-form';
import { t } from './messages';

const roleLabel = (role: OpsRole) => (role === 'admin' ? t('roleAdmin') : t('roleSupport'));
const nameOf = (a: OpsAgentRow) => [a.first_name, a.last_name].filter(Boolean).join(' ') || a.mobile;

/** Who may use the console: add a mobile as admin or support, change a role, remove (admins only). */
export function AgentsPage({ me }: { me: number }) {
  const qc = useQueryClient();
  const [filter, setFilter] = useState<FilterValues>({});
  const [removing, setRemoving] = useState<OpsAgentRow | null>(null);
  const form = useForm({
    resolver: zodResolver(addAgentBodySchema),
    defaultValues: { mobile: '', role: 'support' as OpsRole, first_name: '' },
  });
  const agents = useQuery({ queryKey: ['ops', 'agents'], queryFn: () => api(opsAgentRoutes.list) });
  const done = (message: string) => {
    showSuccess(message);
    void qc.invalidateQueries({ queryKey: ['ops', 'agents'] });
  };
  const add = useMutation({
    mutationFn: (body: z.output<typeof addAgentBodySchema>) => apiWithMessage(opsAgentRoutes.add, { body }),
    onSuccess: (r) => {
      form.reset();
      done(r.message);
    },
    onError: showError,
  });
  const setRole = useMutation({
    mutationFn: (v: { user_id: number; role: OpsRole }) =>
      apiWithMessage(opsAgentRoutes.setRole, { params: { user_id: v.user_id }, body: { role: v.role } }),
    onSuccess: (r) => done(r.message),
    onError: (e) => {
      showError(e);
      // The select shows the refused choice until the list comes back.
      void qc.invalidateQueries({ queryKey: ['ops', 'agents'] });
    },
  });
  const remove = useMutation({
    mutationFn: (a: OpsAgentRow) => apiWithMessage(opsAgentRoutes.remove, { params: { user_id: a.user_id } }),
    onSuccess: (r) => {
      setRemoving(null);
      done(r.message);
    },
    onError: (e) => {
      setRemoving(null);
      showError(e);
    },
  });
  const shown = (rows: OpsAgentRow[]) => {
    const q = filter.q?.toLowerCase();
    return rows.filter(
      (a) => (!filter.role || a.role === filter.role) && (!q || nameOf(a).toLowerCase().includes(q) || a.mobile.includes(q)),
    );
  };
  return (
    <section aria-labelledby="agents-title">
      <h1 id="agents-title">{t('agentsTitle')}</h1>
      <p className="muted">{t('agentsIntro')}</p>
      <form className="ops__filters" aria-label={t('addAgent')} noValidate onSubmit={form.handleSubmit((body) => add.mutate(body))}>
        <Field label={t('agentMobile')} error={form.formState.errors.mobile}>
          {(a11y) => <input {...a11y} className="input" inputMode="tel" autoComplete="off" {...form.register('mobile')} />}
        </Field>
        <Field label={t('agentName')} error={form.formState.errors.first_name}>
          {(a11y) => <input {...a11y} className="input" autoComplete="off" {...form.register('first_name')} />}
        </Field>
        <Field label={t('agentRole')} error={form.formState.errors.role}>
          {(a11y) => (
            <select {...a11y} className="input" {...form.register('role')}>
              <option value="support">{t('roleSupport')}</option>
              <option value="admin">{t('roleAdmin')}</option>
            </select>
          )}
        </Field>
        <button type="submit" className="button" disabled={add.isPending}>
          {t('addAgent')}
        </button>
      </form>
      <FilterForm
        submitLabel={t('filterAgents')}
        fields={[
          { name: 'q', label: t('agentSearch'), type: 'search', grow: true },
          {
            name: 'role',
            label: t('agentRole'),
            options: [
              { value: '', label: t('roleAll') },
              { value: 'admin', label: t('roleAdmin') },
              { value: 'support', label: t('roleSupport') },
            ],
          },
        ]}
        onApply={setFilter}
      />
      <QueryView query={agents} isEmpty={(d) => shown(d).length === 0}>
        {(rows) => (
          <DataTable
            label={t('agentsTitle')}
            columns={[
              { id: 'id', header: t('colId'), cell: (a) => `PMW${a.user_id}`, sortValue: (a) => a.user_id },
              {
                id: 'name',
                header: t('colName'),
                cell: (a) => (a.user_id === me ? `${nameOf(a)} ${t('you')}` : nameOf(a)),
                sortValue: (a) => nameOf(a),
              },
              { id: 'mobile', header: t('colMobile'), cell: (a) => a.mobile },
              {
                id: 'role',
                header: t('agentRole'),
                sortValue: (a) => a.role,
                cell: (a) => (
                  <select
                    className="input ops-team-policy"
                    aria-label={t('roleFor', { name: nameOf(a) })}
                    value={a.role}
                    disabled={setRole.isPending}
                    onChange={(e) => setRole.mutate({ user_id: a.user_id, role: e.target.value as OpsRole })}
                  >
                    <option value="admin">{roleLabel('admin')}</option>
                    <option value="support">{roleLabel('support')}</option>
                  </select>
                ),
              },
              { id: 'added', header: t('colAdded'), cell: (a) => when(a.created_on), sortValue: (a) => a.created_on },
              {
                id: 'remove',
                header: t('removeAgent'),
                cell: (a) => (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={t('removeAgentLabel', { name: nameOf(a) })}
                    onClick={() => setRemoving(a)}
                  >
                    {t('removeAgent')}
                  </button>
                ),
              },
            ]}
            rows={shown(rows)}
            rowId={(a) => a.user_id}
          />
        )}
      </QueryView>
      <ConfirmDialog
        open={!!removing}
        message={removing ? t('removeAgentConfirm', { name: nameOf(removing) }) : ''}
        confirmLabel={t('removeAgent')}
        cancelLabel={t('cancel')}
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </section>
  );
}
