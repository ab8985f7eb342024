import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteQuery } from '@pmw/contract/api';
import { NOTIFY_EVENTS, OUTBOX_STATE, opsNotificationRoutes, type OpsOutboxRow } from '@pmw/contract/notifications';
import { api } from '../../shared/api-client';
import { showError, showSuccess } from '../../shared/message-bar';
import { QueryView, when } from './common';
import { DataTable, type Column } from './data-table';
import { FilterForm, numberOrNone } from './filter-form';
import { t } from './messages';

const LIMIT = 50;
type Filters = Omit<RouteQuery<typeof opsNotificationRoutes.outbox>, 'page' | 'limit'>;
const anyOf = (values: readonly string[]) => [{ value: '', label: t('fAny') }, ...values.map((v) => ({ value: v, label: v }))];
const isKind = (v: string | undefined): v is Filters['kind'] => !!v && (NOTIFY_EVENTS as string[]).includes(v);
const isState = (v: string | undefined): v is Filters['state'] => !!v && (Object.values(OUTBOX_STATE) as string[]).includes(v);

/** The SMS outbox: who was told what, and whether the gateway took it; a failed one can be sent again. */
export function NotificationsPage() {
  const qc = useQueryClient();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const outbox = useQuery({
    queryKey: ['ops', 'notifications', filters, page],
    queryFn: () => api(opsNotificationRoutes.outbox, { query: { ...filters, page, limit: LIMIT } }),
  });
  const resend = useMutation({
    mutationFn: (id: number) => api(opsNotificationRoutes.resend, { params: { outbox_id: id } }),
    onSuccess: () => {
      showSuccess(t('sentAgain'));
      void qc.invalidateQueries({ queryKey: ['ops', 'notifications'] });
    },
    onError: showError,
  });
  const columns: Column<OpsOutboxRow>[] = [
    { id: 'when', header: t('colWhen'), cell: (n) => when(n.created_on) },
    {
      id: 'person',
      header: t('colPerson'),
      cell: (n) => (
        <>
          {n.user_id !== null ? `PMW${n.user_id}` : '—'} <span className="muted">{n.mobile}</span>
        </>
      ),
    },
    { id: 'kind', header: t('colKind'), cell: (n) => <code>{n.kind}</code> },
    { id: 'channel', header: t('colChannel'), cell: (n) => n.channel },
    { id: 'text', header: t('colText'), cell: (n) => n.sent_text ?? n.text },
    { id: 'state', header: t('colState'), cell: (n) => n.state },
    { id: 'tries', header: t('colTries'), cell: (n) => n.attempts },
    { id: 'gateway', header: t('colGateway'), cell: (n) => n.gateway_answer ?? '—' },
    {
      id: 'actions',
      header: '',
      cell: (n) =>
        n.state === OUTBOX_STATE.failed ? (
          <button
            type="button"
            className="button button--small"
            aria-label={t('sendAgainFor', { id: n.outbox_id })}
            disabled={resend.isPending}
            onClick={() => resend.mutate(n.outbox_id)}
          >
            {t('sendAgain')}
          </button>
        ) : null,
    },
  ];
  return (
    <section aria-labelledby="notifications-title">
      <h1 id="notifications-title">{t('notificationsTitle')}</h1>
      <FilterForm
        submitLabel={t('apply')}
        fields={[
          { name: 'user_id', label: t('fPersonId') },
          { name: 'kind', label: t('fKind'), options: anyOf(NOTIFY_EVENTS) },
          { name: 'state', label: t('fState'), options: anyOf(Object.values(OUTBOX_STATE)) },
        ]}
        onApply={(v) => {
          setFilters({
            user_id: numberOrNone(v.user_id),
            kind: isKind(v.kind) ? v.kind : undefined,
            state: isState(v.state) ? v.state : undefined,
          });
          setPage(1);
        }}
      />
      <QueryView query={outbox} isEmpty={(d) => d.rows.length === 0}>
        {(data) => (
          <DataTable
            label={t('notificationsTitle')}
            columns={columns}
            rows={data.rows}
            rowId={(n) => n.outbox_id}
            paging={{ page, limit: LIMIT, count: data.count, onPage: setPage }}
          />
        )}
      </QueryView>
    </section>
  );
}
