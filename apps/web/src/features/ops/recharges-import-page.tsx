import { useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { RECHARGE_CSV_COLUMNS, rechargeRoutes, type RechargeImportResult } from '@pmw/contract/recharges';
import { csvLine } from '@pmw/contract/spreadsheet';
import { apiWithMessage } from '../../shared/api-client';
import { showError, showSuccess } from '../../shared/message-bar';
import { t } from './messages';

/** The refused rows as a CSV a spreadsheet opens safely (formulas defused). */
function refusedCsv(result: RechargeImportResult): string {
  return csvLine(['row', 'mobile', 'reason']) + result.refused.map((r) => csvLine([r.row, r.mobile, r.reason])).join('');
}

/** Imports the operator's CSV of recharges; workers then see them in the support desk's "Select Recharge". */
export function RechargesImportPage() {
  const [csv, setCsv] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: () => apiWithMessage(rechargeRoutes.importRecharges, { body: { csv } }),
    onSuccess: (r) => showSuccess(r.message),
    onError: showError,
  });
  const result = run.data?.data;
  const download = useMemo(
    () => (result && result.refused.length ? `data:text/csv;charset=utf-8,${encodeURIComponent(refusedCsv(result))}` : null),
    [result],
  );
  return (
    <section aria-labelledby="rech-title">
      <h1 id="rech-title">{t('rechargesTitle')}</h1>
      <p className="muted">{t('rechargesHint', { columns: RECHARGE_CSV_COLUMNS.join(',') })}</p>
      <form
        className="card ops__narrow"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!csv.trim()) {
            setError(t('rechargesCsvRequired'));
            return;
          }
          setError(null);
          run.mutate();
        }}
      >
        <div className="field">
          <label htmlFor="ri-file">{t('csvFile')}</label>
          <input
            id="ri-file"
            type="file"
            accept=".csv,text/csv"
            className="input"
            onChange={(e) => void e.target.files?.[0]?.text().then(setCsv)}
          />
        </div>
        <div className="field">
          <label htmlFor="ri-text">{t('csvText')}</label>
          <textarea
            id="ri-text"
            className="input"
            rows={8}
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'ri-text-error' : undefined}
            placeholder={'mobile,account_number,amount,date\n9876500101,9876500101,239,2026-01-15'}
          />
          {error && (
            <p id="ri-text-error" className="field__error">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={run.isPending}>
          {run.isPending ? t('rechargesImporting') : t('rechargesImportButton')}
        </button>
      </form>
      {result && (
        <div className="card ops__narrow" role="status">
          <p>{t('rechargesResult', { added: result.added, refused: result.refused.length })}</p>
          {result.refused.length > 0 && (
            <>
              <table className="table ops__table">
                <caption>{t('rechargesRefusedCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('rechargesRow')}</th>
                    <th scope="col">{t('fMobile')}</th>
                    <th scope="col">{t('rechargesReason')}</th>
                  </tr>
                </thead>
                <tbody>
                  {result.refused.map((r) => (
                    <tr key={r.row}>
                      <td>{r.row}</td>
                      <td>{r.mobile}</td>
                      <td>{r.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {download && (
                <a className="button button--ghost button--small" href={download} download="refused-recharges.csv">
                  {t('rechargesDownloadRefused')}
                </a>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
