import { useEffect, useId, useRef, useState } from 'react';
import { OTP_LENGTH } from '@pmw/contract/constants';
import { t } from './messages';
import { LiveButton } from './public-page/live';

/** A 4-digit OTP input with the resend countdown under it. */
export function OtpField(props: {
  value: string;
  onChange: (otp: string) => void;
  secondsLeft: number;
  onResend: () => void;
  label?: string;
  error?: string | undefined;
  resendLabel?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The input's name in a plain form post. */
  name?: string;
}) {
  const id = useId();
  // Read out at the countdown's start and at its end only, not every second.
  const previous = useRef(0);
  const [spoken, setSpoken] = useState('');
  const left = props.secondsLeft;
  useEffect(() => {
    if (left > previous.current) setSpoken(t('newOtpIn', { n: left }));
    else if (left <= 0 && previous.current > 0) setSpoken(t('newOtpNow'));
    previous.current = left;
  }, [left]);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label ?? t('otpLabel')}</label>
      <input
        id={id}
        name={props.name}
        className="input input--otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        value={props.value}
        disabled={props.disabled}
        autoFocus={props.autoFocus}
        aria-invalid={!!props.error}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(e) => props.onChange(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
      />
      {props.error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {props.error}
        </p>
      )}
      <p className="field__hint">
        <span className="visually-hidden" aria-live="polite">
          {spoken}
        </span>
        {props.secondsLeft > 0 ? (
          <span aria-hidden="true">{t('resendIn', { n: props.secondsLeft })}</span>
        ) : (
          <LiveButton className="link-button" onClick={props.onResend} disabled={props.disabled}>
            {props.resendLabel ?? t('resendOtp')}
          </LiveButton>
        )}
      </p>
    </div>
  );
}
