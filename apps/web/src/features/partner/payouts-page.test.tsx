import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { partnerRoutes, type PayoutStatement, type WalletLog } from '@pmw/contract/partner';
import { profileRoutes } from '@pmw/contract/partner-profile';
import { loadCatalogues, setLocale } from '../../shared/i18n';

const rows: WalletLog[] = [
  {
    wallet_transaction_id: 3,
    type: 1,
    amount: 50_000,
    reason: 'Lead approved: Credit card',
    reason_code: 'wallet.leadApprovedFor',
    reason_vars: { project: 'Credit card' },
    remark: 'Payout run 7: Transfer failed',
    remark_code: 'wallet.payoutRunReason',
    remark_vars: { id: 7, reason: { code: 'wallet.transferFailed' } },
    created_on: '2026-11-20T10:00:00.000Z',
  },
  // Written before entries kept their code: shown as stored.
  {
    wallet_transaction_id: 2,
    type: 2,
    amount: 10_000,
    reason: 'Payout',
    remark: 'Paid to HDFC Bank XX4321',
    created_on: '2026-11-01T10:00:00.000Z',
  },
];

const payout = (id: number, failure: Partial<PayoutStatement['payouts'][number]>): PayoutStatement['payouts'][number] => ({
  payout_run_id: id,
  created_on: '2026-11-10T10:00:00.000Z',
  state: 'FAILED',
  gross_paise: 10_000,
  gst_paise: 0,
  uninvoiced_paise: 0,
  tds_paise: 0,
  net_paise: 10_000,
  utr: null,
  failure_reason: null,
  reference: `PMWRUN${id}-7`,
  ...failure,
});
const payouts = [
  payout(9, { failure_reason: 'Returned by the bank', failure_reason_code: 'wallet.returnedByBank', failure_reason_vars: {} }),
  // The bank's own words, and a row written before reasons kept their code: as stored.
  payout(8, { failure_reason: 'Account closed', failure_reason_code: null }),
  payout(6, { failure_reason: 'Transfer failed' }),
];

vi.mock('./invoices-section', () => ({ InvoicesSection: () => null }));
vi.mock('../../shared/api-client', () => ({
  routeUrl: () => '/download',
  api: vi.fn(async (route: unknown) => {
    if (route === partnerRoutes.walletAmount) return { total_amount: 40_000, credit_amount: 50_000 };
    if (route === partnerRoutes.walletTransactions) return { count: rows.length, rows };
    if (route === partnerRoutes.payoutStatement)
      return { fy: '2026-27', gross_paise: 0, gst_paise: 0, tds_paise: 0, net_paise: 0, payouts };
    if (route === profileRoutes.bankFetch) return [];
    if (route === profileRoutes.documentFetch) return [];
    throw new Error('unexpected call');
  }),
}));

const { PayoutsPage } = await import('./payouts-page');

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PayoutsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(cleanup);

describe('Wallet Logs in Hindi', () => {
  beforeAll(async () => {
    setLocale('hi');
    await loadCatalogues('hi');
  });
  afterAll(() => setLocale('en'));

  it('says an entry’s reason and remark in Hindi by their codes, and an entry written before codes as stored', async () => {
    show();
    expect(await screen.findByText('लीड अप्रूव हुई: Credit card')).toBeTruthy();
    expect(screen.getByText(/पेआउट रन 7: ट्रांसफ़र नहीं हो पाया/)).toBeTruthy();
    expect(screen.getByText('Payout')).toBeTruthy();
    expect(screen.getByText(/Paid to HDFC Bank XX4321/)).toBeTruthy();
    expect(screen.queryByText('Lead approved: Credit card')).toBeNull();
  });

  it('says why a payout came back in Hindi by its code, and the bank’s own words or an older row’s as stored', async () => {
    show();
    // Each said after the payout's amounts: "· कारण: …".
    expect(await screen.findByText(/^· कारण: बैंक ने लौटा दिया$/)).toBeTruthy();
    expect(screen.getByText(/^· कारण: Account closed$/)).toBeTruthy();
    expect(screen.getByText(/^· कारण: Transfer failed$/)).toBeTruthy();
    expect(screen.queryByText(/Returned by the bank/)).toBeNull();
  });
});
