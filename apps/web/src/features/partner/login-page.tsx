import { useState, type FormEvent } from 'react';
import { RESEND_COUNTDOWN } from '@pmw/contract/constants';
import { mobileSchema } from '@pmw/contract/mobile';
import { otpSchema } from '@pmw/contract/auth';
import { OtpField } from '../../shared/otp-field';
import { showError, showSuccess } from '../../shared/message-bar';
import { useCountdown } from '../../shared/use-countdown';
import { loginPartner, sendPartnerOtp } from './partner-api';
import { t } from './messages';

/** Mobile, then OTP: 'Login' becomes 'Submit OTP' once the OTP is sent. */
export function LoginPage({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [mobile, setMobile] = useState('');
  const [otp, setOtp] = useState('');
  const [otpSent, setOtpSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ mobile?: string; otp?: string }>({});
  const countdown = useCountdown(RESEND_COUNTDOWN.partnerLogin);

  async function send() {
    const parsed = mobileSchema.safeParse(mobile);
    if (!parsed.success) return setError({ mobile: parsed.error.issues[0]?.message });
    setError({});
    setBusy(true);
    try {
      const sent = await sendPartnerOtp(parsed.data);
      setOtpSent(true);
      setOtp('');
      countdown.restart(sent.resend_after || RESEND_COUNTDOWN.partnerLogin);
      showSuccess(t('otpSentTo', { mobile: parsed.data }));
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!otpSent) return send();
    const parsed = otpSchema.safeParse(otp);
    if (!parsed.success) return setError({ otp: parsed.error.issues[0]?.message });
    setError({});
    setBusy(true);
    try {
      await loginPartner(mobile, parsed.data);
      onLoggedIn();
    } catch (err) {
      showError(err);
      setBusy(false);
    }
  }

  return (
    <main className="login">
      <form className="login__card card" onSubmit={submit} noValidate>
        <div className="login__brand" aria-hidden="true">P</div>
        <h1>{t('welcome')}</h1>
        <p className="muted">{t('tagline')}</p>
        <div className="field">
          <label htmlFor="partner-mobile">{t('mobileLabel')}</label>
          <input
            id="partner-mobile"
            className="input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            placeholder={t('mobilePlaceholder')}
            value={mobile}
            readOnly={otpSent}
            aria-invalid={!!error.mobile}
            aria-describedby={error.mobile ? 'partner-mobile-error' : undefined}
            onChange={(e) => setMobile(e.target.value.replace(/\D/g, '').slice(0, 10))}
          />
          {error.mobile && <p id="partner-mobile-error" className="field__error">{error.mobile}</p>}
          {otpSent && (
            <button type="button" className="link-button login__change" onClick={() => { setOtpSent(false); setOtp(''); countdown.reset(); }}>
              {t('changeNumber')}
            </button>
          )}
        </div>
        {otpSent && (
          <OtpField value={otp} onChange={setOtp} secondsLeft={countdown.left} onResend={send} label={t('otpLabel')} error={error.otp} resendLabel={t('resendOtp')} disabled={busy} autoFocus />
        )}
        <button type="submit" className="button button--block" disabled={busy}>
          {otpSent ? t('submitOtp') : t('login')}
        </button>
      </form>
    </main>
  );
}
