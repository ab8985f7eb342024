import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { opsMoneyRoutes } from '@pmw/contract/ops';
import { apiWithMessage } from '../../shared/api-client';
import { showError, showSuccess } from '../../shared/message-bar';
import { t } from './messages';

/** Imports a CSV of customer leads for a partner (their Customers page). */
export function CustomersImportPage() {
  const [partner, setPartner] = useState('');
  const [csv, setCsv] = useState('');
  const run = useMutation({
    mutationFn: () =>
      apiWithMessage(opsMoneyRoutes.importCustomers, { body: { partner_user_id: Number(partner.replace(/^pmw/i, '')), csv } }),
    onSuccess: (r) => showSuccess(r.message),
    onError: showError,
  });
  const result = run.data?.data;
  return (
    <section aria-labelledby="cust-title">
      <h1 id="cust-title">{t('customersTitle')}</h1>
      <p className="muted">{t('customersHint')}</p>
      <form
        className="card ops__narrow"
        onSubmit={(e) => {
          e.preventDefault();
          run.mutate();
        }}
      >
        <div className="field">
          <label htmlFor="ci-partner">{t('fPartner')}</label>
          <input
            id="ci-partner"
            className="input"
            value={partner}
            onChange={(e) => setPartner(e.target.value)}
            required
            placeholder="PMW101"
          />
        </div>
        <div className="field">
          <label htmlFor="ci-file">{t('csvFile')}</label>
          <input
            id="ci-file"
            type="file"
            accept=".csv,text/csv"
            className="input"
            onChange={(e) => void e.target.files?.[0]?.text().then(setCsv)}
          />
        </div>
        <div className="field">
          <label htmlFor="ci-text">{t('csvText')}</label>
          <textarea
            id="ci-text"
            className="input"
            rows={8}
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
            placeholder={'Name,Mobile\nRohit Sharma,9811122233'}
          />
        </div>
        <button type="submit" className="button" disabled={run.isPending || !csv.trim() || !partner.trim()}>
          {t('importButton')}
        </button>
      </form>
      {result && (
        <div className="card ops__narrow" role="status">
          <p>{t('importResult', { added: result.added, skipped: result.skipped, invalid: result.invalid.length })}</p>
          {result.invalid.length > 0 && (
            <ul>
              {result.invalid.map((r) => (
                <li key={r.row}>{t('invalidRow', { row: r.row, mobile: r.mobile })}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
