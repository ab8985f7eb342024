import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SELF_REFERRAL_ERROR } from '@pmw/contract/campaign-link-texts';
import { RESEND_COUNTDOWN, resendCountdown } from '@pmw/contract/constants';
import { isOtpRefusal } from '@pmw/contract/api';
import { normaliseMobile } from '@pmw/contract/mobile';
import { firstLeadError, isFileInput, parseLocation, type FormInputDef, type DevicePosition } from '@pmw/contract/lead-form';
import { GEOLOCATION_TIMEOUT_MS, type TeamLead, type TeamMember } from '@pmw/contract/team';
import {
  isKeptFile,
  isRetryableUpload,
  isUploadedFile,
  keptFiles,
  LeadFormFields,
  leadFormErrors,
  textValue,
  toLeadInputValues,
  uploadFile,
  type LeadFieldValues,
  type MapPickerProps,
} from '../../shared/lead-form';
import { Loader } from '../../shared/loader';
import { errorText, showError, showSuccess } from '../../shared/message-bar';
import { useCountdown } from '../../shared/use-countdown';
import { completeLead, fetchProjectData, sendLeadOtp, submitLead, teamKeys, teamUpload, type SubmitLeadBody } from './team-api';
import { ApiError, isUnreachable } from '../../shared/api-client';
import { textOf, validationText } from '../../shared/i18n';
import { enqueueLead, type QueuedFile } from './offline-queue';
import { noteLeadSent } from './push-offer';
import { noteBlocked } from './blocked';
import { draftId } from './lead-draft';
import { useLeadDraft } from './use-lead-draft';
import { LeadOtpDialog } from './lead-otp-dialog';
import { t } from './messages';
import { QueryView } from '../../shared/query-view';
import { campaignCatalogue } from '@pmw/contract/texts/campaign';
import { teamCatalogue } from '@pmw/contract/texts/team';

const LeafletPicker = lazy(() => import('./map-picker').then((m) => ({ default: m.MapPicker })));
/** Leaflet loads only when a form has a map input. */
function MapPickerSlot(props: MapPickerProps) {
  return (
    <Suspense fallback={<Loader label={t('loading')} />}>
      <LeafletPicker {...props} />
    </Suspense>
  );
}

/** A key per lead form, kept through retries, the draft and the offline queue. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The values of a lead waiting for details, as the renderer holds them. */
function initialValues(inputs: readonly FormInputDef[], lead: TeamLead | undefined): LeadFieldValues {
  const values: LeadFieldValues = {};
  if (!lead) return values;
  for (const d of lead.response_data) {
    const input = inputs.find((i) => i.input_id === d.input_id);
    if (!input) continue;
    if (input.input_type.toUpperCase() === 'MAP_LOCATION') values[d.input_id] = parseLocation(d.value);
    else if (isFileInput(input)) values[d.input_id] = { file_id: Number(d.value), file_name: `${input.label} (${d.value})` };
    else values[d.input_id] = d.value;
  }
  return values;
}

/** Where the field agent stands (and how accurately the phone knows it), asked once when the form opens; the lead goes without it if refused. */
function useDevicePosition(): DevicePosition | undefined {
  const [pos, setPos] = useState<DevicePosition>();
  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    navigator.geolocation.getCurrentPosition(
      (p) =>
        setPos({
          lat: Number(p.coords.latitude.toFixed(6)),
          lng: Number(p.coords.longitude.toFixed(6)),
          ...(Number.isFinite(p.coords.accuracy) ? { accuracy_m: Math.round(p.coords.accuracy) } : {}),
        }),
      () => undefined,
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  }, []);
  return pos;
}

/** Add a lead to a project, or 'Add Details' to a lead that waits for them. */
export function LeadFormPage(props: {
  jobId: number;
  lead?: TeamLead | undefined;
  member: TeamMember;
  onDone: () => void;
  onBack: () => void;
}) {
  const { jobId, lead, member } = props;
  const id = draftId(member.user_id, jobId, lead?.form_response_id);
  const form = useQuery({ queryKey: teamKeys.projectData(jobId), queryFn: () => fetchProjectData(jobId), staleTime: 5 * 60_000 });
  const [values, setValues] = useState<LeadFieldValues>();
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(newKey);
  const [otpFor, setOtpFor] = useState<{ mobile: string; body: Omit<SubmitLeadBody, 'idempotency_key'> }>();
  const [restored, setRestored] = useState(false);
  const countdown = useCountdown(RESEND_COUNTDOWN.lead);
  const position = useDevicePosition();
  const draft = useLeadDraft(id, values, key);

  // A draft found on the device fills the form once, with its key; a file the server refused says why.
  useEffect(() => {
    if (!draft.loaded || values !== undefined) return;
    setValues(draft.loaded.values);
    setKey(draft.loaded.key);
    setRestored(true);
    const refused = Object.fromEntries(
      keptFiles(draft.loaded.values).flatMap(({ input_id, file }) => (file.problem ? [[input_id, file.problem]] : [])),
    );
    if (Object.keys(refused).length > 0) setErrors(refused);
    // Only the first answer of the store matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft.loaded]);

  const inputs = form.data?.inputs ?? [];
  const current = values ?? initialValues(inputs, lead);
  const jobTitle = form.data?.job_title ?? '';
  const title = lead ? t('completeTitle', { title: jobTitle }) : t('leadTitle', { title: jobTitle });
  const mobileId = inputs.find((i) => i.input_category === 'MOBILE')?.input_id;
  const askOtp = !lead && form.data?.is_otp_required === true;
  // The values as last set, for a queue that follows an upload in the same submit.
  const latest = useRef(current);
  latest.current = current;

  const formRef = useRef<HTMLFormElement>(null);
  // The server's refusals stay on screen: a wrong OTP under the OTP field, any other (a duplicate lead) at the form.
  const [otpError, setOtpError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  /** A lead for the member's own mobile, or (as the server says) their manager's, is refused at the mobile field. */
  function refuseAtMobile(message: string) {
    setOtpFor(undefined);
    if (mobileId === undefined) return showError(message);
    setErrors((e) => ({ ...e, [mobileId]: message }));
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }
  const selfReferral = (err: unknown) => err instanceof ApiError && err.code === SELF_REFERRAL_ERROR;

  async function finish(message: string) {
    await draft.clear();
    showSuccess(message);
    props.onDone();
  }

  async function queue(body: Omit<SubmitLeadBody, 'idempotency_key'>) {
    // A form with OTP cannot ask the customer's code without a signal: the lead goes unverified, for ops to call.
    const queued: SubmitLeadBody = { ...body, idempotency_key: key, ...(askOtp ? { offline_unverified: true } : {}) };
    delete queued.otp;
    const now = latest.current;
    // Every file input goes with the entry: uploaded ones by file_id, kept ones by their bytes in IndexedDB.
    const files: QueuedFile[] = [];
    const blobs = new Map<number, Blob>();
    for (const [id, v] of Object.entries(now)) {
      if (isKeptFile(v)) {
        files.push({ input_id: Number(id), file_name: v.file_name, type: v.blob.type, size: v.blob.size });
        blobs.set(Number(id), v.blob);
      } else if (isUploadedFile(v))
        files.push({
          input_id: Number(id),
          file_name: v.file_name,
          type: v.photo?.type ?? '',
          size: v.photo?.size ?? 0,
          file_id: v.file_id,
        });
    }
    try {
      await enqueueLead(
        { key, user_id: member.user_id, job_id: jobId, job_title: jobTitle, customer: textValue(now, mobileId), body: queued, files },
        blobs,
      );
    } catch (err) {
      // The phone could not keep the files: the form (and its draft) stay as they are.
      showError(err);
      setBusy(false);
      return;
    }
    void finish(askOtp ? t('leadQueuedUnverified') : t('leadQueued'));
  }

  /**
   * Uploads the files kept on the phone, now that there is a signal. Answers
   * the values with their file_ids, 'offline' when the network failed again
   * (the lead is queued with its files), or undefined when the server refused
   * one (its field says why).
   */
  async function uploadKept(now: LeadFieldValues): Promise<LeadFieldValues | 'offline' | undefined> {
    const next = { ...now };
    for (const { input_id, file } of keptFiles(now)) {
      try {
        const added = await uploadFile(teamUpload, file.blob, file.file_name);
        next[input_id] = {
          file_id: added.file_id,
          file_name: file.file_name,
          ...(file.preview_url ? { preview_url: file.preview_url, photo: file.blob } : {}),
        };
      } catch (err) {
        if (isRetryableUpload(err)) return 'offline';
        const problem = errorText(err);
        next[input_id] = { ...file, problem };
        setValues(next);
        setErrors((e) => ({ ...e, [input_id]: problem }));
        showError(problem);
        return undefined;
      }
    }
    setValues(next);
    latest.current = next;
    return next;
  }

  /** Sends the lead (with the customer's OTP when given); a lost signal queues it instead. */
  async function send(body: Omit<SubmitLeadBody, 'idempotency_key'>) {
    setOtpError(undefined);
    setFormError(undefined);
    setBusy(true);
    try {
      await submitLead({ ...body, idempotency_key: key });
      // After the first lead (never on a first visit), the app offers alerts on this phone.
      noteLeadSent(member.user_id);
      setOtpFor(undefined);
      await finish(t('leadAdded'));
    } catch (err) {
      if (isUnreachable(err)) {
        setOtpFor(undefined);
        await queue(body);
      } else if (selfReferral(err)) {
        refuseAtMobile((err as ApiError).message);
        setBusy(false);
      } else if (!noteBlocked(err)) {
        // Nothing typed is lost: a wrong OTP keeps the OTP step, any other refusal is said at the form.
        if (body.otp !== undefined && err instanceof ApiError && isOtpRefusal(err.code)) setOtpError(errorText(err));
        else {
          setOtpFor(undefined);
          setFormError(errorText(err));
        }
        setBusy(false);
      }
    }
  }

  async function askCustomerOtp(mobile: string, body: Omit<SubmitLeadBody, 'idempotency_key'>) {
    setBusy(true);
    try {
      const sent = await sendLeadOtp(body.form_id, mobile);
      countdown.restart(resendCountdown(sent, RESEND_COUNTDOWN.lead));
      setOtpFor({ mobile, body });
      showSuccess(t(sent.already_sent ? 'otpAlreadySent' : 'otpSent'));
    } catch (err) {
      if (isUnreachable(err)) await queue(body);
      else if (selfReferral(err)) refuseAtMobile((err as ApiError).message);
      else if (!noteBlocked(err)) showError(err);
    } finally {
      setBusy(false);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!form.data) return;
    const found = leadFormErrors(inputs, current);
    setErrors(found);
    const first = firstLeadError(inputs, found);
    if (first) return showError(validationText(first));
    // The member's own mobile is known here: refused before any OTP, and never queued.
    if (!lead && mobileId !== undefined && normaliseMobile(textValue(current, mobileId)) === normaliseMobile(member.mobile))
      return refuseAtMobile(textOf(campaignCatalogue, 'campaign.selfReferralTeam'));
    const bodyOf = (v: LeadFieldValues) => ({
      form_id: form.data!.form_id,
      input: toLeadInputValues(inputs, v),
      ...(position ? { location: position } : {}),
    });
    // A new lead without a signal waits on the phone, its kept files with it.
    if (!lead && !navigator.onLine) return queue(bodyOf(current));
    let ready = current;
    if (keptFiles(current).length > 0) {
      setBusy(true);
      const uploaded = await uploadKept(current);
      if (uploaded === 'offline' && !lead) return queue(bodyOf(current));
      if (uploaded === 'offline') showError(t('uploadWaits'));
      if (uploaded === 'offline' || uploaded === undefined) return setBusy(false);
      ready = uploaded;
      setBusy(false);
    }
    const body = bodyOf(ready);
    if (lead) {
      setBusy(true);
      try {
        await completeLead({ ...body, form_response_id: lead.form_response_id });
        await finish(textOf(teamCatalogue, 'team.leadCompleted'));
      } catch (err) {
        if (!noteBlocked(err)) showError(err);
        setBusy(false);
      }
      return;
    }
    if (askOtp) return askCustomerOtp(textValue(ready, mobileId), body);
    await send(body);
  }

  return (
    <section className="team-lead">
      <button type="button" className="link-button team-lead__back" onClick={props.onBack}>
        ← {t('back')}
      </button>
      <h1 id="team-lead-title" className="team-lead__title">
        {form.data ? title : t('loading')}
      </h1>
      {lead?.status_comment && <p className="team-lead__comment">{t('comment', { comment: lead.status_comment })}</p>}
      {!form.data || draft.loaded === undefined ? (
        <QueryView query={form} failed={t('formLoadFailed')} retry={t('tryAgain')} loading={t('loading')}>
          {() => <Loader label={t('loading')} />}
        </QueryView>
      ) : (
        <form ref={formRef} className="card" onSubmit={submit} noValidate aria-labelledby="team-lead-title">
          {restored && (
            <p className="team-lead__draft" role="status">
              {t('draftRestored')}{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  void draft.restart();
                  setValues({});
                  setErrors({});
                  setKey(newKey());
                  setRestored(false);
                }}
              >
                {t('draftStartOver')}
              </button>
            </p>
          )}
          {form.data.description && <p className="muted">{form.data.description}</p>}
          {askOtp && <p className="muted">{t('customerOtpNote')}</p>}
          <LeadFormFields
            inputs={inputs}
            values={current}
            errors={errors}
            upload={teamUpload}
            MapPicker={MapPickerSlot}
            disabled={busy}
            onChange={(inputId, v) => {
              // Functional: an upload or an address may answer after other fields changed.
              setValues((prev) => ({ ...(prev ?? initialValues(inputs, lead)), [inputId]: v }));
              setErrors(({ [inputId]: _gone, ...rest }) => rest);
            }}
          />
          <p className="muted team-lead__saved" aria-live="polite">
            {draft.saved ? t('draftSaved') : ''}
          </p>
          {formError && (
            <p className="form-error" role="alert">
              {formError}
            </p>
          )}
          <button type="submit" className="button button--block" disabled={busy}>
            {busy ? t('submitting') : t('submit')}
          </button>
        </form>
      )}
      {otpFor && (
        <LeadOtpDialog
          open
          mobile={otpFor.mobile}
          secondsLeft={countdown.left}
          busy={busy}
          error={otpError}
          onResend={() => void askCustomerOtp(otpFor.mobile, otpFor.body)}
          onVerify={(otp) => void send({ ...otpFor.body, otp })}
          onClose={() => {
            setOtpFor(undefined);
            setOtpError(undefined);
          }}
        />
      )}
    </section>
  );
}
