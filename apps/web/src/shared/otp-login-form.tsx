import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { resendCountdown } from '@pmw/contract/constants';
import { OtpField } from './otp-field';
import { errorText, showError, showSuccess } from './message-bar';
import { useCountdown } from './use-countdown';
import { firstIssue, loadContractTexts } from './i18n';
import { t } from './messages';
import { LiveButton } from './public-page/live';
import type { AreaLoginState } from '@pmw/contract/area-pages';
import { keptBeforeHydration, keptValuesUsed } from './public-page/before-hydration';

const digits = (v: string) => v.replace(/\D/g, '').slice(0, 10);

/** The form's checks (zod and the schemas) with the contract's texts for the error lines: loaded when idle or on the first press. */
export const loadLoginChecks = () => Promise.all([import('./login-checks'), loadContractTexts()]).then(([checks]) => checks);

/** Mobile, then OTP, for any area's login: the caller supplies the two calls and the texts. */
export function OtpLoginForm(props: {
  title: string;
  subtitle?: string;
  /** Shown above the title (a logo). */
  brand?: ReactNode;
  className?: string;
  mobilePlaceholder?: string;
  sendOtp: (mobile: string) => Promise<{ resend_after: number; already_sent: boolean; request_id: string }>;
  login: (mobile: string, otp: string) => Promise<void>;
  resendSeconds: number;
  /** On a login the server draws: where the form posts without script (the server answers the OTP step, or signs in). */
  action?: string;
  /** The login as the server drew it after such a post. */
  initial?: AreaLoginState | null;
  labels?: {
    mobile?: string;
    otp?: string;
    login?: string;
    submit?: string;
    change?: string;
    sent?: string;
    alreadySent?: string;
    resend?: string;
  };
}) {
  const l = {
    mobile: t('mobileLabel'),
    otp: t('otpLabel'),
    login: t('login'),
    submit: t('submitOtp'),
    change: t('changeNumber'),
    sent: t('otpSent'),
    alreadySent: t('otpAlreadySent'),
    resend: t('resendOtp'),
    ...props.labels,
  };
  // What a person typed into a login the server drew, before the script arrived.
  const initial = props.initial;
  const [mobile, setMobile] = useState(() => digits(keptBeforeHydration()?.get('mobile')?.[0] ?? initial?.mobile ?? ''));
  const [otp, setOtp] = useState(() => keptBeforeHydration()?.get('otp')?.[0] ?? '');
  const [requestId, setRequestId] = useState(initial?.request_id ?? null);
  const otpSent = requestId !== null;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ mobile?: string | undefined; otp?: string | undefined }>(initial?.errors ?? {});
  const countdown = useCountdown(props.resendSeconds, initial?.resend_after);
  useEffect(keptValuesUsed, []);

  async function send() {
    // Busy from the tap: on a slow link the checks' chunk may still be on its way, and the button shows it waits.
    setBusy(true);
    try {
      const checks = await loadLoginChecks();
      const parsed = checks.checkMobile(mobile);
      if (!parsed.success) return setError({ mobile: firstIssue(parsed.error) });
      setError({});
      const sent = await props.sendOtp(parsed.data);
      setRequestId(sent.request_id);
      setOtp('');
      // Asked again inside the resend window: the code already on the phone, with the seconds left.
      countdown.restart(resendCountdown(sent, props.resendSeconds));
      showSuccess(sent.already_sent ? l.alreadySent : l.sent);
    } catch (err) {
      // Said at the field it is about, where it stays until the next try.
      setError(otpSent ? { otp: errorText(err) } : { mobile: errorText(err) });
    } finally {
      setBusy(false);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!otpSent) return send();
    const checks = await loadLoginChecks().catch(showError);
    if (!checks) return;
    const parsed = checks.checkOtp(otp);
    if (!parsed.success) return setError({ otp: firstIssue(parsed.error) });
    setError({});
    setBusy(true);
    try {
      await props.login(mobile, parsed.data);
    } catch (err) {
      // A wrong OTP stays under the OTP field, not only in a bar that fades.
      setError({ otp: errorText(err) });
      setBusy(false);
    }
  }

  return (
    <form
      className={`otp-login card ${props.className ?? ''}`}
      method={props.action ? 'post' : undefined}
      action={props.action}
      onSubmit={submit}
      noValidate
    >
      {requestId !== null && <input type="hidden" name="request_id" value={requestId} />}
      {props.brand}
      <h1>{props.title}</h1>
      {props.subtitle && <p className="muted">{props.subtitle}</p>}
      <div className="field">
        <label htmlFor="otp-login-mobile">{l.mobile}</label>
        <input
          id="otp-login-mobile"
          className="input"
          name="mobile"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          placeholder={props.mobilePlaceholder}
          value={mobile}
          readOnly={otpSent}
          aria-invalid={!!error.mobile}
          aria-describedby={error.mobile ? 'otp-login-mobile-error' : undefined}
          onChange={(e) => setMobile(digits(e.target.value))}
        />
        {error.mobile && (
          <p id="otp-login-mobile-error" className="field__error">
            {error.mobile}
          </p>
        )}
        {otpSent && (
          <LiveButton
            className="link-button"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => {
              setRequestId(null);
              setOtp('');
              countdown.reset();
            }}
          >
            {l.change}
          </LiveButton>
        )}
      </div>
      {otpSent && (
        <OtpField
          value={otp}
          onChange={(v) => {
            setOtp(v);
            setError({});
          }}
          secondsLeft={countdown.left}
          onResend={send}
          label={l.otp}
          error={error.otp}
          resendLabel={l.resend}
          disabled={busy}
          name="otp"
          autoFocus
        />
      )}
      {/* Works before the script: the browser posts the form and the server answers the next step. */}
      <button type="submit" className="button button--block" disabled={busy} aria-busy={busy || undefined}>
        {otpSent ? l.submit : l.login}
      </button>
    </form>
  );
}
