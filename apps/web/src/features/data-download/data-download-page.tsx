import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { DATA_DOWNLOAD_EXTENSIONS, DATA_DOWNLOAD_MAX_BYTES, dataDownloadRoutes } from '@pmw/contract/data-download';
import { fileExtension } from '@pmw/contract/files';
import { api, apiDownload, putFile } from '../../shared/api-client';
import { showError, showSuccess } from '../../shared/message-bar';
import { SAMPLE_FILE_NAME, sampleFileUrl } from './sample-file';
import { t } from './messages';
import './data-download.css';
import { PageLanguageSwitch } from '../../shared/language-switch';

type Step = 'idle' | 'uploading' | 'generating';
interface Result {
  url: string;
  fileName: string;
}

function fileProblem(file: File | null): string | null {
  if (!file || !(DATA_DOWNLOAD_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return t('fileRequired');
  if (file.size > DATA_DOWNLOAD_MAX_BYTES) return t('fileTooLarge');
  return null;
}

/** `/bueno/output`: a sheet of lead ids in, the same sheet with each lead's data out. */
export function DataDownloadPage() {
  const fileId = useId();
  const passcodeId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [passcode, setPasscode] = useState('');
  const [showPasscode, setShowPasscode] = useState(false);
  const [errors, setErrors] = useState<{ file?: string | undefined; passcode?: string | undefined }>({});
  const [step, setStep] = useState<Step>('idle');
  const [result, setResult] = useState<Result | null>(null);
  const downloadRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const before = document.title;
    document.title = t('pageTitle');
    return () => {
      document.title = before;
    };
  }, []);
  // The generated file's object URL lives until the next one or leaving the page.
  useEffect(
    () => () => {
      if (result) URL.revokeObjectURL(result.url);
    },
    [result],
  );
  useEffect(() => {
    if (result) downloadRef.current?.click();
  }, [result]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problems = { file: fileProblem(file) ?? undefined, passcode: passcode.trim() ? undefined : t('passcodeRequired') };
    setErrors(problems);
    if (problems.file || problems.passcode || !file) return;
    try {
      setStep('uploading');
      const signed = await api(dataDownloadRoutes.signUpload, { body: { file_name: file.name, file_purpose: 'TASK_DATA', passcode } });
      await putFile(signed.url, file, signed.content_type);
      setStep('generating');
      const out = await apiDownload(dataDownloadRoutes.generate, { body: { key: signed.key, passcode } });
      setResult({ url: URL.createObjectURL(out.blob), fileName: out.fileName });
      showSuccess(t('ready', { name: out.fileName }));
    } catch (err) {
      showError(err);
    } finally {
      setStep('idle');
    }
  }

  const busy = step !== 'idle';
  return (
    <main className="dd">
      <PageLanguageSwitch />
      <form className="dd-card card" onSubmit={(e) => void onSubmit(e)} noValidate>
        <h1>{t('heading')}</h1>
        <p className="muted">{t('intro')}</p>
        <div className="field">
          <label htmlFor={fileId}>{t('fileLabel')}</label>
          <input
            id={fileId}
            type="file"
            className="input"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={`${fileId}-hint${errors.file ? ` ${fileId}-error` : ''}`}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setFile(chosen);
              setErrors((now) => ({ ...now, file: chosen ? (fileProblem(chosen) ?? undefined) : now.file }));
            }}
          />
          <p id={`${fileId}-hint`} className="field__hint">
            {t('fileHint')}
          </p>
          {errors.file && (
            <p id={`${fileId}-error`} className="field__error">
              {errors.file}
            </p>
          )}
          <a className="dd-sample" href={sampleFileUrl()} download={SAMPLE_FILE_NAME}>
            {t('sample')}
          </a>
        </div>
        <div className="field">
          <label htmlFor={passcodeId}>{t('passcodeLabel')}</label>
          <input
            id={passcodeId}
            type={showPasscode ? 'text' : 'password'}
            className="input"
            autoComplete="off"
            value={passcode}
            aria-invalid={errors.passcode ? true : undefined}
            aria-describedby={errors.passcode ? `${passcodeId}-error` : undefined}
            onChange={(e) => {
              setPasscode(e.target.value);
              if (e.target.value.trim()) setErrors((now) => ({ ...now, passcode: undefined }));
            }}
          />
          {errors.passcode && (
            <p id={`${passcodeId}-error`} className="field__error">
              {errors.passcode}
            </p>
          )}
          <label className="dd-check">
            <input type="checkbox" checked={showPasscode} onChange={(e) => setShowPasscode(e.target.checked)} /> {t('showPasscode')}
          </label>
        </div>
        <button type="submit" className="button button--block" disabled={busy}>
          {step === 'uploading' ? t('uploading') : step === 'generating' ? t('generating') : t('generate')}
        </button>
        {result && (
          <p className="dd-result" role="status">
            <a ref={downloadRef} href={result.url} download={result.fileName}>
              {t('downloadAgain', { name: result.fileName })}
            </a>
          </p>
        )}
      </form>
    </main>
  );
}
