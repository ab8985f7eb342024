import { useState, type FormEvent } from 'react';
import { otpSchema } from '@pmw/contract/auth';
import { Dialog } from '../../shared/dialog';
import { OtpField } from '../../shared/otp-field';
import { t } from './messages';
import { firstIssue } from '../../shared/i18n';

/** The OTP step of a lead or of the credit-profile consent. */
export function OtpDialog(props: {
  open: boolean;
  title: string;
  mobile: string;
  note?: string | undefined;
  secondsLeft: number;
  busy: boolean;
  onResend: () => void;
  onVerify: (otp: string) => void;
  onClose: () => void;
}) {
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = otpSchema.safeParse(otp);
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setError(undefined);
    props.onVerify(parsed.data);
  }

  return (
    <Dialog open={props.open} onClose={props.onClose} title={props.title}>
      <form onSubmit={submit} noValidate>
        <p>{t('otpSentTo', { mobile: props.mobile })}</p>
        {props.note && <p className="muted">{props.note}</p>}
        <OtpField
          value={otp}
          onChange={setOtp}
          secondsLeft={props.secondsLeft}
          onResend={() => {
            setOtp('');
            props.onResend();
          }}
          error={error}
          disabled={props.busy}
          autoFocus
        />
        <div className="otp-dialog__actions">
          <button type="button" className="button button--ghost" onClick={props.onClose} disabled={props.busy}>
            {t('cancel')}
          </button>
          <button type="submit" className="button" disabled={props.busy}>
            {t('verify')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
