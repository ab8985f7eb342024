import { OtpDialog } from '../../shared/otp-dialog';
import { t } from './messages';

/** The customer's OTP for a lead on a form that asks for one, with 30 s before Resend. */
export function LeadOtpDialog(props: {
  open: boolean;
  mobile: string;
  secondsLeft: number;
  busy: boolean;
  error?: string | undefined;
  onResend: () => void;
  onVerify: (otp: string) => void;
  onClose: () => void;
}) {
  const { mobile, ...rest } = props;
  return (
    <OtpDialog
      {...rest}
      actionsClassName="team-otp__actions"
      texts={{
        title: t('customerOtpTitle'),
        sentTo: t('customerOtpSentTo', { mobile }),
        label: t('customerOtpLabel'),
        cancel: t('cancel'),
        submit: props.busy ? t('submitting') : t('verifyAndSubmit'),
      }}
    />
  );
}
