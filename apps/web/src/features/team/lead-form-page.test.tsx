import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamMember, TeamProjectData } from '@pmw/contract/team';
import { ApiError } from '../../shared/api-error';
import type * as TeamApi from './team-api';

const form: TeamProjectData = {
  form_id: 201,
  job_id: 201,
  job_title: 'Sahyog Platinum Credit Card',
  is_otp_required: false,
  description: null,
  inputs: [
    {
      input_id: 1,
      label: 'Customer Mobile',
      input_type: 'NUMBER',
      input_category: 'MOBILE',
      validation: { required: true },
      is_primary: true,
    },
    { input_id: 2, label: 'Customer Name', input_type: 'TEXT', validation: { required: true } },
  ],
};
let current = form;
const DUPLICATE = 'A lead for 9811100009 was already added for Sahyog Platinum Credit Card in the last 30 days';
const submitLead = vi.fn();
const sendLeadOtp = vi.fn(async () => ({ resend_after: 30, already_sent: false, request_id: 'r1' }));

vi.mock('./team-api', async (original) => ({
  ...(await original<typeof TeamApi>()),
  fetchProjectData: vi.fn(async () => current),
  sendLeadOtp: (...args: unknown[]) => sendLeadOtp(...(args as [])),
  submitLead: (...args: unknown[]) => submitLead(...args),
}));

const { LeadFormPage } = await import('./lead-form-page');
afterEach(cleanup);
// The phone's position is asked when the form opens; this agent refused it (the lead goes without one).
Object.defineProperty(navigator, 'geolocation', {
  configurable: true,
  value: {
    getCurrentPosition: (_found: PositionCallback, refused?: PositionErrorCallback | null) => refused?.({} as GeolocationPositionError),
  },
});

afterEach(() => {
  current = form;
  submitLead.mockReset();
});
const openForm = (done = vi.fn()) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <LeadFormPage jobId={201} member={meena} onDone={done} onBack={() => undefined} />
    </QueryClientProvider>,
  );
const fill = async () => {
  fireEvent.change(await screen.findByLabelText('Customer Mobile', { exact: false }), { target: { value: '9811100009' } });
  fireEvent.change(screen.getByLabelText('Customer Name', { exact: false }), { target: { value: 'Farida Shaikh' } });
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
};

const meena: TeamMember = { user_id: 111, first_name: 'Meena', mobile: '9876500011', team_id: 1, team_code: 'TEAM01' };

describe("the team's lead form", () => {
  it('says at the form that the customer was already added, keeping what was typed', async () => {
    submitLead.mockRejectedValue(new ApiError(DUPLICATE, 'CONFLICT', 409));
    const done = vi.fn();
    openForm(done);
    await fill();

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(DUPLICATE));
    expect(screen.getByRole('alert').closest('form')).not.toBeNull();
    expect(submitLead).toHaveBeenCalledTimes(1);
    expect(done).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Customer Mobile', { exact: false }) as HTMLInputElement).value).toBe('9811100009');
    expect((screen.getByLabelText('Customer Name', { exact: false }) as HTMLInputElement).value).toBe('Farida Shaikh');
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('on a form with OTP, says it at the form after the customer’s code, not under the OTP field', async () => {
    current = { ...form, is_otp_required: true };
    submitLead.mockRejectedValue(new ApiError(DUPLICATE, 'CONFLICT', 409));
    openForm();
    await fill();
    const dialog = await screen.findByRole('dialog', { name: "Customer's OTP" });
    const otp = within(dialog).getByLabelText("Customer's OTP");
    fireEvent.change(otp, { target: { value: '1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify and submit' }));

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(DUPLICATE));
    expect(screen.getByRole('alert').closest('form')).not.toBeNull();
    expect(submitLead).toHaveBeenCalledWith(expect.objectContaining({ otp: '1234' }));
    expect(screen.queryByRole('dialog', { name: "Customer's OTP" })).toBeNull();
    expect((screen.getByLabelText('Customer Mobile', { exact: false }) as HTMLInputElement).value).toBe('9811100009');
  });
});
