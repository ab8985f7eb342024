import { useState, type FormEvent } from 'react';
import { otpSchema } from '@pmw/contract/auth';
import { Dialog } from '../../shared/dialog';
import { OtpField } from '../../shared/otp-field';
import { firstIssue } from '../../shared/i18n';
import { t } from './messages';

/** The customer's OTP for a lead on a form that asks for one (spec 000, section 9: 30 s before Resend). */
export function LeadOtpDialog(props: {
  open: boolean;
  mobile: string;
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
    <Dialog open={props.open} onClose={props.onClose} title={t('customerOtpTitle')}>
      <form onSubmit={submit} noValidate>
        <p>{t('customerOtpSentTo', { mobile: props.mobile })}</p>
        <OtpField
          value={otp}
          onChange={setOtp}
          label={t('customerOtpLabel')}
          secondsLeft={props.secondsLeft}
          onResend={() => {
            setOtp('');
            props.onResend();
          }}
          error={error}
          disabled={props.busy}
          autoFocus
        />
        <div className="team-otp__actions">
          <button type="button" className="button button--ghost" onClick={props.onClose} disabled={props.busy}>
            {t('cancel')}
          </button>
          <button type="submit" className="button" disabled={props.busy}>
            {props.busy ? t('submitting') : t('verifyAndSubmit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
