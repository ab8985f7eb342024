import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bank } from '@pmw/contract/partner-profile';
import { loadCatalogues, setLocale } from '../../shared/i18n';

const bank = (id: number, status: number): Bank =>
  ({
    bank_detail_id: id,
    bank_name: `Bank ${id}`,
    ifsc_code: 'SBIN0005943',
    account_no: `XXXXXX${1000 + id}`,
    branch_detail: null,
    status,
    is_default: false,
    reject_reason: null,
    created_on: '2026-11-20T10:00:00.000Z',
  }) as Bank;

let banks: Bank[] = [bank(1, 0), bank(2, 0), bank(3, 0)];
vi.mock('../../shared/api-client', () => ({
  api: vi.fn(async () => banks),
}));

const { BankTab } = await import('./bank-tab');
afterEach(cleanup);

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BankTab />
    </QueryClientProvider>,
  );

describe('the bank accounts at three', () => {
  it('says why Add Bank Details is gone, and lets a bank under review be removed', async () => {
    show();
    expect(
      await screen.findByText('You can keep 3 bank accounts. To add another, remove one that is rejected or under review.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Bank Details' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Bank 1 account ending 1001' })).toBeTruthy();
  });
});

describe('a rejected account in Hindi', () => {
  beforeAll(async () => {
    setLocale('hi');
    await loadCatalogues('hi');
    banks = [
      {
        ...bank(4, 2),
        reject_reason: 'The bank says this account or UPI ID does not exist',
        reject_reason_code: 'profile.methodInvalid',
        reject_reason_vars: {},
      },
      // Ops' own words, and a refusal kept before it had a code: as stored.
      { ...bank(5, 2), reject_reason: 'Name does not match', reject_reason_code: null },
      { ...bank(6, 2), reject_reason: 'The bank says this account or UPI ID does not exist' },
    ];
  });
  afterAll(() => {
    setLocale('en');
    banks = [bank(1, 0), bank(2, 0), bank(3, 0)];
  });

  it('says a refusal of ours in Hindi by its code, and ops’ words or an older row’s as stored', async () => {
    show();
    expect(await screen.findByText('कारण: बैंक के अनुसार यह अकाउंट या UPI ID मौजूद नहीं है')).toBeTruthy();
    expect(screen.getByText('कारण: Name does not match')).toBeTruthy();
    expect(screen.getByText('कारण: The bank says this account or UPI ID does not exist')).toBeTruthy();
  });
});
