import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CALL_POLL_MS, CALL_TIMER_MS, isCallActive, partnerRoutes, type Call, type CustomerLead } from '@pmw/contract/partner';
import { formatDate } from '@pmw/contract/time';
import { api, apiWithMessage } from '../../shared/api-client';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { Loader } from '../../shared/loader';
import { showError, showSuccess } from '../../shared/message-bar';
import { t } from './messages';

/** /partner/customers: assigned customers, a name search and click-to-call with a live status bar. */
export function CustomersPage() {
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [confirm, setConfirm] = useState<CustomerLead | null>(null);
  const [call, setCall] = useState<Call | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useQuery({
    queryKey: ['partner', 'customers', applied],
    queryFn: () => api(partnerRoutes.customerLeads, { query: applied ? { search: applied } : {} }),
  });
  // The name search follows typing, a moment after the last key.
  useEffect(() => {
    const id = setTimeout(() => setApplied(search.trim()), 300);
    return () => clearTimeout(id);
  }, [search]);

  async function connect(customer: CustomerLead) {
    setConfirm(null);
    setBusy(true);
    try {
      const res = await apiWithMessage(partnerRoutes.callConnect, { body: { customer_lead_id: customer.customer_lead_id, entity_type: 'LEAD' } });
      setCall(res.data);
      if (res.message) showSuccess(res.message);
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section>
      <h1 className="page-title">{t('customersTitle')}</h1>
      <div className="field" style={{ maxWidth: 360 }}>
        <label htmlFor="c-search">{t('searchName')}</label>
        <input id="c-search" type="search" className="input" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      {list.isPending ? (
        <Loader label={t('loading')} />
      ) : list.isError ? (
        <div className="empty" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button button--ghost" onClick={() => void list.refetch()}>
            {t('retry')}
          </button>
        </div>
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
              {list.data.rows.length === 0 ? (
                <tr>
                  <td colSpan={5} className="empty">
                    {t('noData')}
                  </td>
                </tr>
              ) : (
                list.data.rows.map((c, i) => (
                  <tr key={c.customer_lead_id}>
                    <td>{i + 1}</td>
                    <td>{c.CustomerLead.name}</td>
                    <td className="nowrap">{c.CustomerLead.mobile}</td>
                    <td>
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={t('callFor', { name: c.CustomerLead.name })}
                        disabled={busy || (!!call && isCallActive(call.status))}
                        onClick={() => setConfirm(c)}
                      >
                        {t('colCall')}
                      </button>
                    </td>
                    <td className="nowrap">{formatDate(c.created_on)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
      {call && <CallBar call={call} onChange={setCall} onDismiss={() => setCall(null)} />}
      <ConfirmDialog open={!!confirm} message={t('connectConfirm')} onCancel={() => setConfirm(null)} onConfirm={() => confirm && void connect(confirm)} />
    </section>
  );
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
      <span>{t('callingWith', { name: call.customer_name, status: call.status })}</span>
      <span>{t('seconds', { n: seconds })}</span>
      <button type="button" className="icon-button" aria-label={t('dismiss')} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}
