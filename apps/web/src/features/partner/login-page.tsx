import { RESEND_COUNTDOWN } from '@pmw/contract/constants';
import { loadLoginChecks, OtpLoginForm } from '../../shared/otp-login-form';
import { t } from './messages';
import { PageLanguageSwitch } from '../../shared/language-switch';
import { formAction, useAreaLoginState } from '../../shared/area-login-state';
import { AREA_LOGIN_FORM_PATHS } from '@pmw/contract/area-pages';

/** The login's calls and checks (with their schemas): fetched when idle, or on the first press. */
const loadPartnerApi = () => import('./partner-api');
export const loadLoginActions = () => Promise.all([loadPartnerApi(), loadLoginChecks()]);

/** 'Welcome to PickMyWork': mobile, then OTP; 'Login' becomes 'Submit OTP' once the OTP is sent. */
export function LoginPage({ onLoggedIn }: { onLoggedIn: () => void }) {
  const initial = useAreaLoginState();
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
        action={formAction(AREA_LOGIN_FORM_PATHS.partner)}
        initial={initial}
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
