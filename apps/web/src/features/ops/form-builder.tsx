import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fileRoutes } from '@pmw/contract/files';
import type { FormInputDef } from '@pmw/contract/lead-form';
import { inputsIn } from '@pmw/contract/content-language';
import { INPUT_CATEGORIES, INPUT_TYPES, formProblems, opsProjectRoutes, type OpsProject } from '@pmw/contract/ops-projects';
import { apiWithMessage } from '../../shared/api-client';
import { LeadFormFields, type LeadFieldValues } from '../../shared/lead-form';
import { showError, showMessage, showSuccess } from '../../shared/message-bar';
import { t } from './messages';

const opsFiles = fileRoutes('/ops', 'ops');
const ENUM_TYPES = ['DROPDOWN', 'RADIO', 'CHECKBOX'];
const FILE_TYPES = ['IMAGE', 'VIDEO', 'FILE'];

const starter = (): FormInputDef[] => [
  {
    input_id: 1,
    label: 'Customer Mobile',
    input_type: 'NUMBER',
    input_category: 'MOBILE',
    validation: { required: true },
    is_primary: true,
  },
  { input_id: 2, label: 'Customer Name', input_type: 'TEXT', validation: { required: true } },
];

/** Builds a project's lead form, input by input, with a live preview in the customers' renderer. */
export function FormBuilder({ project }: { project: OpsProject }) {
  const qc = useQueryClient();
  const [inputs, setInputs] = useState<FormInputDef[]>(() => project.form?.inputs ?? starter());
  const [otp, setOtp] = useState(project.form?.is_otp_required ?? true);
  const [description, setDescription] = useState(project.form?.description ?? '');
  const [descriptionHi, setDescriptionHi] = useState(project.form?.translations.hi?.description ?? '');
  const [previewHindi, setPreviewHindi] = useState(false);
  const [customLink, setCustomLink] = useState(project.form?.custom_link ?? '');
  const [preview, setPreview] = useState<LeadFieldValues>({});
  const base = useId();

  const update = (i: number, patch: Partial<FormInputDef>) => setInputs((xs) => xs.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  type InputHindi = NonNullable<NonNullable<FormInputDef['translations']>['hi']>;
  const updateHi = (i: number, patch: InputHindi) =>
    setInputs((xs) => xs.map((x, j) => (j === i ? { ...x, translations: { hi: { ...x.translations?.hi, ...patch } } } : x)));
  const move = (i: number, by: number) =>
    setInputs((xs) => {
      const j = i + by;
      if (j < 0 || j >= xs.length) return xs;
      const copy = [...xs];
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      return copy;
    });
  const save = useMutation({
    mutationFn: () =>
      apiWithMessage(opsProjectRoutes.saveForm, {
        params: { job_id: project.job_id },
        body: {
          inputs: inputs as never,
          is_otp_required: otp,
          description,
          custom_link: customLink,
          translations: { hi: { description: descriptionHi } },
        },
      }),
    onSuccess: (r) => {
      showSuccess(r.message);
      qc.setQueryData(['ops', 'project', project.job_id], r.data);
      void qc.invalidateQueries({ queryKey: ['ops', 'projects'] });
    },
    onError: showError,
  });

  return (
    <section className="ops__builder" aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`}>{t('formTitle')}</h2>
      <div className="ops__builder-cols">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const problems = formProblems(inputs);
            if (problems.length) showMessage('error', problems[0]!.message);
            else save.mutate();
          }}
        >
          <label className="ops__check">
            <input type="checkbox" checked={otp} onChange={(e) => setOtp(e.target.checked)} /> {t('otpRequired')}
          </label>
          <div className="field">
            <label htmlFor={`${base}-desc`}>{t('formDescription')}</label>
            <textarea id={`${base}-desc`} className="input" rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${base}-desc-hi`}>{t('inHindi', { label: t('formDescription') })}</label>
            <textarea
              id={`${base}-desc-hi`}
              lang="hi"
              className="input"
              rows={2}
              value={descriptionHi}
              onChange={(e) => setDescriptionHi(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${base}-link`}>{t('customLink')}</label>
            <input id={`${base}-link`} type="url" className="input" value={customLink} onChange={(e) => setCustomLink(e.target.value)} />
          </div>
          <ol className="ops__inputs">
            {inputs.map((input, i) => {
              const id = `${base}-${i}`;
              const n = i + 1;
              return (
                <li key={i} className="card">
                  <fieldset>
                    <legend>{t('inputWithId', { n, id: input.input_id })}</legend>
                    <div className="ops__grid">
                      <div className="field">
                        <label htmlFor={`${id}-label`}>{t('label')}</label>
                        <input
                          id={`${id}-label`}
                          className="input"
                          value={input.label}
                          onChange={(e) => update(i, { label: e.target.value })}
                        />
                      </div>
                      <div className="field">
                        <label htmlFor={`${id}-type`}>{t('inputType')}</label>
                        <select
                          id={`${id}-type`}
                          className="input"
                          value={input.input_type}
                          onChange={(e) => update(i, { input_type: e.target.value })}
                        >
                          {INPUT_TYPES.map((x) => (
                            <option key={x}>{x}</option>
                          ))}
                        </select>
                      </div>
                      <div className="field">
                        <label htmlFor={`${id}-cat`}>{t('inputCategory')}</label>
                        <select
                          id={`${id}-cat`}
                          className="input"
                          value={input.input_category ?? ''}
                          onChange={(e) => update(i, { input_category: e.target.value || null })}
                        >
                          <option value="">{t('noCategory')}</option>
                          {INPUT_CATEGORIES.map((x) => (
                            <option key={x}>{x}</option>
                          ))}
                        </select>
                      </div>
                      <div className="field">
                        <label htmlFor={`${id}-format`}>{t('inputFormat')}</label>
                        <input
                          id={`${id}-format`}
                          className="input"
                          value={input.input_format ?? ''}
                          onChange={(e) => update(i, { input_format: e.target.value || null })}
                        />
                      </div>
                      <div className="field">
                        <label htmlFor={`${id}-ph`}>{t('placeholder')}</label>
                        <input
                          id={`${id}-ph`}
                          className="input"
                          value={input.placeholder ?? ''}
                          onChange={(e) => update(i, { placeholder: e.target.value || null })}
                        />
                      </div>
                      {ENUM_TYPES.includes(input.input_type) && (
                        <div className="field">
                          <label htmlFor={`${id}-enum`}>{t('options')}</label>
                          <textarea
                            id={`${id}-enum`}
                            className="input"
                            rows={3}
                            value={(input.input_enum ?? []).join('\n')}
                            onChange={(e) => update(i, { input_enum: e.target.value.split('\n') })}
                          />
                        </div>
                      )}
                    </div>
                    <div className="ops__grid ops__hindi" lang="hi">
                      <div className="field">
                        <label htmlFor={`${id}-label-hi`} lang="en">
                          {t('inHindi', { label: t('label') })}
                        </label>
                        <input
                          id={`${id}-label-hi`}
                          className="input"
                          value={input.translations?.hi?.label ?? ''}
                          onChange={(e) => updateHi(i, { label: e.target.value })}
                        />
                      </div>
                      <div className="field">
                        <label htmlFor={`${id}-ph-hi`} lang="en">
                          {t('inHindi', { label: t('placeholder') })}
                        </label>
                        <input
                          id={`${id}-ph-hi`}
                          className="input"
                          value={input.translations?.hi?.placeholder ?? ''}
                          onChange={(e) => updateHi(i, { placeholder: e.target.value })}
                        />
                      </div>
                      {ENUM_TYPES.includes(input.input_type) && (
                        <div className="field">
                          <label htmlFor={`${id}-enum-hi`} lang="en">
                            {t('optionsInHindi')}
                          </label>
                          <textarea
                            id={`${id}-enum-hi`}
                            className="input"
                            rows={3}
                            value={(input.translations?.hi?.options ?? []).join('\n')}
                            onChange={(e) => updateHi(i, { options: e.target.value.split('\n') })}
                          />
                        </div>
                      )}
                    </div>
                    <div className="ops__checks">
                      <label className="ops__check">
                        <input
                          type="checkbox"
                          checked={input.validation?.required === true}
                          onChange={(e) => update(i, { validation: { required: e.target.checked } })}
                        />{' '}
                        {t('required')}
                      </label>
                      <label className="ops__check">
                        <input
                          type="checkbox"
                          checked={input.is_primary === true}
                          onChange={(e) => update(i, { is_primary: e.target.checked })}
                        />{' '}
                        {t('primary')}
                      </label>
                      {FILE_TYPES.includes(input.input_type) && (
                        <label className="ops__check">
                          <input
                            type="checkbox"
                            checked={input.isAllowFileManager === true}
                            onChange={(e) => update(i, { isAllowFileManager: e.target.checked })}
                          />{' '}
                          {t('fileManager')}
                        </label>
                      )}
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        onClick={() => move(i, -1)}
                        disabled={i === 0}
                        aria-label={`${t('moveUp')}: ${t('input', { n })}`}
                      >
                        ↑ {t('moveUp')}
                      </button>
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        onClick={() => move(i, 1)}
                        disabled={i === inputs.length - 1}
                        aria-label={`${t('moveDown')}: ${t('input', { n })}`}
                      >
                        ↓ {t('moveDown')}
                      </button>
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        onClick={() => setInputs((xs) => xs.filter((_, j) => j !== i))}
                        aria-label={`${t('remove')}: ${t('input', { n })}`}
                      >
                        {t('remove')}
                      </button>
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
          <p>
            <button
              type="button"
              className="button button--ghost"
              onClick={() =>
                setInputs((xs) => [
                  ...xs,
                  {
                    input_id: Math.max(0, ...xs.map((x) => x.input_id)) + 1,
                    label: '',
                    input_type: 'TEXT',
                    validation: { required: false },
                  },
                ])
              }
            >
              {t('addInput')}
            </button>{' '}
            <button type="submit" className="button" disabled={save.isPending}>
              {save.isPending ? t('saving') : t('saveForm')}
            </button>
          </p>
        </form>
        <aside className="card ops__preview" aria-labelledby={`${base}-preview`}>
          <h3 id={`${base}-preview`}>{t('preview')}</h3>
          <label className="ops__check">
            <input type="checkbox" checked={previewHindi} onChange={(e) => setPreviewHindi(e.target.checked)} /> {t('previewHindi')}
          </label>
          {(previewHindi && descriptionHi.trim() ? descriptionHi : description) && (
            <p className="muted">{previewHindi && descriptionHi.trim() ? descriptionHi : description}</p>
          )}
          <LeadFormFields
            inputs={inputsIn(
              inputs.filter((x) => x.label.trim()),
              previewHindi ? 'hi' : 'en',
            )}
            values={preview}
            onChange={(inputId, v) => setPreview((p) => ({ ...p, [inputId]: v }))}
            upload={{ signUpload: opsFiles.signUpload, add: opsFiles.add, purpose: 'JOB_MEDIA' }}
          />
        </aside>
      </div>
    </section>
  );
}
