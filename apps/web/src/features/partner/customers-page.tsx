import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  CALL_POLL_MS,
  CALL_TIMER_MS,
  isCallActive,
  CALL_STATUSES,
  type CallStatus,
  partnerRoutes,
  type Call,
  type CustomerLead,
} from '@pmw/contract/partner';
import { api, apiWithMessage } from '../../shared/api-client';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { QueryView } from '../../shared/query-view';
import { showError, showSuccess } from '../../shared/message-bar';
import { Pager } from './pager';
import { t } from './messages';
import { formatDate } from '../../shared/i18n';
import { PHONE_QUERY, useMediaQuery } from '../../shared/use-media-query';

export const CUSTOMERS_PAGE_SIZE = 50;

/** /partner/customers: assigned customers, a name search and click-to-call with a live status bar. */
export function CustomersPage() {
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [confirm, setConfirm] = useState<CustomerLead | null>(null);
  const [call, setCall] = useState<Call | null>(null);
  const [busy, setBusy] = useState(false);
  const [page, setPage] = useState(0);
  const list = useQuery({
    queryKey: ['partner', 'customers', applied, page],
    queryFn: () =>
      api(partnerRoutes.customerLeads, {
        query: { ...(applied ? { search: applied } : {}), limit: CUSTOMERS_PAGE_SIZE, offset: page * CUSTOMERS_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });
  // The name search follows typing, a moment after the last key, from the first page.
  // Only a changed search goes back to the first page: a page chosen meanwhile stays.
  useEffect(() => {
    const next = search.trim();
    if (next === applied) return;
    const id = setTimeout(() => {
      setApplied(next);
      setPage(0);
    }, 300);
    return () => clearTimeout(id);
  }, [search, applied]);

  async function connect(customer: CustomerLead) {
    setConfirm(null);
    setBusy(true);
    try {
      const res = await apiWithMessage(partnerRoutes.callConnect, {
        body: { customer_lead_id: customer.customer_lead_id, entity_type: 'LEAD' },
      });
      setCall(res.data);
      if (res.message) showSuccess(res.message);
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  }

  const phone = useMediaQuery(PHONE_QUERY);
  const callButton = (c: CustomerLead) => (
    <button
      type="button"
      className="button button--small"
      aria-label={t('callFor', { name: c.CustomerLead.name })}
      disabled={busy || (!!call && isCallActive(call.status))}
      onClick={() => setConfirm(c)}
    >
      {t('colCall')}
    </button>
  );
  return (
    <section>
      <h1 className="page-title">{t('customersTitle')}</h1>
      <div className="field" style={{ maxWidth: 360 }}>
        <label htmlFor="c-search">{t('searchName')}</label>
        <input id="c-search" type="search" className="input" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <QueryView query={list} failed={t('customersLoadFailed')} retry={t('retry')} loading={t('loading')}>
        {(d) => (
          <>
            {phone ? (
              // On a phone each customer is a card, as in the Leads Report: nothing is wider than the screen.
              d.rows.length === 0 ? (
                <p className="empty">{t('noData')}</p>
              ) : (
                <ul className="lead-cards" aria-label={t('customersTitle')}>
                  {d.rows.map((c, i) => (
                    <li key={c.customer_lead_id} className="card lead-card">
                      <div className="lead-card__head">
                        <strong>
                          <span className="muted">{page * CUSTOMERS_PAGE_SIZE + i + 1}.</span> {c.CustomerLead.name}
                        </strong>
                        {callButton(c)}
                      </div>
                      <dl className="lead-card__facts">
                        <dt>{t('colMobile')}</dt>
                        <dd>{c.CustomerLead.mobile}</dd>
                        <dt>{t('addedOn')}</dt>
                        <dd>{formatDate(c.created_on)}</dd>
                      </dl>
                    </li>
                  ))}
                </ul>
              )
            ) : (
              <div className="table-wrap">
                <table className="table">
                  <thead>
                    <tr>
                      <th>{t('colIndex')}</th>
                      <th>{t('colName')}</th>
                      <th>{t('colMobile')}</th>
                      <th>{t('colCall')}</th>
                      <th>{t('addedOn')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.rows.length === 0 ? (
                      <tr>
                        <td colSpan={5} className="empty">
                          {t('noData')}
                        </td>
                      </tr>
                    ) : (
                      d.rows.map((c, i) => (
                        <tr key={c.customer_lead_id}>
                          <td>{page * CUSTOMERS_PAGE_SIZE + i + 1}</td>
                          <td>{c.CustomerLead.name}</td>
                          <td className="nowrap">{c.CustomerLead.mobile}</td>
                          <td>{callButton(c)}</td>
                          <td className="nowrap">{formatDate(c.created_on)}</td>
                        </tr>
                      ))
                    )}
                  </tbody>
                </table>
              </div>
            )}
            <Pager
              rows={d.rows.length}
              total={d.count}
              page={page}
              pageSize={CUSTOMERS_PAGE_SIZE}
              onPage={setPage}
              label={t('customersTitle')}
            />
          </>
        )}
      </QueryView>
      {call && <CallBar call={call} onChange={setCall} onDismiss={() => setCall(null)} />}
      <ConfirmDialog
        open={!!confirm}
        message={t('connectConfirm')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && void connect(confirm)}
      />
    </section>
  );
}

/** The call's state in words ('Ringing', 'On call'), not the provider's code. */
function callStatusText(status: string): string {
  return (CALL_STATUSES as readonly string[]).includes(status) ? t(`call.${status as CallStatus}`) : status;
}

/** 'Calling with {name}: {status}', polling every 5 s while active and ticking every second once answered. */
function CallBar({ call, onChange, onDismiss }: { call: Call; onChange: (c: Call) => void; onDismiss: () => void }) {
  const [seconds, setSeconds] = useState(call.timer);
  const active = isCallActive(call.status);
  useEffect(() => setSeconds(call.timer), [call.timer]);
  useEffect(() => {
    if (!active) return;
    const id = setInterval(() => {
      api(partnerRoutes.callEnquiry, { query: { call_id: call.call_id } }).then(onChange, () => undefined);
    }, CALL_POLL_MS);
    return () => clearInterval(id);
  }, [active, call.call_id, onChange]);
  useEffect(() => {
    if (call.status !== 'in-progress') return;
    const id = setInterval(() => setSeconds((s) => s + 1), CALL_TIMER_MS);
    return () => clearInterval(id);
  }, [call.status]);
  return (
    <div className="call-bar" role="status" aria-live="polite">
      <span>{t('callingWith', { name: call.customer_name, status: callStatusText(call.status) })}</span>
      <span>{t('seconds', { n: seconds })}</span>
      <button type="button" className="icon-button" aria-label={t('dismiss')} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
