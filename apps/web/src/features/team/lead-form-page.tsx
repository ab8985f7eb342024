import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { firstLeadError, isFileInput, parseLocation, type FormInputDef, type MapLocation } from '@pmw/contract/lead-form';
import { GEOLOCATION_TIMEOUT_MS, teamMessages, type TeamLead, type TeamMember, type TeamProject } from '@pmw/contract/team';
import { LeadFormFields, leadFormErrors, textValue, toLeadInputValues, type LeadFieldValues, type MapPickerProps } from '../../shared/lead-form';
import { Loader } from '../../shared/loader';
import { showError, showSuccess } from '../../shared/message-bar';
import { completeLead, fetchProjectData, submitLead, teamKeys, teamUpload } from './team-api';
import { enqueueLead, isOffline } from './offline-queue';
import { noteBlocked } from './blocked';
import { t } from './messages';
import { QueryView } from '../../shared/query-view';

const LeafletPicker = lazy(() => import('./map-picker').then((m) => ({ default: m.MapPicker })));

/** Leaflet loads only when a form has a map input. */
function MapPickerSlot(props: MapPickerProps) {
  return (
    <Suspense fallback={<Loader label={t('loading')} />}>
      <LeafletPicker {...props} />
    </Suspense>
  );
}

/** A key per lead form, kept through retries and the offline queue. */
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

/** Where the field agent stands, asked once when the form opens; the lead goes without it if refused. */
function useDevicePosition(): MapLocation | undefined {
  const [pos, setPos] = useState<MapLocation>();
  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    navigator.geolocation.getCurrentPosition(
      (p) => setPos({ lat: Number(p.coords.latitude.toFixed(6)), lng: Number(p.coords.longitude.toFixed(6)) }),
      () => undefined,
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  }, []);
  return pos;
}

/** Add a lead to a project, or 'Add Details' to a lead that waits for them. */
export function LeadFormPage(props: {
  project: Pick<TeamProject, 'job_id' | 'job_title'>;
  lead?: TeamLead | undefined;
  member: TeamMember;
  onDone: () => void;
  onBack: () => void;
}) {
  const { project, lead, member } = props;
  const form = useQuery({ queryKey: teamKeys.projectData(project.job_id), queryFn: () => fetchProjectData(project.job_id), staleTime: 5 * 60_000 });
  const [values, setValues] = useState<LeadFieldValues>();
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const [key] = useState(newKey);
  const position = useDevicePosition();

  const inputs = form.data?.inputs ?? [];
  const current = values ?? initialValues(inputs, lead);
  const title = lead ? t('completeTitle', { title: project.job_title }) : t('leadTitle', { title: project.job_title });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!form.data) return;
    const found = leadFormErrors(inputs, current);
    setErrors(found);
    const first = firstLeadError(inputs, found);
    if (first) return showError(first);
    const body = {
      form_id: form.data.form_id,
      input: toLeadInputValues(inputs, current),
      ...(position ? { location: position } : {}),
    };
    setBusy(true);
    try {
      if (lead) {
        await completeLead({ ...body, form_response_id: lead.form_response_id });
        showSuccess(teamMessages.leadCompleted);
      } else if (!navigator.onLine) {
        queue(body);
      } else {
        await submitLead({ ...body, idempotency_key: key });
        showSuccess(t('leadAdded'));
      }
      props.onDone();
    } catch (err) {
      if (!lead && isOffline(err)) {
        queue(body);
        props.onDone();
      } else if (!noteBlocked(err)) {
        // Nothing typed is lost: the form stays as it was.
        showError(err);
        setBusy(false);
      }
    }
  }

  function queue(body: Omit<Parameters<typeof submitLead>[0], 'idempotency_key'>) {
    const mobileId = inputs.find((i) => i.input_category === 'MOBILE')?.input_id;
    enqueueLead({ key, user_id: member.user_id, job_title: project.job_title, customer: textValue(current, mobileId), body: { ...body, idempotency_key: key } });
    showSuccess(t('leadQueued'));
  }

  return (
    <section className="team-lead">
      <button type="button" className="link-button team-lead__back" onClick={props.onBack}>
        ← {t('back')}
      </button>
      <h1 className="team-lead__title">{title}</h1>
      {lead?.status_comment && <p className="team-lead__comment">{t('comment', { comment: lead.status_comment })}</p>}
      {!form.data ? (
        <QueryView query={form} failed={t('formLoadFailed')} retry={t('tryAgain')} loading={t('loading')}>{() => null}</QueryView>
      ) : (
        <form className="card" onSubmit={submit} noValidate>
          {form.data.description && <p className="muted">{form.data.description}</p>}
          <LeadFormFields
            inputs={inputs}
            values={current}
            errors={errors}
            upload={teamUpload}
            MapPicker={MapPickerSlot}
            disabled={busy}
            onChange={(id, v) => {
              // Functional: an upload or an address may answer after other fields changed.
              setValues((prev) => ({ ...(prev ?? initialValues(inputs, lead)), [id]: v }));
              setErrors(({ [id]: _gone, ...rest }) => rest);
            }}
          />
          <button type="submit" className="button button--block" disabled={busy}>
            {busy ? t('submitting') : t('submit')}
          </button>
        </form>
      )}
    </section>
  );
}
