import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as CandidateApi from './candidate-api';

const booking = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('./candidate-api', async (load) => ({
  ...(await load<typeof CandidateApi>()),
  fetchMe: vi.fn(async () => ({ user_id: 301, mobile: '9876533001', first_name: 'Kavya' })),
  fetchBooked: vi.fn(async () => booking.current),
}));

const { DetailsPage } = await import('./details-page');
afterEach(cleanup);

const job = { job_id: 261, job_location_id: 11, recruiter_id: 5, job_title: 'Delivery Partner' };

function Slots() {
  const state = useLocation().state as { job_id?: number } | null;
  return <p>Slots for job {state?.job_id}</p>;
}

function renderDetails() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[{ pathname: '/detailsPage', state: job }]}>
        <Routes>
          <Route path="/detailsPage" element={<DetailsPage />} />
          <Route path="/slotselect" element={<Slots />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Back from "Interview booked"', () => {
  it('shows the booking, not an empty application form', async () => {
    booking.current = { slot_id: 9, job_id: 261, booking_date: '2026-12-01', start_time: '10:00', end_time: '10:30' };
    renderDetails();
    expect(await screen.findByText('Slots for job 261')).toBeTruthy();
  });

  it('shows the form to a candidate with no booking for the job', async () => {
    booking.current = null;
    renderDetails();
    expect(await screen.findByRole('button', { name: /Next/ })).toBeTruthy();
    expect(screen.queryByText(/Slots for job/)).toBeNull();
  });
});
