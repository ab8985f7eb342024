import { useState, type FormEvent } from 'react';
import { RESEND_COUNTDOWN, resendCountdown } from '@pmw/contract/constants';
import type { Team, TeamMember } from '@pmw/contract/team';
import { Field } from '../../shared/field';
import { OtpField } from '../../shared/otp-field';
import { errorText, showError, showSuccess } from '../../shared/message-bar';
import { useCountdown } from '../../shared/use-countdown';
import { noteBlocked } from './blocked';
import { TeamLabel } from './team-label';
import { t } from './messages';
import { firstIssue, loadContractTexts, tx } from '../../shared/i18n';
import { PageLanguageSwitch } from '../../shared/language-switch';

/** The login's checks and calls (zod and the schemas), with the contract's texts for its error lines. */
export const loadLoginActions = () => Promise.all([import('./login-actions'), loadContractTexts()]).then(([actions]) => actions);

/** Name, mobile, then the 4-digit OTP (60 s resend); the request_id of the send goes with the login. */
export function LoginPage({ team, onLoggedIn }: { team: Team; onLoggedIn: (member: TeamMember) => void }) {
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [otp, setOtp] = useState('');
  const [requestId, setRequestId] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ name?: string | undefined; mobile?: string | undefined; otp?: string | undefined }>({});
  const countdown = useCountdown(RESEND_COUNTDOWN.teamLogin);

  async function send() {
    const actions = await loadLoginActions().catch(showError);
    if (!actions) return;
    const { checkName, checkMobile, sendTeamOtp } = actions;
    const n = checkName(name);
    const m = checkMobile(mobile);
    if (!n.success || !m.success) {
      setErrors({ name: firstIssue(n.error), mobile: firstIssue(m.error) });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const sent = await sendTeamOtp(m.data, team.team_code);
      setRequestId(sent.request_id);
      setOtp('');
      countdown.restart(resendCountdown(sent, RESEND_COUNTDOWN.teamLogin));
      showSuccess(t(sent.already_sent ? 'otpAlreadySent' : 'otpSent'));
    } catch (err) {
      // Said at the field it is about, where it stays until the next try.
      if (!noteBlocked(err)) setErrors(requestId ? { otp: tx(errorText(err)) } : { mobile: tx(errorText(err)) });
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
      if (!noteBlocked(err)) setErrors({ otp: tx(errorText(err)) });
      setBusy(false);
    }
  }

  return (
    <main className="team-login">
      <PageLanguageSwitch />
      <TeamLabel team={team} />
      <form className="card team-login__card" onSubmit={submit} noValidate>
        <h1>{t('loginTitle')}</h1>
        <p className="muted">{t('loginSubtitle')}</p>
        <Field label={t('nameLabel')} error={errors.name}>
          {(a11y) => <input {...a11y} className="input" autoComplete="name" placeholder={t('namePlaceholder')} value={name} readOnly={!!requestId} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label={t('mobileLabel')} error={errors.mobile}>
          {(a11y) => (
            <>
              <input
                {...a11y}
                className="input"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={10}
                placeholder={t('mobilePlaceholder')}
                value={mobile}
                readOnly={!!requestId}
                onChange={(e) => setMobile(e.target.value.replace(/\D/g, '').slice(0, 10))}
              />
              {requestId && (
                <button type="button" className="link-button team-login__change" onClick={() => { setRequestId(undefined); setOtp(''); countdown.reset(); }}>
                  {t('changeNumber')}
                </button>
              )}
            </>
          )}
        </Field>
        {requestId && (
          <OtpField value={otp} onChange={(v) => { setOtp(v); setErrors({}); }} secondsLeft={countdown.left} onResend={() => void send()} label={t('otpLabel')} error={errors.otp} resendLabel={t('resendOtp')} disabled={busy} autoFocus />
        )}
        <button type="submit" className="button button--block" disabled={busy}>
          {requestId ? t('loginWithOtp') : t('sendOtp')}
        </button>
      </form>
    </main>
  );
}
