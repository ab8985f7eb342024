import { useEffect, useState, type FormEvent } from 'react';
import { otpSchema } from '@pmw/contract/auth';
import { Dialog } from './dialog';
import { OtpField } from './otp-field';
import { firstIssue } from './i18n';

/** Texts of an OTP dialog, in the area's own words and language. */
export interface OtpDialogTexts {
  title: string;
  sentTo: string;
  label?: string | undefined;
  cancel: string;
  submit: string;
}

/** A dialog that asks for an OTP sent to a mobile: checks its shape, offers Resend after the countdown. */
export function OtpDialog(props: {
  open: boolean;
  texts: OtpDialogTexts;
  note?: string | undefined;
  secondsLeft: number;
  busy: boolean;
  /** The server's refusal of the last OTP (wrong, expired): said under the field until the person types again. */
  error?: string | undefined;
  actionsClassName: string;
  onResend: () => void;
  onVerify: (otp: string) => void;
  onClose: () => void;
}) {
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [dismissed, setDismissed] = useState<string | undefined>();
  useEffect(() => {
    if (!props.error) setDismissed(undefined);
  }, [props.error]);
  const shownError = error ?? (props.error !== dismissed ? props.error : undefined);
  const { texts } = props;

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = otpSchema.safeParse(otp);
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(undefined);
    props.onVerify(parsed.data);
  }

  return (
    <Dialog open={props.open} onClose={props.onClose} title={texts.title}>
      <form onSubmit={submit} noValidate>
        <p>{texts.sentTo}</p>
        {props.note && <p className="muted">{props.note}</p>}
        <OtpField
          value={otp}
          onChange={(v) => {
            setOtp(v);
            setError(undefined);
            setDismissed(props.error);
          }}
          {...(texts.label ? { label: texts.label } : {})}
          secondsLeft={props.secondsLeft}
          onResend={() => {
            setOtp('');
            props.onResend();
          }}
          error={shownError}
          disabled={props.busy}
          autoFocus
        />
        <div className={props.actionsClassName}>
          <button type="button" className="button button--ghost" onClick={props.onClose} disabled={props.busy}>
            {texts.cancel}
          </button>
          <button type="submit" className="button" disabled={props.busy}>
            {texts.submit}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
