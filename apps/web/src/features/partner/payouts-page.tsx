import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { formatRupees, partnerRoutes, walletSign } from '@pmw/contract/partner';
import { WALLET_TX_TYPE } from '@pmw/contract/wallet';
import { PAYOUT_METHOD, payoutBank, profileRoutes } from '@pmw/contract/partner-profile';
import { PAYOUT_ITEM_STATE, type PayoutItemState } from '@pmw/contract/ops';
import { financialYearOf } from '@pmw/contract/tds';
import { api, routeUrl } from '../../shared/api-client';
import { allQueries, QueryView } from '../../shared/query-view';
import { Pager } from './pager';
import { InvoicesSection } from './invoices-section';
import { t } from './messages';
import { partnerCatalogue } from '@pmw/contract/texts/partner';
import { formatDateTime, storedTextOf } from '../../shared/i18n';

const PAYOUT_STATE_TEXT: Record<PayoutItemState, 'payoutQueued' | 'payoutProcessing' | 'payoutPaid' | 'payoutFailed' | 'payoutHeld'> = {
  [PAYOUT_ITEM_STATE.queued]: 'payoutQueued',
  [PAYOUT_ITEM_STATE.processing]: 'payoutProcessing',
  [PAYOUT_ITEM_STATE.paid]: 'payoutPaid',
  [PAYOUT_ITEM_STATE.failed]: 'payoutFailed',
  [PAYOUT_ITEM_STATE.held]: 'payoutHeld',
};

/** Wallet Logs a page at a time: a busy partner has more than one call can answer. */
export const WALLET_LOGS_PAGE_SIZE = 50;

/** /partner/earnings: wallet tiles, the bank tile, the missing-PAN warning and Wallet Logs. */
export function PayoutsPage() {
  const [page, setPage] = useState(0);
  const wallet = useQuery({ queryKey: ['partner', 'wallet'], queryFn: () => api(partnerRoutes.walletAmount) });
  const logs = useQuery({
    queryKey: ['partner', 'wallet', 'logs', page],
    queryFn: () => api(partnerRoutes.walletTransactions, { query: { limit: WALLET_LOGS_PAGE_SIZE, offset: page * WALLET_LOGS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const banks = useQuery({ queryKey: ['partner', 'banks'], queryFn: () => api(profileRoutes.bankFetch) });
  const docs = useQuery({ queryKey: ['partner', 'documents'], queryFn: () => api(profileRoutes.documentFetch, { query: {} }) });
  const fy = financialYearOf(new Date());
  const statement = useQuery({
    queryKey: ['partner', 'payouts', 'statement', fy],
    queryFn: () => api(partnerRoutes.payoutStatement, { query: { fy } }),
  });

  return (
    <section>
      <h1 className="page-title">{t('payoutTitle')}</h1>
      <QueryView query={allQueries(wallet, banks, docs)} failed={t('walletLoadFailed')} retry={t('retry')} loading={t('loading')}>
        {([w, bankList, docList]) => {
          const bank = payoutBank(bankList);
          const hasPan = docList.some((d) => d.type === 'PAN');
          return (
            <>
              {!hasPan && w.total_amount > 0 && (
                <p className="warning-note" role="alert">
                  {t('missingPan')}
                </p>
              )}
              <div className="tiles">
                <div className="card tile">
                  <span className="tile__label">{t('walletBalance')}</span>
                  <span className="tile__value">{formatRupees(w.total_amount)}</span>
                </div>
                <div className="card tile">
                  <span className="tile__label">{t('totalEarnings')}</span>
                  <span className="tile__value">{formatRupees(w.credit_amount)}</span>
                </div>
                <Link to="/partner/profile/bank" className="card tile">
                  <span className="tile__label">{t('bankDetails')}</span>
                  <span className="tile__value tile__value--text">
                    {bank.kind === 'default'
                      ? bank.bank.method === PAYOUT_METHOD.upi
                        ? t('upiTileValue', { upi: bank.bank.account_no })
                        : t('bankTileValue', { bank: bank.bank.bank_name, last4: bank.bank.account_no.slice(-4) })
                      : bank.kind === 'inReview'
                        ? t('bankInReviewTile')
                        : t('noBankTile')}
                  </span>
                </Link>
              </div>
            </>
          );
        }}
      </QueryView>
      <InvoicesSection />
      <h2>{t('payoutsThisYear', { fy })}</h2>
      <QueryView query={statement} failed={t('statementLoadFailed')} retry={t('retry')} loading={t('loading')}>
        {(st) => (
          <>
            <div className="tiles">
              <div className="card tile">
                <span className="tile__label">{t('paidThisYear')}</span>
                <span className="tile__value">{formatRupees(st.net_paise)}</span>
              </div>
              <div className="card tile">
                <span className="tile__label">{t('tdsThisYear')}</span>
                <span className="tile__value">{formatRupees(st.tds_paise)}</span>
              </div>
            </div>
            {st.payouts.length > 0 && (
              <p>
                <a
                  className="button button--ghost button--small"
                  href={routeUrl(partnerRoutes.payoutStatementCsv, { query: { fy } })}
                  download
                >
                  {t('downloadStatement', { fy })}
                </a>{' '}
                <a
                  className="button button--ghost button--small"
                  href={routeUrl(partnerRoutes.payoutStatementPdf, { query: { fy } })}
                  download
                >
                  {t('downloadStatementPdf', { fy })}
                </a>
              </p>
            )}
            {st.payouts.length === 0 ? (
              <p className="muted">{t('noPayoutsYet')}</p>
            ) : (
              <ul className="log-list card" aria-label={t('payoutsThisYear', { fy })}>
                {st.payouts.map((p) => (
                  <li key={p.payout_run_id}>
                    <span className={p.state === PAYOUT_ITEM_STATE.failed ? 'log-amount--debit' : 'log-amount--credit'}>
                      {formatRupees(p.net_paise)}
                    </span>
                    <span>
                      <strong>{t(PAYOUT_STATE_TEXT[p.state])}</strong>
                      <span className="muted">
                        {' '}
                        ·{' '}
                        {t('grossTdsNet', {
                          gross: formatRupees(p.gross_paise),
                          tds: formatRupees(p.tds_paise),
                          net: formatRupees(p.net_paise),
                        })}
                      </span>
                      {p.uninvoiced_paise > 0 && <span> · {t('paidWithoutInvoice', { amount: formatRupees(p.uninvoiced_paise) })}</span>}
                      {p.utr && <span> · {t('bankReference', { utr: p.utr })}</span>}
                      {p.failure_reason && (
                        <span>
                          {' '}
                          ·{' '}
                          {t('returnedBecause', {
                            reason: storedTextOf(
                              partnerCatalogue,
                              { code: p.failure_reason_code, vars: p.failure_reason_vars },
                              p.failure_reason,
                            ),
                          })}
                        </span>
                      )}
                    </span>
                    <span className="muted">{formatDateTime(p.created_on)}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </QueryView>
      <h2>{t('walletLogs')}</h2>
      <QueryView
        query={logs}
        failed={t('walletLogsLoadFailed')}
        retry={t('retry')}
        loading={t('loading')}
        isEmpty={(d) => d.count === 0}
        empty={t('noData')}
      >
        {(d) => (
          <>
            <ul className="log-list card" aria-label={t('walletLogs')}>
              {d.rows.map((r) => (
                <li key={r.wallet_transaction_id}>
                  <span className={r.type === WALLET_TX_TYPE.credit ? 'log-amount--credit' : 'log-amount--debit'}>
                    {walletSign(r.type)}
                    {formatRupees(r.amount)}
                  </span>
                  <span>
                    <strong>{storedTextOf(partnerCatalogue, { code: r.reason_code, vars: r.reason_vars }, r.reason)}</strong>
                    {r.remark && (
                      <span className="muted">
                        {' '}
                        · {storedTextOf(partnerCatalogue, { code: r.remark_code, vars: r.remark_vars }, r.remark)}
                      </span>
                    )}
                  </span>
                  <span className="muted">{formatDateTime(r.created_on)}</span>
                </li>
              ))}
            </ul>
            <Pager
              rows={d.rows.length}
              total={d.count}
              page={page}
              pageSize={WALLET_LOGS_PAGE_SIZE}
              onPage={setPage}
              label={t('walletLogs')}
            />
          </>
        )}
      </QueryView>
    </section>
  );
}
