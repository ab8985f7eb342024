import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { opsRoutes, type OpsUser } from '@pmw/contract/ops';
import { api, apiWithMessage } from '../../shared/api-client';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { showError, showSuccess } from '../../shared/message-bar';
import { Pager, QueryView } from './common';
import { t } from './messages';

const LIMIT = 50;

/** Search people by mobile, name or PMW id; block and unblock. */
export function UsersPage() {
  const qc = useQueryClient();
  const [q, setQ] = useState('');
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const [blocking, setBlocking] = useState<OpsUser | null>(null);
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
      <form
        className="ops__filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(typed.trim());
          setPage(1);
        }}
      >
        <div className="field ops__grow">
          <label htmlFor="user-q">{t('search')}</label>
          <input id="user-q" className="input" value={typed} onChange={(e) => setTyped(e.target.value)} type="search" autoFocus />
        </div>
        <button type="submit" className="button">
          {t('searchButton')}
        </button>
      </form>
      <QueryView query={list} isEmpty={(d) => d.rows.length === 0}>
        {(data) => (
          <>
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{t('colId')}</th>
                    <th scope="col">{t('colName')}</th>
                    <th scope="col">{t('colMobile')}</th>
                    <th scope="col">{t('colCity')}</th>
                    <th scope="col">{t('colStatus')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((u) => (
                    <tr key={u.user_id}>
                      <td>{u.pmw_id}</td>
                      <td>
                        {name(u)} {u.is_ops && <span className="badge">{t('opsBadge')}</span>}
                      </td>
                      <td>{u.mobile}</td>
                      <td>{u.city ?? '—'}</td>
                      <td>
                        <span className={`badge ${u.blocked ? 'badge--danger' : 'badge--success'}`}>{u.blocked ? t('blocked') : t('active')}</span>{' '}
                        <button
                          type="button"
                          className={`button button--small${u.blocked ? '' : ' button--danger'}`}
                          aria-label={`${u.blocked ? t('unblock') : t('block')} ${name(u)}`}
                          onClick={() => (u.blocked ? change.mutate(u) : setBlocking(u))}
                        >
                          {u.blocked ? t('unblock') : t('block')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager page={page} limit={LIMIT} count={data.count} onPage={setPage} />
          </>
        )}
      </QueryView>
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
