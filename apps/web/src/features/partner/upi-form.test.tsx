import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bank } from '@pmw/contract/partner-profile';

const upi: Bank = {
  bank_detail_id: 7,
  method: 'UPI',
  bank_name: 'UPI',
  ifsc_code: '',
  account_no: 'ot********@ybl',
  upi_id: 'ot********@ybl',
  name_check: 'MISMATCH',
  name_at_bank: 'PRAKASH SINGH',
  branch_detail: null,
  status: 0,
  is_default: false,
  reject_reason: null,
  created_on: '2026-11-20T10:00:00.000Z',
};
const apiWithMessage = vi.fn();

vi.mock('../../shared/api-client', () => ({
  api: vi.fn(async () => [upi]),
  apiWithMessage: (...args: unknown[]) => apiWithMessage(...args),
}));

const { BankTab } = await import('./bank-tab');
afterEach(cleanup);

const renderTab = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BankTab />
    </QueryClientProvider>,
  );

describe('UPI IDs among the payout methods', () => {
  it('shows a UPI ID with the name at the bank and why it waits for review', async () => {
    renderTab();
    const card = await screen.findByRole('article', { name: 'UPI ot********@ybl' });
    expect(card.textContent).toContain('PRAKASH SINGH');
    expect(card.textContent).toContain('Differs from your PAN name: our team will check it');
    expect(screen.getByRole('button', { name: 'Remove UPI ID ot********@ybl' })).toBeTruthy();
  });

  it('says at the field when a UPI ID is not handle@bank, and sends nothing', async () => {
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Add UPI ID' }));
    fireEvent.change(screen.getByLabelText('UPI ID'), { target: { value: 'ravi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Details' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid UPI ID, it should look like name@bank');
    expect(screen.getByLabelText('UPI ID').getAttribute('aria-invalid')).toBe('true');
    expect(apiWithMessage).not.toHaveBeenCalled();
  });
});
