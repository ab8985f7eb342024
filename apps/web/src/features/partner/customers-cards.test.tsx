import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../shared/use-media-query', () => ({ PHONE_QUERY: '(max-width: 720px)', useMediaQuery: () => true }));
vi.mock('../../shared/api-client', () => ({
  api: vi.fn(async () => ({
    count: 1,
    rows: [{ customer_lead_id: 7, created_on: '2026-11-20T10:00:00.000Z', CustomerLead: { name: 'Kiran Shetty', mobile: '9876511111' } }],
  })),
  apiWithMessage: vi.fn(),
}));

const { CustomersPage } = await import('./customers-page');
afterEach(cleanup);

describe('the Customers page on a phone', () => {
  it('shows each customer as a card, as the Leads Report does, with no table wider than the screen', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CustomersPage />
      </QueryClientProvider>,
    );
    const card = within(await screen.findByRole('list', { name: 'Customer Leads' })).getByRole('listitem');
    expect(within(card).getByText('Added On')).toBeTruthy();
    expect(within(card).getByText('9876511111')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Call Kiran Shetty' })).toBeTruthy();
    expect(document.querySelector('table')).toBeNull();
  });
});
