import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Pager } from './pager';

vi.mock('./campaign/campaign-card', () => ({ CampaignCard: () => null }));
vi.mock('../../shared/api-client', () => ({
  routeUrl: () => '/download',
  api: vi.fn(async (route: { path: string }) => {
    if (route.path.endsWith('/projects/fetch')) return [{ job_id: 201, slug_name: 'Credit card' }];
    if (route.path.endsWith('/counts/fetch')) return { PENDING: 0, PENDING_PARTIAL: 0, REJECTED: 0, VERIFIED: 0, archived_count: 0 };
    return { count: 0, rows: [], inputs: [] };
  }),
}));

const { ReportPage } = await import('./report-page');

afterEach(cleanup);
beforeEach(() => {
  window.scrollTo = vi.fn();
});

describe('the Leads Report pages', () => {
  it('says which rows are shown: "21–40 of 75"', () => {
    render(<Pager rows={20} total={75} page={1} pageSize={20} onPage={() => undefined} label="Leads" />);
    expect(screen.getByText('21–40 of 75')).toBeTruthy();
  });

  it('goes back to the top of the list on another page', () => {
    const onPage = vi.fn();
    render(<Pager rows={20} total={75} page={0} pageSize={20} onPage={onPage} label="Leads" />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(1);
    expect(window.scrollTo).toHaveBeenCalled();
  });

  it('says when the filters shown are not the ones applied yet', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ReportPage />
      </QueryClientProvider>,
    );
    await screen.findByRole('option', { name: 'Credit card' });
    expect(screen.queryByText('Filters changed: press Apply Filters to see their leads.')).toBeNull();
    fireEvent.change(screen.getByLabelText('Project'), { target: { value: '201' } });
    expect(screen.getByText('Filters changed: press Apply Filters to see their leads.')).toBeTruthy();
    fireEvent.submit(screen.getByRole('form', { name: 'Leads Report' }));
    expect(screen.queryByText('Filters changed: press Apply Filters to see their leads.')).toBeNull();
  });
});
