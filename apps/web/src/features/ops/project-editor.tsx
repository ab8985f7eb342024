import { useEffect, useId, useState } from 'react';
import { get, useFieldArray, useForm, type FieldError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useNavigate, useParams, Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileRoutes } from '@pmw/contract/files';
import { opsProjectRoutes, projectBodySchema, type OpsProject, type ProjectBody } from '@pmw/contract/ops-projects';
import type { ProjectTextField } from '@pmw/contract/content-language';
import { opsCatalogueRoutes } from '@pmw/contract/catalogue';
import { api, apiWithMessage, putFile } from '../../shared/api-client';
import { showError, showMessage, showSuccess } from '../../shared/message-bar';
import { Loader } from '../../shared/loader';
import { FormBuilder } from './form-builder';
import { SlotsPanel } from './slots-panel';
import { Field } from '../../shared/field';
import { t } from './messages';
import { QueryView } from './common';
import { PROJECT_ACTION_STATUS, PROJECT_ARCHIVE_STATUS } from '@pmw/contract/project-status';

const opsFiles = fileRoutes('/ops', 'ops');

/** The texts a reader sees, each with the console's name for it: the editor writes their Hindi beside the English. */
const HINDI_LABELS: Record<ProjectTextField, Parameters<typeof t>[0]> = {
  job_title: 'jobTitle',
  tag_line: 'tagLine',
  rewards: 'rewards',
  payout_prefix: 'payoutPrefix',
  payout_text: 'payoutText',
  payout_text_custom: 'payoutTextCustom',
  criteria: 'criteria',
  features: 'features',
  perks: 'perks',
  description: 'description',
  customer_tnc: 'customerTnc',
  customer_criteria: 'customerCriteria',
  customer_features: 'customerFeatures',
  archive_message: 'archiveMessage',
  hold_message: 'holdMessage',
  application_archive_message: 'appArchiveMessage',
  consumer_instruction: 'consumerInstruction',
};

/** What the editor holds: the project's fields as typed (strings for numbers and lists). */
interface Draft {
  employer_id: string;
  job_category_id: string;
  job_title: string;
  slug_name: string;
  type: string;
  domain: string;
  tag_line: string;
  rewards: string;
  criteria: string;
  features: string;
  perks: string;
  description: string;
  duration: string;
  min_salary: string;
  max_salary: string;
  payout_rupees: string;
  payout_prefix: string;
  payout_text: string;
  payout_text_custom: string;
  customer_tnc: string;
  customer_criteria: string;
  customer_features: string;
  logo_url: string;
  logo_file_id: number | null;
  banner_file_id: number | null;
  locations: { city: string; address: string; pincode: string }[];
  pincodes: string;
  action_status: '10' | '20';
  archive_status: boolean;
  archive_message: string;
  on_hold: boolean;
  hold_message: string;
  utm_selected: boolean;
  hidden_from_partners: boolean;
  application_archive_status: boolean;
  application_archive_message: string;
  is_credit_flow: boolean;
  asks_merchant_feedback: boolean;
  min_income: string;
  min_score: string;
  min_age: string;
  max_age: string;
  duplicate_window_days: string;
  validity_days: string;
  lead_hours_start: string;
  lead_hours_end: string;
  redirect_link: string;
  consumer_instruction: string;
  /** Each text in Hindi, as typed (lists one entry a line, in the English list's order). */
  hi: Record<ProjectTextField, string>;
}

const LIST_FIELDS: readonly ProjectTextField[] = ['features', 'perks', 'customer_features'];

const lines = (v: string[]) => v.join('\n');
const fromProject = (p: OpsProject | undefined): Draft => ({
  employer_id: p ? String(p.employer_id) : '',
  job_category_id: p ? String(p.job_category_id) : '',
  job_title: p?.job_title ?? '',
  slug_name: p?.slug_name ?? '',
  type: p?.type ?? '',
  domain: p?.domain ?? '',
  tag_line: p?.tag_line ?? '',
  rewards: p?.rewards ?? '',
  criteria: p?.criteria ?? '',
  features: lines(p?.features ?? []),
  perks: lines(p?.perks ?? []),
  description: p?.description ?? '',
  duration: p?.duration?.toString() ?? '',
  min_salary: p?.min_salary?.toString() ?? '',
  max_salary: p?.max_salary?.toString() ?? '',
  payout_rupees: p ? String(p.payout_paise / 100) : '',
  payout_prefix: p?.payout_prefix ?? '',
  payout_text: p?.payout_text ?? '',
  payout_text_custom: p?.payout_text_custom ?? '',
  customer_tnc: p?.customer_tnc ?? '',
  customer_criteria: p?.customer_criteria ?? '',
  customer_features: lines(p?.customer_features ?? []),
  logo_url: p?.logo_url ?? '',
  logo_file_id: null,
  banner_file_id: null,
  locations: (p?.locations ?? []).map((l) => ({ city: l.city, address: l.address ?? '', pincode: l.pincode ?? '' })),
  pincodes: (p?.pincodes ?? []).join(', '),
  action_status: p?.action_status === PROJECT_ACTION_STATUS.shareLink ? '20' : '10',
  archive_status: p?.archive_status === PROJECT_ARCHIVE_STATUS.archived,
  archive_message: p?.archive_message ?? '',
  on_hold: p?.on_hold ?? false,
  hold_message: p?.hold_message ?? '',
  utm_selected: p?.utm_selected ?? true,
  hidden_from_partners: p?.hidden_from_partners ?? false,
  application_archive_status: p?.application_archive_status === PROJECT_ARCHIVE_STATUS.archived,
  application_archive_message: p?.application_archive_message ?? '',
  is_credit_flow: p?.is_credit_flow ?? false,
  asks_merchant_feedback: p?.asks_merchant_feedback ?? false,
  min_income: p?.credit_rules?.min_income?.toString() ?? '',
  min_score: p?.credit_rules?.min_score?.toString() ?? '',
  min_age: p?.credit_rules?.min_age?.toString() ?? '',
  max_age: p?.credit_rules?.max_age?.toString() ?? '',
  duplicate_window_days: String(p?.duplicate_window_days ?? 30),
  validity_days: String(p?.validity_days ?? 30),
  lead_hours_start: p?.lead_hours_start ?? '',
  lead_hours_end: p?.lead_hours_end ?? '',
  redirect_link: p?.redirect_link ?? '',
  consumer_instruction: p?.consumer_instruction ?? '',
  hi: hindiDraft(p),
});

function hindiDraft(p: OpsProject | undefined): Record<ProjectTextField, string> {
  const hi: Partial<Record<ProjectTextField, string | string[] | null>> = p?.translations.hi ?? {};
  const out = {} as Record<ProjectTextField, string>;
  for (const field of Object.keys(HINDI_LABELS) as ProjectTextField[]) {
    const v = hi[field];
    out[field] = Array.isArray(v) ? lines(v) : (v ?? '');
  }
  return out;
}

/** A Hindi list keeps its positions (an empty line falls back to the English entry there); only the trailing empty lines go. */
const hindiList = (s: string) => {
  const entries = s.split('\n').map((x) => x.trim());
  while (entries.length && !entries[entries.length - 1]) entries.pop();
  return entries;
};

function hindiBody(hi: Record<ProjectTextField, string>) {
  return Object.fromEntries(
    (Object.keys(hi) as ProjectTextField[]).map((field) => [field, LIST_FIELDS.includes(field) ? hindiList(hi[field]) : hi[field]]),
  );
}

const int = (s: string) => (s.trim() === '' ? null : Number(s));
const list = (s: string) =>
  s
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean);
const orUndefined = <T,>(v: T | null) => (v === null ? undefined : v);

function toBody(d: Draft): ProjectBody {
  const rules = {
    min_income: orUndefined(int(d.min_income)),
    min_score: orUndefined(int(d.min_score)),
    min_age: orUndefined(int(d.min_age)),
    max_age: orUndefined(int(d.max_age)),
  };
  return {
    employer_id: Number(d.employer_id) || 0,
    job_category_id: Number(d.job_category_id) || 0,
    job_title: d.job_title,
    slug_name: d.slug_name.trim(),
    type: d.type,
    domain: d.domain,
    tag_line: d.tag_line,
    rewards: d.rewards,
    criteria: d.criteria,
    features: list(d.features),
    perks: list(d.perks),
    description: d.description,
    duration: int(d.duration),
    min_salary: int(d.min_salary),
    max_salary: int(d.max_salary),
    payout_paise: Math.round(Number(d.payout_rupees || 0) * 100),
    payout_prefix: d.payout_prefix,
    payout_text: d.payout_text,
    payout_text_custom: d.payout_text_custom,
    customer_tnc: d.customer_tnc,
    customer_criteria: d.customer_criteria,
    customer_features: list(d.customer_features),
    logo_url: d.logo_url,
    logo_file_id: d.logo_file_id,
    banner_file_id: d.banner_file_id,
    locations: d.locations.filter((l) => l.city.trim()).map((l) => ({ city: l.city, address: l.address, pincode: l.pincode })),
    pincodes: d.pincodes
      .split(/[\s,]+/)
      .map((x) => x.trim())
      .filter(Boolean),
    action_status: d.action_status === '20' ? PROJECT_ACTION_STATUS.shareLink : PROJECT_ACTION_STATUS.addLead,
    archive_status: d.archive_status ? PROJECT_ARCHIVE_STATUS.archived : PROJECT_ARCHIVE_STATUS.live,
    archive_message: d.archive_message,
    on_hold: d.on_hold,
    hold_message: d.hold_message,
    utm_selected: d.utm_selected,
    hidden_from_partners: d.hidden_from_partners,
    application_archive_status: d.application_archive_status ? PROJECT_ARCHIVE_STATUS.archived : PROJECT_ARCHIVE_STATUS.live,
    application_archive_message: d.application_archive_message,
    is_credit_flow: d.is_credit_flow,
    asks_merchant_feedback: d.asks_merchant_feedback,
    credit_rules: d.is_credit_flow ? rules : null,
    duplicate_window_days: Number(d.duplicate_window_days),
    validity_days: Number(d.validity_days),
    lead_hours_start: d.lead_hours_start,
    lead_hours_end: d.lead_hours_end,
    redirect_link: d.redirect_link,
    consumer_instruction: d.consumer_instruction,
    translations: { hi: hindiBody(d.hi) },
  };
}

/** The editor's strings become the API's body, checked by the contract's own rules. */
const draftSchema = z.custom<Draft>().transform(toBody).pipe(projectBodySchema);

/** Create or edit a project with every Job field, then its lead form. */
export function ProjectEditor() {
  const { jobId } = useParams();
  const id = jobId ? Number(jobId) : undefined;
  const project = useQuery({
    queryKey: ['ops', 'project', id],
    queryFn: () => api(opsProjectRoutes.get, { params: { job_id: id! } }),
    enabled: id !== undefined,
  });
  if (id === undefined) return <Editor key="new" project={undefined} />;
  return <QueryView query={project}>{(p) => <Editor key={id} project={p} />}</QueryView>;
}

function Editor({ project }: { project: OpsProject | undefined }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<Draft, unknown, z.output<typeof draftSchema>>({
    resolver: zodResolver(draftSchema),
    defaultValues: fromProject(project),
  });
  const { register, watch, setValue, formState } = form;
  useEffect(() => form.reset(fromProject(project)), [project, form]);
  const locations = useFieldArray({ control: form.control, name: 'locations' });
  const meta = useQuery({ queryKey: ['ops', 'projects', 'meta'], queryFn: () => api(opsProjectRoutes.meta) });
  const [newEmployer, setNewEmployer] = useState('');

  const save = useMutation({
    mutationFn: (body: ProjectBody) =>
      project
        ? apiWithMessage(opsProjectRoutes.update, { params: { job_id: project.job_id }, body })
        : apiWithMessage(opsProjectRoutes.create, { body }),
    onSuccess: (r) => {
      showSuccess(r.message);
      qc.setQueryData(['ops', 'project', r.data.job_id], r.data);
      void qc.invalidateQueries({ queryKey: ['ops', 'projects'] });
      if (!project) void navigate(`/ops/projects/${r.data.job_id}`);
    },
    onError: showError,
  });
  const addEmployer = useMutation({
    mutationFn: () => apiWithMessage(opsCatalogueRoutes.addEmployer, { body: { employer_name: newEmployer } }),
    onSuccess: (r) => {
      showSuccess(r.message);
      setNewEmployer('');
      setValue('employer_id', String(r.data.employer_id));
      void qc.invalidateQueries({ queryKey: ['ops', 'projects', 'meta'] });
      void qc.invalidateQueries({ queryKey: ['ops', 'employers'] });
    },
    onError: showError,
  });

  /** The message for a field of the body, which may be held under another name while typed. */
  const errorAt = (path: string): FieldError | undefined => {
    const found = get(formState.errors, path) as FieldError | FieldError[] | undefined;
    return Array.isArray(found) ? found.find(Boolean) : found;
  };
  type TextKey = { [K in keyof Draft]: Draft[K] extends string ? K : never }[keyof Draft];
  const text = (k: TextKey, label: string, opts: { multiline?: boolean; type?: string; errorPath?: string } = {}) => (
    <Field label={label} error={errorAt(opts.errorPath ?? k)}>
      {(a11y) =>
        opts.multiline ? (
          <textarea {...a11y} className="input" rows={3} {...register(k)} />
        ) : (
          <input
            {...a11y}
            className="input"
            type={opts.type ?? 'text'}
            {...register(k)}
            {...(opts.type === 'number' ? { min: 0, step: 'any' } : {})}
          />
        )
      }
    </Field>
  );
  /** An English text and its Hindi side by side. */
  const both = (k: TextKey & ProjectTextField, opts: { multiline?: boolean } = {}) => {
    const label = t(HINDI_LABELS[k]);
    return (
      <div className="ops__pair">
        {text(k, label, opts)}
        <Field label={t('inHindi', { label })} error={errorAt(`translations.hi.${k}`)}>
          {(a11y) =>
            opts.multiline ? (
              <textarea {...a11y} lang="hi" className="input" rows={3} {...register(`hi.${k}`)} />
            ) : (
              <input {...a11y} lang="hi" className="input" type="text" {...register(`hi.${k}`)} />
            )
          }
        </Field>
      </div>
    );
  };
  const check = (
    k:
      | 'archive_status'
      | 'on_hold'
      | 'utm_selected'
      | 'hidden_from_partners'
      | 'application_archive_status'
      | 'is_credit_flow'
      | 'asks_merchant_feedback',
    label: string,
  ) => (
    <label className="ops__check">
      <input type="checkbox" {...register(k)} /> {label}
    </label>
  );
  const [archived, onHold, appsClosed, creditFlow] = watch(['archive_status', 'on_hold', 'application_archive_status', 'is_credit_flow']);

  return (
    <section aria-labelledby="editor-title">
      <p>
        <Link to="/ops/projects">{t('backToProjects')}</Link>
      </p>
      <h1 id="editor-title">{project ? t('editProject', { id: project.job_id }) : t('createProject')}</h1>
      <form
        className="ops__editor"
        noValidate
        onSubmit={form.handleSubmit(
          (body) => save.mutate(body),
          () => showMessage('error', t('fixFields')),
        )}
      >
        <p className="muted">{t('hindiHint')}</p>
        <fieldset>
          <legend>{t('secBasics')}</legend>
          <div className="ops__grid">
            <Field label={t('employer')} error={errorAt('employer_id')}>
              {(a11y) => (
                <select {...a11y} className="input" {...register('employer_id')}>
                  <option value="">{t('chooseEmployer')}</option>
                  {meta.data?.employers
                    .filter((e) => !e.retired || e.employer_id === project?.employer_id)
                    .map((e) => (
                      <option key={e.employer_id} value={e.employer_id}>
                        {e.employer_name}
                      </option>
                    ))}
                </select>
              )}
            </Field>
            <div className="ops__inline">
              <Field label={t('newEmployer')}>
                {(a11y) => <input {...a11y} className="input" value={newEmployer} onChange={(e) => setNewEmployer(e.target.value)} />}
              </Field>
              <button
                type="button"
                className="button button--ghost button--small"
                disabled={newEmployer.trim().length < 2 || addEmployer.isPending}
                onClick={() => addEmployer.mutate()}
              >
                {t('addEmployer')}
              </button>
            </div>
            <Field label={t('category')} error={errorAt('job_category_id')}>
              {(a11y) => (
                <select {...a11y} className="input" {...register('job_category_id')}>
                  <option value="">{t('chooseCategory')}</option>
                  {meta.data?.categories
                    .filter((c) => !c.retired || c.job_category_id === project?.job_category_id)
                    .map((c) => (
                      <option key={c.job_category_id} value={c.job_category_id}>
                        {c.title}
                      </option>
                    ))}
                </select>
              )}
            </Field>
            {both('job_title')}
            {text('slug_name', t('slug'))}
            {text('type', t('type'))}
            {text('domain', t('domain'))}
            {both('tag_line')}
            {text('duration', t('duration'), { type: 'number' })}
            {text('min_salary', t('minSalary'), { type: 'number' })}
            {text('max_salary', t('maxSalary'), { type: 'number' })}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('secTexts')}</legend>
          <div className="ops__grid">
            {both('rewards')}
            {both('criteria', { multiline: true })}
            {both('features', { multiline: true })}
            {both('perks', { multiline: true })}
            {both('description', { multiline: true })}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('secPayout')}</legend>
          <div className="ops__grid">
            {text('payout_rupees', t('payoutRupees'), { type: 'number', errorPath: 'payout_paise' })}
            {both('payout_prefix')}
            {both('payout_text')}
            {both('payout_text_custom')}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('secCustomer')}</legend>
          <div className="ops__grid">
            {both('customer_tnc', { multiline: true })}
            {both('customer_criteria', { multiline: true })}
            {both('customer_features', { multiline: true })}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('secMedia')}</legend>
          <div className="ops__grid">
            <MediaField label={t('logo')} current={project?.logo_key ?? null} onUploaded={(fileId) => setValue('logo_file_id', fileId)} />
            <MediaField
              label={t('banner')}
              current={project?.banner_key ?? null}
              onUploaded={(fileId) => setValue('banner_file_id', fileId)}
            />
            {text('logo_url', t('logoUrl'), { type: 'url' })}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('secWhere')}</legend>
          {locations.fields.map((l, i) => (
            <div className="ops__row" key={l.id}>
              {(['city', 'address', 'pincode'] as const).map((k) => (
                <Field key={k} label={`${t(k)} ${i + 1}`} error={errorAt(`locations.${i}.${k}`)}>
                  {(a11y) => <input {...a11y} className="input" {...register(`locations.${i}.${k}`)} />}
                </Field>
              ))}
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => locations.remove(i)}
                aria-label={`${t('remove')} ${t('city')} ${i + 1}`}
              >
                {t('remove')}
              </button>
            </div>
          ))}
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => locations.append({ city: '', address: '', pincode: '' })}
          >
            {t('addLocation')}
          </button>
          {text('pincodes', t('pincodes'), { multiline: true })}
        </fieldset>
        <fieldset>
          <legend>{t('secStatus')}</legend>
          <div className="ops__grid">
            <Field label={t('actionStatus')}>
              {(a11y) => (
                <select {...a11y} className="input" {...register('action_status')}>
                  <option value="10">{t('action10')}</option>
                  <option value="20">{t('action20')}</option>
                </select>
              )}
            </Field>
            <div>
              {check('archive_status', t('archiveStatus'))}
              {archived && both('archive_message')}
            </div>
            <div>
              {check('on_hold', t('onHoldLabel'))}
              {onHold && both('hold_message')}
            </div>
            <div>
              {check('utm_selected', t('utmSelected'))}
              <p className="muted">{t('utmSelectedHint')}</p>
            </div>
            <div>
              {check('hidden_from_partners', t('hiddenFromPartners'))}
              <p className="muted">{t('hiddenFromPartnersHint')}</p>
            </div>
            <div>
              {check('application_archive_status', t('appArchive'))}
              {appsClosed && both('application_archive_message')}
            </div>
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('secRules')}</legend>
          <div className="ops__grid">
            {text('duplicate_window_days', t('duplicateWindow'), { type: 'number' })}
            {text('validity_days', t('validity'), { type: 'number' })}
            {text('lead_hours_start', t('leadHoursStart'), { type: 'time' })}
            {text('lead_hours_end', t('leadHoursEnd'), { type: 'time' })}
            {text('redirect_link', t('redirectLink'), { type: 'url' })}
          </div>
          {check('asks_merchant_feedback', t('asksMerchantFeedbackLabel'))}
          {both('consumer_instruction', { multiline: true })}
          {check('is_credit_flow', t('creditFlowLabel'))}
          {creditFlow && (
            <div className="ops__grid">
              {text('min_income', t('minIncome'), { type: 'number', errorPath: 'credit_rules.min_income' })}
              {text('min_score', t('minScore'), { type: 'number', errorPath: 'credit_rules.min_score' })}
              {text('min_age', t('minAge'), { type: 'number', errorPath: 'credit_rules.min_age' })}
              {text('max_age', t('maxAge'), { type: 'number', errorPath: 'credit_rules.max_age' })}
            </div>
          )}
        </fieldset>
        <div className="ops__sticky">
          <button type="submit" className="button" disabled={save.isPending}>
            {save.isPending ? t('saving') : t('saveProject')}
          </button>
        </div>
      </form>
      {project ? <FormBuilder project={project} /> : <p className="muted">{t('formFirst')}</p>}
      {project && <SlotsPanel project={project} />}
    </section>
  );
}

/** Uploads an image through the ops upload flow (purpose JOB_MEDIA) and hands back its file id. */
export function MediaField(props: { label: string; current: string | null; onUploaded: (fileId: number) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState<string | null>(null);
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="file"
        accept=".jpg,.jpeg,.png,.webp"
        className="input"
        disabled={busy}
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          setBusy(true);
          try {
            const signed = await api(opsFiles.signUpload, { body: { file_name: file.name, file_purpose: 'JOB_MEDIA' } });
            await putFile(signed.url, file, signed.content_type);
            const added = await api(opsFiles.add, { body: { file_key: signed.key, file_name: file.name, file_purpose: 'JOB_MEDIA' } });
            props.onUploaded(added.file_id);
            setName(file.name);
          } catch (err) {
            showError(err);
          } finally {
            setBusy(false);
          }
        }}
      />
      {busy && <Loader />}
      {name ? (
        <span className="muted">{t('uploaded', { name })}</span>
      ) : (
        props.current && <span className="muted">{t('currentFile', { key: props.current })}</span>
      )}
    </div>
  );
}
