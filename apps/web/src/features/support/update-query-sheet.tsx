import { useId, useRef, useState, type FormEvent } from 'react';
import { ATTACHMENT_ACCEPT, CHAT_MAX_LENGTH, attachmentProblem, chatMessageSchema } from '@pmw/contract/support';
import { Dialog } from '../../shared/dialog';
import { showError } from '../../shared/message-bar';
import { t } from './messages';
import { firstIssue } from '../../shared/i18n';

/**
 * 'Update Query': the reply sheet with its 750-character limit and file
 * chooser. What was typed stays when sending fails or the sheet is closed.
 */
export function UpdateQuerySheet(props: {
  open: boolean;
  onClose: () => void;
  onSubmit: (text: string, file: File | null) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const formId = useId();

  function choose(next: File | undefined) {
    if (!next) return;
    const problem = attachmentProblem(next);
    if (problem) {
      showError(problem);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setFile(next);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = chatMessageSchema.safeParse(text);
    if (!parsed.success) return setError(firstIssue(parsed.error) ?? null);
    setError(null);
    setBusy(true);
    const ok = await props.onSubmit(parsed.data, file);
    setBusy(false);
    if (ok) {
      setText('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    <Dialog
      open={props.open}
      variant="sheet"
      title={t('updateQuery')}
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={props.onClose}>
            {t('close')}
          </button>
          <button type="submit" form={formId} className="button" disabled={busy}>
            {t('submit')}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${formId}-text`}>{t('describe')}</label>
          <textarea
            id={`${formId}-text`}
            className="input"
            rows={5}
            maxLength={CHAT_MAX_LENGTH}
            value={text}
            aria-invalid={!!error}
            aria-describedby={`${formId}-hint${error ? ` ${formId}-error` : ''}`}
            onChange={(e) => {
              setText(e.target.value);
              // The complaint is about an empty text: it goes once there is one.
              if (e.target.value.trim()) setError(null);
            }}
            autoFocus
          />
          <p id={`${formId}-hint`} className="field__hint">
            {t('charsLeft', { n: CHAT_MAX_LENGTH - text.length })}
          </p>
          {error && (
            <p id={`${formId}-error`} className="field__error">
              {error}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${formId}-file`}>{t('chooseFile')}</label>
          <input
            id={`${formId}-file`}
            ref={fileInput}
            type="file"
            accept={ATTACHMENT_ACCEPT}
            onChange={(e) => choose(e.target.files?.[0])}
            disabled={busy}
          />
          {file && (
            <p className="chosen-file">
              <span>{file.name}</span>
              <button
                type="button"
                className="link-button"
                aria-label={t('removeFile', { name: file.name })}
                onClick={() => {
                  setFile(null);
                  if (fileInput.current) fileInput.current.value = '';
                }}
              >
                ×
              </button>
            </p>
          )}
        </div>
      </form>
    </Dialog>
  );
}
