// The page policy allows no eval: zod is set jitless before this chunk's schemas parse.
import '../../zod-config';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { campaignFileRoutes, campaignRoutes, reasonCode } from '@pmw/contract/campaign';
import { RESEND_COUNTDOWN, resendCountdown } from '@pmw/contract/constants';
import { incomeInput, mobileInput, nameInput, panInput } from '@pmw/contract/lead-form';
import { COUNTRY_CODES, normaliseMobile } from '@pmw/contract/mobile';
import { SELF_REFERRAL_ERROR } from '@pmw/contract/campaign-link-texts';
import { isOtpRefusal } from '@pmw/contract/api';
import { ApiError, api, apiWithMessage } from '../../shared/api-client';
import { Dialog } from '../../shared/dialog';
import {
  COUNTRY_CODE_KEEP,
  LeadFormFields,
  leadFormErrors,
  textValue,
  toLeadInputValues,
  type CountryCode,
  type LeadFieldValues,
} from '../../shared/lead-form';
import { errorText, showError, showSuccess } from '../../shared/message-bar';
import { trackingId } from '../../shared/tracking';
import { useCountdown } from '../../shared/use-countdown';
import { safeLink } from '../../shared/safe-url';
import { keptBeforeHydration, keptValuesUsed } from '../../shared/public-page/before-hydration';
import { LiveButton } from '../../shared/public-page/live';
import { DetailsDialog } from './details-dialog';
import { t } from './messages';
import { OtpDialog } from './otp-dialog';
import { textOf } from '../../shared/i18n';
import type { LeadPanelProps } from './campaign-view';

const UPLOAD = { signUpload: campaignFileRoutes.signUpload, add: campaignFileRoutes.add, purpose: 'UTM_LINK' as const };
const REDIRECT_AFTER_MS = 1500;

/** A key per submission, kept across retries so the server makes one lead. */
function newKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

type OtpStep =
  { mode: 'lead'; mobile: string } | { mode: 'credit'; mobile: string; consentId: string; pan: string; name: string; earning: string };

/** The selected product: its Details, its lead form, the OTP or credit check, and the hand-off to the provider. */
export function LeadPanel(props: LeadPanelProps) {
  const { form, utmCode, customer, onLeadAdded } = props;
  const inputs = form.formData.input;
  // A product page's form comes in the server's HTML: what the customer typed there before the script arrived stays.
  const [values, setValues] = useState<LeadFieldValues>(() => typedInto(inputs));
  useEffect(keptValuesUsed, []);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [countryCode, setCountryCode] = useState<CountryCode>(() => keptCountryCode() ?? '+91');
  const [busy, setBusy] = useState(false);
  const [otpStep, setOtpStep] = useState<OtpStep | null>(null);
  const [otpAttempt, setOtpAttempt] = useState(0);
  const [notEligible, setNotEligible] = useState<string | null>(null);
  // The server's refusals stay on screen: a wrong OTP under the OTP field, any other (a duplicate lead) at the form.
  const [otpError, setOtpError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [success, setSuccess] = useState<{ link: string | null } | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const countdown = useCountdown(RESEND_COUNTDOWN.campaign);
  const keyRef = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // A remembered customer finds their mobile and name filled in.
  useEffect(() => {
    if (!customer) return;
    const m = mobileInput(inputs);
    const n = nameInput(inputs);
    setValues((v) => ({
      ...v,
      ...(m && !v[m.input_id] ? { [m.input_id]: customer.mobile } : {}),
      ...(n && !v[n.input_id] && customer.name ? { [n.input_id]: customer.name } : {}),
    }));
  }, [customer, inputs]);

  useEffect(() => {
    if (!success?.link) return;
    const link = success.link;
    const timer = setTimeout(() => window.location.assign(link), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const mobile = () => normaliseMobile(textValue(values, mobileInput(inputs)?.input_id));

  function change(inputId: number, value: LeadFieldValues[number]) {
    setValues((v) => ({ ...v, [inputId]: value }));
    setErrors((e) => {
      if (!e[inputId]) return e;
      const next = { ...e };
      delete next[inputId];
      return next;
    });
    setNotEligible(null);
    setFormError(undefined);
    keyRef.current = null;
  }

  /** A refusal the page can place: the OTP's under its field, the rest at the form (the OTP step closed). */
  function refused(err: unknown) {
    if (refusedAtMobile(err)) return;
    if (otpStep && err instanceof ApiError && isOtpRefusal(err.code)) return setOtpError(errorText(err));
    setOtpStep(null);
    setFormError(errorText(err));
  }

  /** The partner's own mobile is refused by the server (the page never knows it): said at the mobile field, before any OTP. */
  function refusedAtMobile(err: unknown): boolean {
    const m = mobileInput(inputs);
    if (!m || !(err instanceof ApiError) || err.code !== SELF_REFERRAL_ERROR) return false;
    setOtpStep(null);
    setErrors((e) => ({ ...e, [m.input_id]: err.message }));
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    return true;
  }

  async function sendLeadOtp(to: string) {
    setBusy(true);
    try {
      const sent = await api(campaignRoutes.sendOtp, {
        body: { mobile: to, utm_code: utmCode, purpose: 'LEAD', countryCode, feature: 'UTM', project_name: form.job_title },
      });
      showSuccess(t(sent.already_sent ? 'otpAlreadySent' : 'otpSent'));
      countdown.restart(resendCountdown(sent, RESEND_COUNTDOWN.campaign));
      setOtpAttempt((n) => n + 1);
      setOtpStep({ mode: 'lead', mobile: to });
    } catch (err) {
      if (!refusedAtMobile(err)) showError(err);
    } finally {
      setBusy(false);
    }
  }

  async function sendCreditOtp(to: string) {
    const pan = textValue(values, panInput(inputs)?.input_id).toUpperCase();
    const name = textValue(values, nameInput(inputs)?.input_id).trim() || customer?.name || '';
    const earning = textValue(values, incomeInput(inputs)?.input_id);
    setBusy(true);
    try {
      const sent = await api(campaignRoutes.creditOtpSend, {
        body: { mobile: to, name, pan_no: pan, feature: 'UTM', project_name: form.job_title, utm_code: utmCode },
      });
      showSuccess(t(sent.already_sent ? 'otpAlreadySent' : 'otpSent'));
      countdown.restart(resendCountdown(sent, RESEND_COUNTDOWN.campaign));
      setOtpAttempt((n) => n + 1);
      setOtpStep({ mode: 'credit', mobile: to, consentId: sent.consentId, pan, name, earning });
    } catch (err) {
      if (!refusedAtMobile(err)) showError(err);
    } finally {
      setBusy(false);
    }
  }

  async function submitLead(extra: { otp?: string; consent_id?: string }) {
    keyRef.current ??= newKey();
    const tracking = trackingId();
    const { data, message } = await apiWithMessage(campaignRoutes.addTaskResponse, {
      body: {
        form_id: form.form_id,
        feature: 'UTM',
        input: toLeadInputValues(inputs, values),
        utm_code: utmCode,
        utm_job_id: form.job_id,
        idempotency_key: keyRef.current,
        ...(tracking ? { tracking_id: tracking } : {}),
        ...extra,
      },
    });
    setOtpStep(null);
    keyRef.current = null;
    setValues({});
    showSuccess(message || t('leadAdded'));
    setSuccess({ link: safeLink(data.link) });
    onLeadAdded();
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found = leadFormErrors(inputs, values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      showError(t('fixErrors'));
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setNotEligible(null);
    setFormError(undefined);
    const to = mobile();
    if (form.is_credit_flow) return sendCreditOtp(to);
    if (customer?.mobile === to || !form.is_otp_required) {
      setBusy(true);
      try {
        await submitLead({});
      } catch (err) {
        refused(err);
      } finally {
        setBusy(false);
      }
      return;
    }
    return sendLeadOtp(to);
  }

  async function onVerify(otp: string) {
    if (!otpStep) return;
    setOtpError(undefined);
    setBusy(true);
    try {
      if (otpStep.mode === 'lead') {
        await submitLead({ otp });
        return;
      }
      const result = await api(campaignRoutes.eligibility, {
        body: {
          consent_id: otpStep.consentId,
          otp,
          feature: 'UTM',
          pan_no: otpStep.pan,
          mobile: otpStep.mobile,
          name: otpStep.name,
          earning: otpStep.earning,
          job_ids: [form.job_id],
        },
      });
      if (result.eligible_job_ids.includes(form.job_id)) {
        await submitLead({ consent_id: otpStep.consentId });
        return;
      }
      const reason = result.not_eligible_jobs.find((j) => j.job_id === form.job_id);
      setOtpStep(null);
      // The reason said from its key and bound, in the reader's language; the area's words load only for it.
      const said = reason ? reasonCode(reason) : null;
      const { campaignCatalogue } = await import('@pmw/contract/texts/campaign');
      setNotEligible(said ? textOf(campaignCatalogue, said.code, said.vars) : '');
    } catch (err) {
      refused(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="lead-panel card" aria-labelledby="lead-panel-title">
      <div className="lead-panel__head">
        <div>
          <h2 id="lead-panel-title">{t('applyFor', { title: form.job_title })}</h2>
          <p className="muted">{form.employer_name}</p>
        </div>
        <LiveButton className="button button--ghost button--small" onClick={() => setDetailsOpen(true)}>
          {t('details')}
        </LiveButton>
      </div>
      {form.is_credit_flow && (
        <p className="lead-panel__note">
          {t('creditNote')}
          {!incomeInput(inputs)?.validation?.required && ` ${t('creditDefaultIncome')}`}
        </p>
      )}

      {notEligible !== null && (
        <div className="not-eligible" role="alert">
          <p className="not-eligible__title">{t('notEligible')}</p>
          {notEligible && <p>{notEligible}</p>}
        </div>
      )}

      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <LeadFormFields
          inputs={inputs}
          values={values}
          onChange={change}
          errors={errors}
          upload={UPLOAD}
          countryCode={countryCode}
          onCountryCodeChange={setCountryCode}
          disabled={busy}
        />
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        {/* Before the page is live the form would post itself to this address and lose what was typed: the button waits. */}
        <LiveButton type="submit" className="button button--block" disabled={busy}>
          {form.is_credit_flow ? t('checkEligibility') : t('submit')}
        </LiveButton>
      </form>

      <DetailsDialog form={form} open={detailsOpen} onClose={() => setDetailsOpen(false)} />

      <OtpDialog
        key={otpAttempt}
        open={otpStep !== null}
        title={otpStep?.mode === 'credit' ? t('otpTitleCredit') : t('otpTitle')}
        mobile={otpStep?.mobile ?? ''}
        note={otpStep?.mode === 'credit' ? t('creditConsent', { project: form.job_title }) : undefined}
        secondsLeft={countdown.left}
        busy={busy}
        error={otpError}
        onResend={() => otpStep && void (otpStep.mode === 'credit' ? sendCreditOtp(otpStep.mobile) : sendLeadOtp(otpStep.mobile))}
        onVerify={(otp) => void onVerify(otp)}
        onClose={() => {
          setOtpStep(null);
          setOtpError(undefined);
        }}
      />

      <Dialog open={success !== null} onClose={() => setSuccess(null)} title={t('successTitle')}>
        <div className="success" role="status">
          <p className="success__tick" aria-hidden="true">
            ✓
          </p>
          <p>{t('leadAdded')}</p>
          {success?.link ? (
            <>
              <p className="muted">{t('redirecting')}</p>
              <a className="button button--block" href={success.link} rel="noopener noreferrer">
                {t('openProduct')}
              </a>
            </>
          ) : (
            <button type="button" className="button button--block" onClick={() => setSuccess(null)}>
              {t('close')}
            </button>
          )}
        </div>
      </Dialog>
    </section>
  );
}

/** The values of this form's text fields typed into the server's HTML, while the page hydrates (else none). */
function typedInto(inputs: LeadPanelProps['form']['formData']['input']): LeadFieldValues {
  const kept = keptBeforeHydration();
  if (!kept) return {};
  const values: LeadFieldValues = {};
  for (const input of inputs) {
    const typed = kept.get(String(input.input_id))?.[0];
    if (typed !== undefined) values[input.input_id] = typed;
  }
  return values;
}

/** The country code chosen in the server's HTML before the page went live, if it is one the form offers. */
function keptCountryCode(): CountryCode | undefined {
  const code = keptBeforeHydration()?.get(COUNTRY_CODE_KEEP)?.[0];
  return COUNTRY_CODES.find((c) => c === code);
}
