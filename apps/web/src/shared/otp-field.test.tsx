import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogues } from './i18n';
import { OtpField } from './otp-field';

beforeAll(async () => {
  await loadCatalogues();
});

const field = (secondsLeft: number) => (
  <OtpField value="" onChange={() => undefined} secondsLeft={secondsLeft} onResend={() => undefined} />
);
const announced = () => document.querySelector('[aria-live]')?.textContent;

describe('the OTP countdown', () => {
  it('is read out when it starts and when it ends, not every second', () => {
    const { rerender } = render(field(30));
    expect(announced()).toBe('You can ask for a new OTP in 30 seconds');
    expect(screen.getByText('Resend OTP in 30s')).toBeTruthy();
    rerender(field(29));
    expect(screen.getByText('Resend OTP in 29s')).toBeTruthy();
    expect(announced()).toBe('You can ask for a new OTP in 30 seconds');
    rerender(field(0));
    expect(announced()).toBe('You can ask for a new OTP now');
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeTruthy();
    // Asked again inside the window: the seconds left are read out once.
    rerender(field(23));
    expect(announced()).toBe('You can ask for a new OTP in 23 seconds');
  });
});
