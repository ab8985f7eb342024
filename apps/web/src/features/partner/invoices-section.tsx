import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { acceptFor, fileProblem } from '@pmw/contract/files';
import {
  INVOICE_STATUS,
  INVOICE_STATUS_TEXT,
  INVOICE_SUBMITTABLE,
  partnerInvoiceRoutes,
  type Invoice,
  type InvoiceStatus,
} from '@pmw/contract/invoices';
import { formatRupees } from '@pmw/contract/partner';
import { api, apiWithMessage, routeUrl } from '../../shared/api-client';
import { QueryView } from '../../shared/query-view';
import { showError, showSuccess } from '../../shared/message-bar';
import { getLocale, validationText } from '../../shared/i18n';
import { uploadPartnerFile } from './partner-api';
import { t } from './messages';

const STATUS_BADGE: Record<InvoiceStatus, string> = {
  [INVOICE_STATUS.draft]: 'badge--warning',
  [INVOICE_STATUS.submitted]: '',
  [INVOICE_STATUS.approved]: 'badge--success',
  [INVOICE_STATUS.rejected]: 'badge--danger',
  [INVOICE_STATUS.paid]: 'badge--success',
  [INVOICE_STATUS.cancelled]: '',
};
export const invoicesQueryKey = ['partner', 'invoices'] as const;

/** 'June 2026' in the reader's language, for '2026-06'. */
function monthLabel(month: string): string {
  return new Intl.DateTimeFormat(getLocale() === 'hi' ? 'hi-IN' : 'en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T00:00:00Z`),
  );
}

/**
 * GST invoices on the Payouts page, for a partner with a verified GSTIN: each
 * month's invoice drafted from approved earnings, to accept or to answer with
 * the partner's own PDF, its state with ops, and the PDF to download.
 */
export function InvoicesSection() {
  const invoices = useQuery({ queryKey: invoicesQueryKey, queryFn: () => api(partnerInvoiceRoutes.list) });
  // A notification links to one invoice (#invoice-<id>): once the list is there, that invoice is brought into view (clear of the sticky header) and focused.
  const loaded = !!invoices.data;
  useEffect(() => {
    if (!loaded || !window.location.hash.startsWith('#invoice-')) return;
    const card = document.getElementById(window.location.hash.slice(1));
    card?.scrollIntoView({ block: 'center' });
    card?.focus({ preventScroll: true });
  }, [loaded]);
  return (
    <QueryView query={invoices} failed={t('invoicesLoadFailed')} retry={t('retry')} loading={t('loading')}>
      {(d) =>
        d.gst_registered ? (
          <section aria-labelledby="invoices-title">
            <h2 id="invoices-title">{t('invoicesTitle')}</h2>
            <p className="muted">{t('invoicesNote')}</p>
            {d.invoices.length === 0 ? (
              <p className="muted">{t('noInvoices')}</p>
            ) : (
              <ul className="invoice-list" aria-label={t('invoicesTitle')}>
                {d.invoices.map((i) => (
                  <InvoiceCard key={i.invoice_id} invoice={i} />
                ))}
              </ul>
            )}
          </section>
        ) : null
      }
    </QueryView>
  );
}

function InvoiceCard({ invoice: i }: { invoice: Invoice }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<File | undefined>();
  const [fileError, setFileError] = useState<string | null>(null);
  const canSend = INVOICE_SUBMITTABLE.includes(i.status) && i.taxable_paise > 0;
  const id = `invoice-${i.invoice_id}`;
  const title = t('invoiceFor', { number: i.invoice_number, month: monthLabel(i.month) });

  async function act(call: () => Promise<{ message: string }>) {
    setBusy(true);
    try {
      showSuccess((await call()).message);
      await queryClient.invalidateQueries({ queryKey: invoicesQueryKey });
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  }
  const accept = () => act(() => apiWithMessage(partnerInvoiceRoutes.accept, { params: { invoice_id: i.invoice_id } }));
  const upload = () => {
    const problem = !file
      ? t('invoiceFileRequired')
      : (fileProblem('USER_DOCUMENT', file) ?? (file.name.toLowerCase().endsWith('.pdf') ? null : t('invoicePdfOnly')));
    setFileError(problem ? validationText(problem) : null);
    if (problem || !file) return;
    return act(async () => {
      const { file_id } = await uploadPartnerFile(file, 'USER_DOCUMENT');
      return apiWithMessage(partnerInvoiceRoutes.upload, { params: { invoice_id: i.invoice_id }, body: { file_id } });
    });
  };

  return (
    <li className="card invoice-card" id={id} tabIndex={-1} aria-label={title}>
      <div className="invoice-card__head">
        <strong>{i.invoice_number}</strong>
        <span className={`badge ${STATUS_BADGE[i.status]}`}>{t(INVOICE_STATUS_TEXT[i.status])}</span>
      </div>
      <p className="muted">{t('invoicePeriod', { month: monthLabel(i.month), count: i.earnings_count })}</p>
      <dl className="invoice-amounts">
        <dt>{t('invoiceTaxable')}</dt>
        <dd>{formatRupees(i.taxable_paise)}</dd>
        {i.igst_paise > 0 ? (
          <>
            <dt>{t('invoiceIgst', { rate: i.gst_rate_percent })}</dt>
            <dd>{formatRupees(i.igst_paise)}</dd>
          </>
        ) : (
          <>
            <dt>{t('invoiceCgst', { rate: i.gst_rate_percent / 2 })}</dt>
            <dd>{formatRupees(i.cgst_paise)}</dd>
            <dt>{t('invoiceSgst', { rate: i.gst_rate_percent / 2 })}</dt>
            <dd>{formatRupees(i.sgst_paise)}</dd>
          </>
        )}
        <dt>
          <strong>{t('invoiceTotal')}</strong>
        </dt>
        <dd>
          <strong>{formatRupees(i.total_paise)}</strong>
        </dd>
      </dl>
      {i.status === INVOICE_STATUS.rejected && i.reject_reason && (
        <p className="field__error" role="status">
          {t('invoiceRejectedBecause', { reason: i.reject_reason })}
        </p>
      )}
      {i.status === INVOICE_STATUS.draft && <p className="muted">{t('invoiceDraftHint')}</p>}
      <div className="invoice-card__actions">
        {canSend && (
          <button type="button" className="button button--small" disabled={busy} onClick={() => void accept()}>
            {busy ? t('saving') : t('invoiceAccept')}
          </button>
        )}
        <a
          className="button button--ghost button--small"
          href={routeUrl(partnerInvoiceRoutes.pdf, { params: { invoice_id: i.invoice_id } })}
          download
          aria-label={t('invoiceDownloadFor', { number: i.invoice_number })}
        >
          {t('invoiceDownload')}
        </a>
      </div>
      {canSend && (
        <div className="field invoice-upload">
          <label htmlFor={`${id}-file`}>{t('invoiceOwnPdf')}</label>
          <input
            id={`${id}-file`}
            type="file"
            className="input"
            accept={acceptFor(['pdf'])}
            aria-invalid={!!fileError}
            aria-describedby={fileError ? `${id}-file-error` : undefined}
            onChange={(e) => {
              setFile(e.target.files?.[0]);
              setFileError(null);
            }}
          />
          {fileError && (
            <p id={`${id}-file-error`} className="field__error">
              {fileError}
            </p>
          )}
          <button type="button" className="button button--ghost button--small" disabled={busy} onClick={() => void upload()}>
            {t('invoiceSendPdf')}
          </button>
        </div>
      )}
    </li>
  );
}
