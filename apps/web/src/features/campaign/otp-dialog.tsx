import { OtpDialog as SharedOtpDialog } from '../../shared/otp-dialog';
import { t } from './messages';

/** The OTP step of a lead or of the credit-profile consent. */
export function OtpDialog(props: {
  open: boolean;
  title: string;
  mobile: string;
  note?: string | undefined;
  secondsLeft: number;
  busy: boolean;
  error?: string | undefined;
  onResend: () => void;
  onVerify: (otp: string) => void;
  onClose: () => void;
}) {
  const { title, mobile, ...rest } = props;
  return (
    <SharedOtpDialog
      {...rest}
      actionsClassName="otp-dialog__actions"
      texts={{ title, sentTo: t('otpSentTo', { mobile }), cancel: t('cancel'), submit: t('verify') }}
    />
  );
}
