import { useId, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { otpSchema } from '@pmw/contract/auth';
import { RESEND_COUNTDOWN, resendCountdown } from '@pmw/contract/constants';
import { acceptFor, allowedExtensions, fileProblem, type FilePurpose } from '@pmw/contract/files';
import { candidateNameSchema } from '@pmw/contract/hiring';
import { aadhaarSchema, panSchema } from '@pmw/contract/kyc';
import { mobileSchema } from '@pmw/contract/mobile';
import { OtpField } from '../../shared/otp-field';
import { Loader } from '../../shared/loader';
import { errorText, showError, showSuccess } from '../../shared/message-bar';
import { isOtpRefusal } from '@pmw/contract/api';
import { trackingId } from '../../shared/tracking';
import { useCountdown } from '../../shared/use-countdown';
import { addDocument, applyToJob, bookedQueryKey, fetchBooked, fetchMe, login, sendOtp, updateName, uploadFile } from './candidate-api';
import { useCandidateState } from './candidate-state';
import { t } from './messages';
import './candidate.css';
import { firstIssue, validationText } from '../../shared/i18n';
import { ApiError } from '../../shared/api-client';
import { PageLanguageSwitch } from '../../shared/language-switch';

type Errors = Partial<Record<'name' | 'mobile' | 'aadhaar' | 'aadhaarFile' | 'pan' | 'panFile' | 'otp', string>>;
type Step = 'stepUpload' | 'stepDocuments' | 'stepName' | 'stepApply';

/**
 * What is already done, so a retry after a failed step picks up where it
 * stopped: no second upload, document or application.
 */
interface Progress {
  userId?: number;
  mobile?: string;
  files: Partial<Record<FilePurpose, { file: File; id: number }>>;
  documents: Set<string>;
  name?: string;
}

/** The field of the first step a server refusal is about, if any. */
function fieldOf(err: ApiError): keyof Errors | undefined {
  return err.fields?.[0]?.field === 'first_name' ? 'name' : undefined;
}

/** /detailsPage: name, phone, Aadhaar and PAN with files; OTP; then upload, documents, name, apply. */
export function DetailsPage() {
  const carried = useCandidateState();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState(carried?.mobile ?? '');
  const [aadhaar, setAadhaar] = useState('');
  const [pan, setPan] = useState('');
  const [aadhaarFile, setAadhaarFile] = useState<File | null>(null);
  const [panFile, setPanFile] = useState<File | null>(null);
  const [otp, setOtp] = useState('');
  const [otpStep, setOtpStep] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step | null>(null);
  const progress = useRef<Progress>({ files: {}, documents: new Set() });
  const countdown = useCountdown(RESEND_COUNTDOWN.applicant);
  const ids = { name: useId(), mobile: useId(), aadhaar: useId(), aadhaarFile: useId(), pan: useId(), panFile: useId() };

  // Back from "Interview booked" (or a reload) with the interview already booked: the booking, not an empty form.
  // Its own key: this answer is from before the login on this page, which the slot page must not reuse.
  const me = useQuery({ queryKey: ['candidate', 'me', 'before-details'], queryFn: fetchMe, enabled: !!carried, retry: false, gcTime: 0 });
  const booked = useQuery({
    queryKey: bookedQueryKey(carried?.job_id ?? 0),
    queryFn: () => fetchBooked(carried!.job_id),
    enabled: !!carried && !!me.data,
    retry: false,
  });

  if (!carried) return <Navigate to="/" replace />;
  if (booked.data) return <Navigate to="/slotselect" state={carried} replace />;
  const job = carried;

  function validate(): { mobile: string; aadhaar?: string; pan?: string } | null {
    const next: Errors = {};
    const n = candidateNameSchema.safeParse(name);
    if (!n.success) next.name = firstIssue(n.error);
    const m = mobileSchema.safeParse(mobile);
    if (!m.success) next.mobile = firstIssue(m.error);
    let aadhaarNumber: string | undefined;
    if (aadhaar.trim() || aadhaarFile) {
      const a = aadhaarSchema.safeParse(aadhaar);
      if (!a.success) next.aadhaar = firstIssue(a.error);
      else aadhaarNumber = a.data;
      if (!aadhaarFile) next.aadhaarFile = t('fileRequired');
    }
    let panNumber: string | undefined;
    if (pan.trim() || panFile) {
      const p = panSchema.safeParse(pan);
      if (!p.success) next.pan = firstIssue(p.error);
      else panNumber = p.data;
      if (!panFile) next.panFile = t('fileRequired');
    }
    // The server's own limits, before the OTP: a file it would refuse never gets that far.
    const aadhaarProblem = aadhaarFile && fileProblem('USER_AADHAR_FILE', aadhaarFile);
    if (aadhaarProblem) next.aadhaarFile = validationText(aadhaarProblem);
    const panProblem = panFile && fileProblem('USER_PAN_FILE', panFile);
    if (panProblem) next.panFile = validationText(panProblem);
    setErrors(next);
    if (Object.keys(next).length || !m.success) return null;
    return { mobile: m.data, ...(aadhaarNumber ? { aadhaar: aadhaarNumber } : {}), ...(panNumber ? { pan: panNumber } : {}) };
  }

  async function send() {
    const valid = validate();
    if (!valid) return;
    setBusy(true);
    try {
      const sent = await sendOtp(valid.mobile);
      setOtpStep(true);
      setOtp('');
      countdown.restart(resendCountdown(sent, RESEND_COUNTDOWN.applicant));
      showSuccess(t(sent.already_sent ? 'otpAlreadySent' : 'otpSent'));
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  }

  /** Each step once; a failure stops here with its message, and Submit again resumes. */
  async function finish(valid: { mobile: string; aadhaar?: string; pan?: string }) {
    const p = progress.current;
    const userId = p.userId!;
    const docs: { type: 'AADHAAR' | 'PAN'; number: string; file: File; purpose: FilePurpose }[] = [];
    if (valid.aadhaar && aadhaarFile) docs.push({ type: 'AADHAAR', number: valid.aadhaar, file: aadhaarFile, purpose: 'USER_AADHAR_FILE' });
    if (valid.pan && panFile) docs.push({ type: 'PAN', number: valid.pan, file: panFile, purpose: 'USER_PAN_FILE' });

    setStep('stepUpload');
    for (const d of docs) {
      if (p.files[d.purpose]?.file !== d.file) p.files[d.purpose] = { file: d.file, id: await uploadFile(d.file, d.purpose) };
    }
    setStep('stepDocuments');
    for (const d of docs) {
      const key = `${d.type}:${d.number}:${p.files[d.purpose]!.id}`;
      if (p.documents.has(key)) continue;
      await addDocument({ user_id: userId, type: d.type, number: d.number, file_id: p.files[d.purpose]!.id });
      p.documents.add(key);
    }
    setStep('stepName');
    if (p.name !== name.trim()) {
      await updateName(userId, name.trim());
      p.name = name.trim();
    }
    setStep('stepApply');
    const tracking = trackingId();
    await applyToJob({
      user_id: userId,
      recruiter_id: job.recruiter_id,
      job_id: job.job_id,
      job_location_id: job.job_location_id,
      answers: [
        { input_id: 1, value: valid.mobile },
        { input_id: 2, value: name.trim() },
      ],
      ...(tracking ? { tracking_id: tracking } : {}),
    });
    navigate('/slotselect', {
      state: { job_id: job.job_id, job_location_id: job.job_location_id, recruiter_id: job.recruiter_id, job_title: job.job_title },
    });
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!otpStep) return send();
    const valid = validate();
    if (!valid) return;
    const p = progress.current;
    const loggedIn = p.userId !== undefined && p.mobile === valid.mobile;
    if (!loggedIn) {
      const parsed = otpSchema.safeParse(otp);
      if (!parsed.success) return setErrors({ otp: firstIssue(parsed.error) });
    }
    setBusy(true);
    try {
      if (!loggedIn) {
        const user = await login(valid.mobile, otp);
        progress.current = { userId: user.user_id, mobile: valid.mobile, files: {}, documents: new Set() };
      }
      await finish(valid);
    } catch (err) {
      // A refusal of something typed on the first step goes back there, under its field.
      const field = err instanceof ApiError ? fieldOf(err) : undefined;
      if (field) {
        setOtpStep(false);
        setErrors({ [field]: err instanceof Error ? err.message : '' });
      } else if (err instanceof ApiError && isOtpRefusal(err.code)) {
        // A wrong OTP stays under the OTP field, not only in a bar that fades.
        setErrors({ otp: errorText(err) });
      } else showError(err);
    } finally {
      setBusy(false);
      setStep(null);
    }
  }

  const fileField = (key: 'aadhaarFile' | 'panFile', purpose: FilePurpose, label: string, set: (f: File | null) => void) => (
    <div className="field">
      <label htmlFor={ids[key]}>{label}</label>
      <input
        id={ids[key]}
        type="file"
        className="file-input"
        accept={acceptFor(allowedExtensions(purpose))}
        aria-invalid={!!errors[key]}
        aria-describedby={`${ids[key]}-hint`}
        disabled={otpStep}
        onChange={(e) => {
          const f = e.target.files?.[0] ?? null;
          const problem = f && fileProblem(purpose, f);
          setErrors((er) => ({ ...er, [key]: problem ? validationText(problem) : undefined }));
          set(f);
        }}
      />
      <p id={`${ids[key]}-hint`} className={errors[key] ? 'field__error' : 'field__hint'}>
        {errors[key] ?? t('fileHint')}
      </p>
    </div>
  );

  const text = (
    key: 'name' | 'mobile' | 'aadhaar' | 'pan',
    label: string,
    value: string,
    set: (v: string) => void,
    extra: Record<string, string | number> = {},
  ) => (
    <div className="field">
      <label htmlFor={ids[key]}>{label}</label>
      <input
        id={ids[key]}
        className="input"
        value={value}
        disabled={otpStep}
        aria-invalid={!!errors[key]}
        aria-describedby={errors[key] ? `${ids[key]}-error` : undefined}
        onChange={(e) => set(e.target.value)}
        {...extra}
      />
      {errors[key] && (
        <p id={`${ids[key]}-error`} className="field__error">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <main className="candidate candidate--form">
      <PageLanguageSwitch />
      <form className="card details-form" onSubmit={(e) => void submit(e)} noValidate>
        <h1>{otpStep ? t('otpTitle') : t('detailsTitle')}</h1>
        <p className="muted">{t('applyingFor', { job: job.job_title })}</p>
        {!otpStep && (
          <>
            {text('name', t('name'), name, setName, { autoComplete: 'name', placeholder: t('namePlaceholder'), required: 'required' })}
            {text('mobile', t('phone'), mobile, (v) => setMobile(v.replace(/\D/g, '').slice(0, 10)), {
              inputMode: 'numeric',
              autoComplete: 'tel-national',
              placeholder: t('phonePlaceholder'),
              required: 'required',
            })}
            {text('aadhaar', t('aadhaarNumber'), aadhaar, (v) => setAadhaar(v.replace(/[^\d ]/g, '').slice(0, 14)), {
              inputMode: 'numeric',
              placeholder: t('aadhaarPlaceholder'),
            })}
            {fileField('aadhaarFile', 'USER_AADHAR_FILE', t('aadhaarFile'), setAadhaarFile)}
            {text('pan', t('panNumber'), pan, (v) => setPan(v.toUpperCase().slice(0, 10)), {
              autoCapitalize: 'characters',
              placeholder: t('panPlaceholder'),
            })}
            {fileField('panFile', 'USER_PAN_FILE', t('panFile'), setPanFile)}
          </>
        )}

        {otpStep && (
          <>
            <p className="muted">{t('otpSentTo', { mobile })}</p>
            <OtpField
              value={otp}
              onChange={setOtp}
              secondsLeft={countdown.left}
              onResend={() => void send()}
              label={t('otp')}
              resendLabel={t('resendOtp')}
              error={errors.otp}
              disabled={busy}
              autoFocus
            />
          </>
        )}
        {step && (
          <div className="step-status">
            <Loader label={t(step)} />
          </div>
        )}
        <div className="sticky-action">
          <button type="submit" className="button button--block" disabled={busy}>
            {otpStep ? t('submit') : t('next')}
          </button>
          {otpStep && (
            <button
              type="button"
              className="link-button"
              disabled={busy}
              onClick={() => {
                setOtpStep(false);
                setOtp('');
                setErrors({});
                countdown.reset();
              }}
            >
              {t('changeNumber')}
            </button>
          )}
        </div>
      </form>
    </main>
  );
}
