import { RESEND_COUNTDOWN } from '@pmw/contract/constants';
import { OtpLoginForm } from '../../shared/otp-login-form';
import { loginPartner, sendPartnerOtp } from './partner-api';
import { t } from './messages';
import { PageLanguageSwitch } from '../../shared/language-switch';

/** 'Welcome to PickMyWork': mobile, then OTP; 'Login' becomes 'Submit OTP' once the OTP is sent. */
export function LoginPage({ onLoggedIn }: { onLoggedIn: () => void }) {
  return (
    <main className="login">
      <PageLanguageSwitch />
      <OtpLoginForm
        className="login__card"
        brand={<div className="login__brand" aria-hidden="true">P</div>}
        title={t('welcome')}
        subtitle={t('tagline')}
        mobilePlaceholder={t('mobilePlaceholder')}
        resendSeconds={RESEND_COUNTDOWN.partnerLogin}
        labels={{ mobile: t('mobileLabel'), otp: t('otpLabel'), login: t('login'), submit: t('submitOtp'), change: t('changeNumber'), resend: t('resendOtp') }}
        sendOtp={sendPartnerOtp}
        login={async (mobile, otp) => {
          await loginPartner(mobile, otp);
          onLoggedIn();
        }}
      />
    </main>
  );
}
