import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatRupees, partnerRoutes, walletSign, WALLET_CREDIT_TYPE } from '@pmw/contract/partner';
import { profileRoutes } from '@pmw/contract/partner-profile';
import { formatDateTime } from '@pmw/contract/time';
import { api } from '../../shared/api-client';
import { Loader } from '../../shared/loader';
import { t } from './messages';

/** /partner/earnings: wallet tiles, the bank tile, the missing-PAN warning and Wallet Logs. */
export function PayoutsPage() {
  const wallet = useQuery({ queryKey: ['partner', 'wallet'], queryFn: () => api(partnerRoutes.walletAmount) });
  const logs = useQuery({ queryKey: ['partner', 'wallet', 'logs'], queryFn: () => api(partnerRoutes.walletTransactions, { query: { limit: 200 } }) });
  const banks = useQuery({ queryKey: ['partner', 'banks'], queryFn: () => api(profileRoutes.bankFetch) });
  const docs = useQuery({ queryKey: ['partner', 'documents'], queryFn: () => api(profileRoutes.documentFetch, { query: {} }) });

  const bank = banks.data?.find((b) => b.is_default);
  const hasPan = docs.data?.some((d) => d.type === 'PAN');
  const balance = wallet.data?.total_amount ?? 0;

  return (
    <section>
      <h1 className="page-title">{t('payoutTitle')}</h1>
      {docs.data && !hasPan && balance > 0 && <p className="warning-note" role="alert">{t('missingPan')}</p>}
      <div className="tiles">
        <div className="card tile">
          <span className="tile__label">{t('walletBalance')}</span>
          <span className="tile__value">{wallet.data ? formatRupees(wallet.data.total_amount) : '–'}</span>
        </div>
        <div className="card tile">
          <span className="tile__label">{t('totalEarnings')}</span>
          <span className="tile__value">{wallet.data ? formatRupees(wallet.data.credit_amount) : '–'}</span>
        </div>
        <Link to="/partner/profile/bank" className="card tile">
          <span className="tile__label">{t('bankDetails')}</span>
          <span className="tile__value" style={{ fontSize: '1.05rem' }}>
            {banks.isPending ? '–' : bank ? t('bankTileValue', { bank: bank.bank_name, last4: bank.account_no.slice(-4) }) : t('noBankTile')}
          </span>
        </Link>
      </div>
      <h2>{t('walletLogs')}</h2>
      {logs.isPending ? (
        <Loader label={t('loading')} />
      ) : logs.isError ? (
        <div className="empty" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button button--ghost" onClick={() => void logs.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : logs.data.rows.length === 0 ? (
        <p className="empty">{t('noData')}</p>
      ) : (
        <ul className="log-list card" aria-label={t('walletLogs')}>
          {logs.data.rows.map((r) => (
            <li key={r.wallet_transaction_id}>
              <span className={r.type === WALLET_CREDIT_TYPE ? 'log-amount--credit' : 'log-amount--debit'}>
                {walletSign(r.type)}
                {formatRupees(r.amount)}
              </span>
              <span>
                <strong>{r.reason}</strong>
                {r.remark && <span className="muted"> · {r.remark}</span>}
              </span>
              <span className="muted">{formatDateTime(r.created_on)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
