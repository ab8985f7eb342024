import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { Dialog } from './dialog';
import { loadCatalogues } from './i18n';
import { MessageBar, showError, showSuccess } from './message-bar';
import { MessageBarReset } from './message-bar-reset';
import { OtpDialog } from './otp-dialog';
import { OtpLoginForm } from './otp-login-form';

beforeAll(async () => {
  await loadCatalogues();
});
afterEach(cleanup);

describe('errors stay where the person looks', () => {
  it('says a wrong OTP under the OTP field of a login, not only in a passing bar', async () => {
    render(
      <OtpLoginForm
        title="Login"
        resendSeconds={30}
        sendOtp={async () => ({ resend_after: 30, already_sent: false, request_id: 'r1' })}
        login={async () => {
          throw new ApiError('Incorrect OTP, please try again (2 tries left)', 'OTP_INVALID', 400);
        }}
      />,
    );
    fireEvent.change(screen.getByLabelText('Mobile Number'), { target: { value: '9876543210' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Login' }).closest('form')!);
    const otp = await screen.findByLabelText('OTP');
    fireEvent.change(otp, { target: { value: '1111' } });
    fireEvent.submit(otp.closest('form')!);
    await waitFor(() => expect(otp.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(otp.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Incorrect OTP, please try again (2 tries left)',
    );
  });

  it("shows the server's refusal of an OTP under the dialog's OTP field", () => {
    render(
      <OtpDialog
        open
        texts={{ title: 'Verify', sentTo: 'Sent', cancel: 'Cancel', submit: 'Verify' }}
        secondsLeft={0}
        busy={false}
        actionsClassName=""
        error="Incorrect OTP, please try again"
        onResend={() => undefined}
        onVerify={() => undefined}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText('Incorrect OTP, please try again').className).toContain('field__error');
  });

  it('shows a message inside an open dialog, above its overlay', () => {
    render(
      <>
        <Dialog open title="Share" onClose={() => undefined}>
          <p>Link</p>
        </Dialog>
        <MessageBar />
      </>,
    );
    act(() => showSuccess('Link Copied!'));
    const shown = screen.getAllByText('Link Copied!');
    expect(shown).toHaveLength(1);
    expect(shown[0]!.closest('dialog')).not.toBeNull();
  });

  it('never outlives its page', async () => {
    function Login() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate('/report')}>
          Go
        </button>
      );
    }
    function Report() {
      const navigate = useNavigate();
      return (
        <>
          <p>Leads Report</p>
          <button type="button" onClick={() => navigate('/login')}>
            Back
          </button>
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<Login />} />
          <Route path="/report" element={<Report />} />
        </Routes>
        <MessageBarReset />
        <MessageBar />
      </MemoryRouter>,
    );
    act(() => showError(new ApiError('Incorrect OTP, please try again', 'OTP_INVALID', 400)));
    expect(screen.getByText('Incorrect OTP, please try again')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    await screen.findByText('Leads Report');
    expect(screen.queryByText('Incorrect OTP, please try again')).toBeNull();
    // What the step that led to the page did is still said there.
    act(() => showSuccess('Lead added successfully'));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('button', { name: 'Go' });
    expect(screen.getByText('Lead added successfully')).toBeTruthy();
  });
});
