import { useEffect, useState, type FormEvent } from 'react';
import { RESEND_COUNTDOWN, resendCountdown } from '@pmw/contract/constants';
import type { Team, TeamMember } from '@pmw/contract/team';
import { Field } from '../../shared/field';
import { OtpField } from '../../shared/otp-field';
import { errorText, showError, showSuccess } from '../../shared/message-bar';
import { useCountdown } from '../../shared/use-countdown';
import { noteBlocked } from './blocked';
import { TeamLabel } from './team-label';
import { t } from './messages';
import { firstIssue, loadContractTexts } from '../../shared/i18n';
import { PageLanguageSwitch } from '../../shared/language-switch';
import { LiveButton } from '../../shared/public-page/live';
import { keptBeforeHydration, keptValuesUsed } from '../../shared/public-page/before-hydration';
import { formAction, useAreaLoginState } from '../../shared/area-login-state';
import { AREA_LOGIN_FORM_PATHS } from '@pmw/contract/area-pages';

/** The login's checks and calls (zod and the schemas), with the contract's texts for its error lines. */
export const loadLoginActions = () => Promise.all([import('./login-actions'), loadContractTexts()]).then(([actions]) => actions);

const digits = (v: string) => v.replace(/\D/g, '').slice(0, 10);

/** Name, mobile, then the 4-digit OTP (60 s resend); the request_id of the send goes with the login. */
export function LoginPage({ team, onLoggedIn }: { team: Team; onLoggedIn: (member: TeamMember) => void }) {
  // What a person typed into the server's form before the script arrived.
  // After a plain form post the server drew the OTP step, or a refusal at its field.
  const initial = useAreaLoginState();
  const [name, setName] = useState(() => keptBeforeHydration()?.get('first_name')?.[0] ?? initial?.first_name ?? '');
  const [mobile, setMobile] = useState(() => digits(keptBeforeHydration()?.get('mobile')?.[0] ?? initial?.mobile ?? ''));
  const [otp, setOtp] = useState(() => keptBeforeHydration()?.get('otp')?.[0] ?? '');
  const [requestId, setRequestId] = useState<string | undefined>(initial?.request_id ?? undefined);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ name?: string | undefined; mobile?: string | undefined; otp?: string | undefined }>(() =>
    initial ? { name: initial.errors.first_name, mobile: initial.errors.mobile, otp: initial.errors.otp } : {},
  );
  const countdown = useCountdown(RESEND_COUNTDOWN.teamLogin, initial?.resend_after);
  useEffect(keptValuesUsed, []);

  async function send() {
    // Busy from the tap: on a slow link the checks' chunk may still be on its way, and the button shows it waits.
    setBusy(true);
    try {
      const { checkName, checkMobile, sendTeamOtp } = await loadLoginActions();
      const n = checkName(name);
      const m = checkMobile(mobile);
      if (!n.success || !m.success) {
        setErrors({ name: firstIssue(n.error), mobile: firstIssue(m.error) });
        return;
      }
      setErrors({});
      const sent = await sendTeamOtp(m.data, team.team_code);
      setRequestId(sent.request_id);
      setOtp('');
      countdown.restart(resendCountdown(sent, RESEND_COUNTDOWN.teamLogin));
      showSuccess(t(sent.already_sent ? 'otpAlreadySent' : 'otpSent'));
    } catch (err) {
      // Said at the field it is about, where it stays until the next try.
      if (!noteBlocked(err)) setErrors(requestId ? { otp: errorText(err) } : { mobile: errorText(err) });
    } finally {
      setBusy(false);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!requestId) return send();
    const actions = await loadLoginActions().catch(showError);
    if (!actions) return;
    const { checkOtp, loginTeam } = actions;
    const o = checkOtp(otp);
    if (!o.success) return setErrors({ otp: firstIssue(o.error) });
    setErrors({});
    setBusy(true);
    try {
      const member = await loginTeam({ request_id: requestId, team_code: team.team_code, first_name: name.trim(), mobile, otp: o.data });
      onLoggedIn(member);
    } catch (err) {
      // A wrong OTP stays under the OTP field, not only in a bar that fades.
      if (!noteBlocked(err)) setErrors({ otp: errorText(err) });
      setBusy(false);
    }
  }

  return (
    <main className="team-login">
      <PageLanguageSwitch />
      <TeamLabel team={team} />
      <form className="card team-login__card" method="post" action={formAction(AREA_LOGIN_FORM_PATHS.team)} onSubmit={submit} noValidate>
        <input type="hidden" name="team_code" value={team.team_code} />
        {requestId && <input type="hidden" name="request_id" value={requestId} />}
        <h1>{t('loginTitle')}</h1>
        <p className="muted">{t('loginSubtitle')}</p>
        <Field label={t('nameLabel')} error={errors.name}>
          {(a11y) => (
            <input
              {...a11y}
              className="input"
              name="first_name"
              autoComplete="name"
              placeholder={t('namePlaceholder')}
              value={name}
              readOnly={!!requestId}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('mobileLabel')} error={errors.mobile}>
          {(a11y) => (
            <>
              <input
                {...a11y}
                className="input"
                name="mobile"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={10}
                placeholder={t('mobilePlaceholder')}
                value={mobile}
                readOnly={!!requestId}
                onChange={(e) => setMobile(digits(e.target.value))}
              />
              {requestId && (
                <LiveButton
                  className="link-button team-login__change"
                  onClick={() => {
                    setRequestId(undefined);
                    setOtp('');
                    countdown.reset();
                  }}
                >
                  {t('changeNumber')}
                </LiveButton>
              )}
            </>
          )}
        </Field>
        {requestId && (
          <OtpField
            value={otp}
            onChange={(v) => {
              setOtp(v);
              setErrors({});
            }}
            secondsLeft={countdown.left}
            onResend={() => void send()}
            label={t('otpLabel')}
            error={errors.otp}
            resendLabel={t('resendOtp')}
            disabled={busy}
            name="otp"
            autoFocus
          />
        )}
        {/* Works before the script: the browser posts the form and the server answers the next step. */}
        <button type="submit" className="button button--block" disabled={busy} aria-busy={busy || undefined}>
          {requestId ? t('loginWithOtp') : t('sendOtp')}
        </button>
      </form>
    </main>
  );
}
