import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bank } from '@pmw/contract/partner-profile';

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

vi.mock('../../shared/api-client', () => ({
  api: vi.fn(async () => [bank(1, 0), bank(2, 0), bank(3, 0)]),
}));

const { BankTab } = await import('./bank-tab');
afterEach(cleanup);

describe('the bank accounts at three', () => {
  it('says why Add Bank Details is gone, and lets a bank under review be removed', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BankTab />
      </QueryClientProvider>,
    );
    expect(
      await screen.findByText('You can keep 3 bank accounts. To add another, remove one that is rejected or under review.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Bank Details' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Bank 1 account ending 1001' })).toBeTruthy();
  });
});
