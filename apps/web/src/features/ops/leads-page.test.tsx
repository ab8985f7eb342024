import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APPROVAL_UNDO_SECONDS, type OpsLead } from '@pmw/contract/ops';

const lead = (over: Partial<OpsLead>): OpsLead => ({
  form_response_id: 1,
  job_id: 201,
  job_title: 'Credit card',
  partner_user_id: null,
  partner_name: null,
  team_member_user_id: null,
  team_member_name: null,
  team_id: null,
  customer_name: 'Sunil',
  customer_mobile: '9876543210',
  status: 0,
  sub_status: 0,
  archive_status: 0,
  status_comment: null,
  payout_paise: 25_000,
  mobile_check: null,
  risk_level: 'none',
  risk_signals: [],
  created_on: '2026-11-20T10:00:00.000Z',
  ...over,
});
const rows = [
  lead({ form_response_id: 11, partner_user_id: 101, partner_name: 'Asha Verma' }),
  lead({ form_response_id: 12, team_member_user_id: 111, team_member_name: 'Kiran Rao', team_id: 7, payout_paise: 10_000 }),
  lead({
    form_response_id: 13,
    risk_level: 'review',
    risk_signals: [{ kind: 'outside_hours', reason: "Submitted at 03:10 India time, outside the project's lead hours (09:00 to 19:00)" }],
  }),
];
const approved = vi.fn();

vi.mock('../../shared/api-client', () => ({
  api: vi.fn(async (route: { path: string }) => {
    if (route.path === '/ops/leads') return { count: rows.length, rows };
    return [];
  }),
  apiWithMessage: vi.fn(async (route: { path: string }, req: { body: { form_response_ids: number[] } }) => {
    approved(route.path, req.body.form_response_ids);
    return {
      data: { results: req.body.form_response_ids.map((id) => ({ form_response_id: id, ok: true, changed: true, message: 'Approved' })) },
      message: `${req.body.form_response_ids.length} ${route.path.endsWith('/undo') ? 'undone' : 'approved'}`,
    };
  }),
}));

const { LeadsPage } = await import('./leads-page');

afterEach(cleanup);

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <LeadsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the verification queue', () => {
  it('names the field agent who submitted a team lead, not only their id', async () => {
    renderPage();
    expect(await screen.findByText(/Kiran Rao/)).toBeTruthy();
    expect(screen.queryByText(/Team member 111/)).toBeNull();
  });

  it('shows why a lead is flagged in its row', async () => {
    renderPage();
    const row = (await screen.findByText(/Submitted at 03:10 India time/)).closest('tr')!;
    expect(within(row).getByText('Review')).toBeTruthy();
    expect(within(row).getByText("Submitted at 03:10 India time, outside the project's lead hours (09:00 to 19:00)")).toBeTruthy();
  });

  it('asks before approving, with the count and the total payout, and then says what was done', async () => {
    renderPage();
    await screen.findByText(/Kiran Rao/);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Lead 11' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Lead 12' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(approved).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Approve 2 leads and credit ₹350 in all?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and credit' }));
    expect(await screen.findByText(/2 approved/)).toBeTruthy();
    expect(approved).toHaveBeenCalledWith('/ops/leads/approve', [11, 12]);
    // The page's own line says what was done (the message bar, a status region too, may show beside it).
    // Waited for as a person would: the bar's words can come a render before the page's line.
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('2 approved: ₹350 credited.'))).toBe(true),
    );
    // For a few seconds the approval can be undone from the message.
    expect(screen.getByText(`You can undo this for ${APPROVAL_UNDO_SECONDS} s.`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo the approval of 2 lead(s) and take back ₹350' }));
    await waitFor(() => expect(approved).toHaveBeenCalledWith('/ops/leads/approve/undo', [11, 12]));
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('₹350 taken back.'))).toBe(true));
    expect(screen.queryByRole('button', { name: /Undo the approval/ })).toBeNull();
  });

  it('after the undo window the message points to rejecting the lead instead', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderPage();
      await screen.findByText(/Kiran Rao/);
      fireEvent.click(screen.getByRole('checkbox', { name: 'Lead 11' }));
      fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve and credit' }));
      const undo = await screen.findByRole('button', { name: 'Undo the approval of 1 lead(s) and take back ₹250' });
      expect(undo).toBeTruthy();
      for (let s = 0; s < APPROVAL_UNDO_SECONDS; s++) await act(() => vi.advanceTimersByTimeAsync(1000));
      await waitFor(() => expect(screen.queryByRole('button', { name: /Undo the approval/ })).toBeNull());
      expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('reject the lead: its credit is reversed'))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
