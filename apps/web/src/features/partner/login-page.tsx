import { RESEND_COUNTDOWN } from '@pmw/contract/constants';
import { loadLoginChecks, OtpLoginForm } from '../../shared/otp-login-form';
import { t } from './messages';
import { PageLanguageSwitch } from '../../shared/language-switch';

/** The login's calls and checks (with their schemas): fetched when idle, or on the first press. */
const loadPartnerApi = () => import('./partner-api');
export const loadLoginActions = () => Promise.all([loadPartnerApi(), loadLoginChecks()]);

/** 'Welcome to PickMyWork': mobile, then OTP; 'Login' becomes 'Submit OTP' once the OTP is sent. */
export function LoginPage({ onLoggedIn }: { onLoggedIn: () => void }) {
  return (
    <main className="login">
      <PageLanguageSwitch />
      <OtpLoginForm
        className="login__card"
        brand={
          <div className="login__brand" aria-hidden="true">
            P
          </div>
        }
        title={t('welcome')}
        subtitle={t('tagline')}
        mobilePlaceholder={t('mobilePlaceholder')}
        resendSeconds={RESEND_COUNTDOWN.partnerLogin}
        labels={{
          mobile: t('mobileLabel'),
          otp: t('otpLabel'),
          login: t('login'),
          submit: t('submitOtp'),
          change: t('changeNumber'),
          resend: t('resendOtp'),
        }}
        sendOtp={async (mobile) => (await loadPartnerApi()).sendPartnerOtp(mobile)}
        login={async (mobile, otp) => {
          await (await loadPartnerApi()).loginPartner(mobile, otp);
          onLoggedIn();
        }}
      />
    </main>
  );
}
