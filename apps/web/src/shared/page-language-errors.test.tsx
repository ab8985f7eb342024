import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { partnerAuthRoutes } from '@pmw/contract/auth';
import { api, ApiError, putFile } from './api-client';
import { loadCatalogues, setLocale } from './i18n';
import { errorText, MessageBar, showError } from './message-bar';
import { OtpLoginForm } from './otp-login-form';

/**
 * A failure the browser finds itself (no network, an unreadable answer) is
 * said in the page's language by its code; a server's answer is already in
 * the reader's language and is shown as it came, never looked up by its words.
 */
beforeAll(async () => {
  setLocale('hi');
  await loadCatalogues('hi');
});
afterAll(() => setLocale('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NETWORK_HI = 'नेटवर्क की दिक्कत है, अपना कनेक्शन जाँचें';

function renderLogin() {
  const { container } = render(
    <OtpLoginForm
      title="PickMyWork"
      resendSeconds={30}
      sendOtp={(mobile) => api(partnerAuthRoutes.sendOtp, { body: { mobile } })}
      login={async () => undefined}
    />,
  );
  const mobile = container.querySelector<HTMLInputElement>('#otp-login-mobile')!;
  fireEvent.change(mobile, { target: { value: '9876543210' } });
  fireEvent.submit(mobile.closest('form')!);
  return mobile;
}

const fieldError = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('in Hindi', () => {
  it('a login whose request never reached the server says so in Hindi under the mobile field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const mobile = renderLogin();
    await waitFor(() => expect(mobile.getAttribute('aria-invalid')).toBe('true'));
    expect(fieldError(mobile)).toBe(NETWORK_HI);
  });

  it("shows the server's answer as it came, whatever its words", async () => {
    // The server chose the words (here English: its cookie said so); the page never translates them.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ status: false, message: 'Invalid Mobile Number', code: 'VALIDATION' }), { status: 400 }),
      ),
    );
    const mobile = renderLogin();
    await waitFor(() => expect(mobile.getAttribute('aria-invalid')).toBe('true'));
    expect(fieldError(mobile)).toBe('Invalid Mobile Number');
  });

  it('an answer that is no envelope (a proxy error page) says "Something went wrong" in Hindi', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    const mobile = renderLogin();
    await waitFor(() => expect(mobile.getAttribute('aria-invalid')).toBe('true'));
    expect(fieldError(mobile)).toBe('कुछ गड़बड़ हो गई');
  });

  it('the message bar says a failed upload and a lost network in Hindi, a server refusal as it came', async () => {
    render(<MessageBar />);
    const failed = await putFile('', new Blob(['x']), 'image/png').catch((err: unknown) => err);
    act(() => showError(failed));
    expect(screen.getByRole('alert').textContent).toBe('फ़ाइल अपलोड नहीं हो पाई। थोड़ी देर बाद फिर कोशिश करें।');
    act(() => showError(ApiError.said('common.networkError', 'NETWORK', 0)));
    expect(screen.getByRole('alert').textContent).toBe(NETWORK_HI);
    act(() => showError(new ApiError('OTP गलत है, फिर से कोशिश करें', 'OTP_INVALID', 400)));
    expect(screen.getByRole('alert').textContent).toBe('OTP गलत है, फिर से कोशिश करें');
    // An error of the browser's own has English words nobody should read.
    expect(errorText(new Error('IndexedDB is not available'))).toBe('कुछ गड़बड़ हो गई');
  });
});
