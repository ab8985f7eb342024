import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsRoutes, type OpsUser } from '@pmw/contract/ops';
import { api, apiWithMessage } from '../../shared/api-client';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { showError, showSuccess } from '../../shared/message-bar';
import { EmptyState, BlockToggle, QueryView } from './common';
import { DataTable } from './data-table';
import { FilterForm } from './filter-form';
import { t } from './messages';
import { PartnerRiskDialog } from './risk-panel';

const LIMIT = 50;

/** Search people by mobile, name or PMW id; block and unblock. */
export function UsersPage() {
  const qc = useQueryClient();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [blocking, setBlocking] = useState<OpsUser | null>(null);
  const [riskOf, setRiskOf] = useState<OpsUser | null>(null);
  const list = useQuery({ queryKey: ['ops', 'users', q, page], queryFn: () => api(opsRoutes.users, { query: { q, page, limit: LIMIT } }) });
  const change = useMutation({
    mutationFn: (u: OpsUser) => apiWithMessage(u.blocked ? opsRoutes.unblockUser : opsRoutes.blockUser, { params: { user_id: u.user_id } }),
    onSuccess: (r) => {
      showSuccess(r.message);
      setBlocking(null);
      void qc.invalidateQueries({ queryKey: ['ops', 'users'] });
    },
    onError: (err) => {
      setBlocking(null);
      showError(err);
    },
  });
  const name = (u: OpsUser) => [u.first_name, u.last_name].filter(Boolean).join(' ') || u.mobile;
  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title">{t('usersTitle')}</h1>
      <FilterForm
        search
        submitLabel={t('searchButton')}
        fields={[{ name: 'q', label: t('search'), type: 'search', grow: true, autoFocus: true }]}
        onApply={(f) => {
          setQ(f.q ?? '');
          setPage(1);
        }}
      />
      <QueryView query={list} isEmpty={(d) => d.rows.length === 0} empty={<EmptyState text={t('usersEmpty')} />}>
        {(data) => (
          <DataTable
            label={t('usersTitle')}
            columns={[
              { id: 'id', header: t('colId'), cell: (u) => u.pmw_id },
              {
                id: 'name',
                header: t('colName'),
                cell: (u) => (
                  <>
                    {name(u)} {u.is_ops && <span className="badge">{t('opsBadge')}</span>}
                  </>
                ),
              },
              { id: 'mobile', header: t('colMobile'), cell: (u) => u.mobile },
              { id: 'city', header: t('colCity'), cell: (u) => u.city ?? '—' },
              {
                id: 'risk',
                header: t('partnerRisk'),
                cell: (u) => (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={t('partnerRiskOf', { name: name(u) })}
                    onClick={() => setRiskOf(u)}
                  >
                    {t('partnerRisk')}
                  </button>
                ),
              },
              {
                id: 'status',
                header: t('colStatus'),
                cell: (u) => (
                  <BlockToggle name={name(u)} blocked={u.blocked} onToggle={() => (u.blocked ? change.mutate(u) : setBlocking(u))} />
                ),
              },
            ]}
            rows={data.rows}
            rowId={(u) => u.user_id}
            paging={{ page, limit: LIMIT, count: data.count, onPage: setPage }}
          />
        )}
      </QueryView>
      {riskOf && <PartnerRiskDialog userId={riskOf.user_id} name={name(riskOf)} onClose={() => setRiskOf(null)} />}
      <ConfirmDialog
        open={blocking !== null}
        message={t('blockConfirm', { name: blocking ? name(blocking) : '' })}
        confirmLabel={t('block')}
        cancelLabel={t('cancel')}
        busy={change.isPending}
        onCancel={() => setBlocking(null)}
        onConfirm={() => blocking && change.mutate(blocking)}
      />
    </section>
  );
}
