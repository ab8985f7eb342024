import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invoice, PartnerInvoices } from '@pmw/contract/invoices';

const party = { name: 'Asha Verma', gstin: '29ABCPK1234L1ZO', address: 'Bengaluru', state_code: '29' };
const draft: Invoice = {
  invoice_id: 10001,
  user_id: 101,
  invoice_number: 'PMW101/2026-27/002',
  fy: '2026-27',
  month: '2026-11',
  status: 'DRAFT',
  source: null,
  earnings_count: 2,
  taxable_paise: 100_000,
  gst_rate_percent: 18,
  cgst_paise: 9_000,
  sgst_paise: 9_000,
  igst_paise: 0,
  gst_paise: 18_000,
  total_paise: 118_000,
  supplier: party,
  recipient: { ...party, name: 'PickMyWork Technologies Private Limited', gstin: '29AAHCP1234Q1ZX' },
  file_id: null,
  file_url: null,
  reject_reason: null,
  payout_run_id: null,
  created_on: '2026-11-20T10:00:00.000Z',
  submitted_on: null,
  decided_on: null,
};
let answer: PartnerInvoices = { gst_registered: true, invoices: [draft] };
const apiWithMessage = vi.fn(async () => ({ message: 'Invoice PMW101/2026-27/002 sent for approval', data: draft }));

vi.mock('../../shared/api-client', () => ({
  api: vi.fn(async () => answer),
  apiWithMessage: (...args: unknown[]) => apiWithMessage(...(args as [])),
  routeUrl: () => '/api/v2/partner/invoices/10001/pdf',
}));

const { InvoicesSection } = await import('./invoices-section');
afterEach(cleanup);

const renderSection = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <InvoicesSection />
    </QueryClientProvider>,
  );

describe('GST invoices on the Payouts page', () => {
  it('shows a draft with its taxes and total, and accepts it', async () => {
    renderSection();
    const card = await screen.findByRole('listitem', { name: /^Invoice PMW101\/2026-27\/002 for / });
    expect(card.textContent).toContain('CGST @ 9%');
    expect(card.textContent).toContain('₹1,180.00');
    expect(card.textContent).toContain('Draft: waiting for you');
    expect(screen.getByRole('link', { name: 'Download invoice PMW101/2026-27/002 as PDF' }).getAttribute('href')).toContain('/pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Accept invoice' }));
    await vi.waitFor(() => expect(apiWithMessage).toHaveBeenCalledTimes(1));
  });

  it('refuses at the field a file that is not a PDF, and sends nothing', async () => {
    apiWithMessage.mockClear();
    renderSection();
    const input = await screen.findByLabelText('Or send your own invoice (PDF)');
    fireEvent.change(input, { target: { files: [new File(['x'], 'invoice.png', { type: 'image/png' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Send my PDF' }));
    expect((await screen.findByText('Your invoice must be a PDF file')).className).toBe('field__error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(apiWithMessage).not.toHaveBeenCalled();
  });

  it('says why an invoice was sent back, and shows nothing to a partner without a GSTIN', async () => {
    answer = { gst_registered: true, invoices: [{ ...draft, status: 'REJECTED', reject_reason: 'Address has no PIN code' }] };
    renderSection();
    expect(await screen.findByText('Sent back: Address has no PIN code. Correct it and send it again.')).toBeTruthy();
    cleanup();
    answer = { gst_registered: false, invoices: [] };
    const { container } = renderSection();
    await vi.waitFor(() => expect(container.textContent).toBe(''));
  });
});
