import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { INVOICE_STATUS, INVOICE_STATUS_TEXT, opsInvoiceRoutes, type InvoiceStatus, type OpsInvoice } from '@pmw/contract/invoices';
import { formatRupees } from '@pmw/contract/partner';
import { api, apiWithMessage, routeUrl } from '../../shared/api-client';
import { showError, showSuccess } from '../../shared/message-bar';
import { EmptyState, QueryView, ReasonDialog, when } from './common';
import { DataTable } from './data-table';
import { t } from './messages';

type Key = Parameters<typeof t>[0];
const FILTERS: { value: InvoiceStatus | ''; label: Key }[] = [
  { value: INVOICE_STATUS.submitted, label: 'invoicesAwaiting' },
  { value: '', label: 'invoicesAll' },
  { value: INVOICE_STATUS.approved, label: 'invoiceApproved' },
  { value: INVOICE_STATUS.paid, label: 'invoicePaid' },
  { value: INVOICE_STATUS.rejected, label: 'invoiceRejected' },
  { value: INVOICE_STATUS.cancelled, label: 'invoiceCancelled' },
];
const who = (i: OpsInvoice) => i.partner_name ?? `PMW${i.user_id}`;

/** GST invoices partners sent: approve (the next payout run pays it) or send back with a reason; the PDF and the partner's own file. */
export function InvoicesPage() {
  const qc = useQueryClient();
  const [status, setStatus] = useState<InvoiceStatus | ''>(INVOICE_STATUS.submitted);
  const [rejecting, setRejecting] = useState<OpsInvoice | null>(null);
  const list = useQuery({
    queryKey: ['ops', 'invoices', status],
    queryFn: () => api(opsInvoiceRoutes.list, { query: status ? { status } : {} }),
  });
  const done = (message: string) => {
    showSuccess(message);
    void qc.invalidateQueries({ queryKey: ['ops', 'invoices'] });
    void qc.invalidateQueries({ queryKey: ['ops', 'payouts'] });
  };
  const approve = useMutation({
    mutationFn: (id: number) => apiWithMessage(opsInvoiceRoutes.approve, { params: { invoice_id: id } }),
    onSuccess: (r) => done(r.message),
    onError: showError,
  });
  return (
    <section aria-labelledby="invoices-title">
      <h1 id="invoices-title">{t('invoicesTitle')}</h1>
      <p className="muted">{t('invoicesIntro')}</p>
      <div className="field" style={{ maxWidth: '20rem' }}>
        <label htmlFor="invoice-status">{t('colStatus')}</label>
        <select id="invoice-status" className="input" value={status} onChange={(e) => setStatus(e.target.value as InvoiceStatus | '')}>
          {FILTERS.map((f) => (
            <option key={f.label} value={f.value}>
              {t(f.label)}
            </option>
          ))}
        </select>
      </div>
      <QueryView
        query={list}
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState text={status === INVOICE_STATUS.submitted ? t('invoicesEmptyAwaiting') : t('invoicesEmpty')} />}
      >
        {(rows) => (
          <DataTable
            label={t('invoicesTitle')}
            columns={[
              {
                id: 'number',
                header: t('colInvoice'),
                cell: (i) => (
                  <>
                    <strong>{i.invoice_number}</strong>
                    <div className="muted">
                      {i.month} · {t('invoiceEarnings', { count: i.earnings_count })}
                    </div>
                  </>
                ),
              },
              {
                id: 'person',
                header: t('colPerson'),
                cell: (i) => (
                  <>
                    {who(i)}{' '}
                    <span className="muted">
                      PMW{i.user_id} · {i.supplier.gstin}
                    </span>
                  </>
                ),
              },
              {
                id: 'amounts',
                header: t('colInvoiceAmounts'),
                cell: (i) => (
                  <>
                    <div>{t('invoiceTaxableIs', { amount: formatRupees(i.taxable_paise) })}</div>
                    <div>
                      {i.igst_paise > 0
                        ? t('invoiceIgstIs', { rate: i.gst_rate_percent, amount: formatRupees(i.igst_paise) })
                        : t('invoiceCgstSgstIs', { rate: i.gst_rate_percent / 2, amount: formatRupees(i.cgst_paise) })}
                    </div>
                    <strong>{t('invoiceTotalIs', { amount: formatRupees(i.total_paise) })}</strong>
                  </>
                ),
              },
              {
                id: 'status',
                header: t('colStatus'),
                cell: (i) => (
                  <>
                    <span
                      className={`badge ${i.status === INVOICE_STATUS.rejected ? 'badge--danger' : i.status === INVOICE_STATUS.submitted ? 'badge--warning' : 'badge--success'}`}
                    >
                      {t(INVOICE_STATUS_TEXT[i.status])}
                    </span>
                    {i.reject_reason && <div className="muted">{i.reject_reason}</div>}
                    {i.submitted_on && <div className="muted">{when(i.submitted_on)}</div>}
                  </>
                ),
              },
              {
                id: 'files',
                header: t('colInvoiceFiles'),
                cell: (i) => (
                  <>
                    <a
                      className="button button--ghost button--small"
                      href={routeUrl(opsInvoiceRoutes.pdf, { params: { invoice_id: i.invoice_id } })}
                      download
                      aria-label={t('invoicePdfFor', { number: i.invoice_number })}
                    >
                      {t('invoicePdf')}
                    </a>
                    {i.file_id !== null && (
                      <button
                        type="button"
                        className="link-button"
                        onClick={() =>
                          api(opsInvoiceRoutes.get, { params: { invoice_id: i.invoice_id } }).then(
                            (v) => v.file_url && window.open(v.file_url, '_blank'),
                            showError,
                          )
                        }
                        aria-label={t('invoiceOwnFileFor', { number: i.invoice_number })}
                      >
                        {t('invoiceOwnFile')}
                      </button>
                    )}
                  </>
                ),
              },
              {
                id: 'decide',
                header: t('colDecision'),
                cell: (i) =>
                  i.status === INVOICE_STATUS.submitted ? (
                    <>
                      <button
                        type="button"
                        className="button button--small"
                        disabled={approve.isPending}
                        onClick={() => approve.mutate(i.invoice_id)}
                        aria-label={t('invoiceApproveFor', { number: i.invoice_number })}
                      >
                        {t('approve')}
                      </button>{' '}
                      <button
                        type="button"
                        className="button button--small button--danger"
                        onClick={() => setRejecting(i)}
                        aria-label={t('invoiceRejectFor', { number: i.invoice_number })}
                      >
                        {t('reject')}
                      </button>
                    </>
                  ) : (
                    '—'
                  ),
              },
            ]}
            rows={rows}
            rowId={(i) => i.invoice_id}
          />
        )}
      </QueryView>
      <ReasonDialog
        open={rejecting !== null}
        title={t('rejectInvoiceTitle', { number: rejecting?.invoice_number ?? '', name: rejecting ? who(rejecting) : '' })}
        label={t('rejectReason')}
        confirm={t('reject')}
        danger
        onClose={() => setRejecting(null)}
        onSubmit={async (reason) =>
          done((await apiWithMessage(opsInvoiceRoutes.reject, { params: { invoice_id: rejecting!.invoice_id }, body: { reason } })).message)
        }
      />
    </section>
  );
}
