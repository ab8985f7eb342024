import { useEffect, useRef, useState } from 'react';
import { acceptFor as acceptList, allowedExtensions, fileProblem, type FileKind } from '@pmw/contract/files';
import type { FormInputDef } from '@pmw/contract/lead-form';
import { ApiError, isUnreachable } from '../api-client';
import { showError } from '../message-bar';
import { validationText } from '../i18n';
import { LiveButton, useLive } from '../public-page/live';
import { t } from './messages';
import type { KeptFile, LeadUploadConfig, UploadedFile } from './types';
import { pickedFileName, uploadFile } from './upload';

/** What the picker offers for each input type; images and videos open the camera unless the form allows the file manager. */
const kindOf = (input: FormInputDef): FileKind => {
  const type = input.input_type.toUpperCase();
  return type === 'IMAGE' || type === 'VIDEO' ? type : 'FILE';
};

/** What the picker offers: exactly the types the server takes for the input; photos and videos open the camera unless the form allows the file manager. */
function acceptFor(input: FormInputDef, upload: LeadUploadConfig): { accept: string; capture: 'environment' | undefined } {
  const kind = kindOf(input);
  const camera = kind !== 'FILE' && !input.isAllowFileManager ? 'environment' : undefined;
  return { accept: acceptList(allowedExtensions(upload.purpose, kind)), capture: camera };
}

/** IMAGE, VIDEO and FILE inputs: pick, upload through the area's upload flow, show what was uploaded. */
export function FileField(props: {
  id: string;
  input: FormInputDef;
  value: UploadedFile | KeptFile | undefined;
  onChange: (file: UploadedFile | KeptFile | undefined) => void;
  upload: LeadUploadConfig;
  disabled?: boolean | undefined;
  describedBy?: string | undefined;
  invalid: boolean;
}) {
  const { input, upload } = props;
  const [busy, setBusy] = useState(false);
  // A file picked in the server's HTML could not be kept when the page goes live: the picker waits for it.
  const live = useLive();
  const fileRef = useRef<HTMLInputElement>(null);
  const { accept, capture } = acceptFor(input, upload);
  const type = input.input_type.toUpperCase();
  const pickLabel =
    type === 'IMAGE' ? (capture ? t('takePhoto') : t('choosePhoto')) : type === 'VIDEO' ? t('recordVideo') : t('chooseFile');
  const preview = props.value?.preview_url;

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function onPick(file: File | undefined) {
    if (!file) return;
    const fileName = pickedFileName(file, type);
    const problem = fileProblem(upload.purpose, { name: fileName, size: file.size }, kindOf(input));
    if (problem) {
      showError(validationText(problem));
      if (fileRef.current) fileRef.current.value = '';
      return;
    }
    const preview = type === 'IMAGE' ? { preview_url: URL.createObjectURL(file) } : {};
    // Without a signal the file stays on the device and uploads with the lead later.
    const keep = () => props.onChange({ kept: true, file_name: fileName, blob: file, ...preview });
    if (upload.keepOffline && !navigator.onLine) {
      keep();
      if (fileRef.current) fileRef.current.value = '';
      return;
    }
    setBusy(true);
    try {
      const added = await uploadFile(upload, file, fileName);
      props.onChange({ file_id: added.file_id, file_name: fileName, ...(type === 'IMAGE' ? { ...preview, photo: file } : {}) });
    } catch (err) {
      if (upload.keepOffline && isUnreachable(err)) keep();
      else showError(err instanceof ApiError ? err : t('uploadFailed'));
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  return (
    <div className="lead-file">
      <input
        ref={fileRef}
        id={props.id}
        type="file"
        className="visually-hidden"
        accept={accept}
        {...(capture ? { capture } : {})}
        disabled={props.disabled || busy || !live}
        aria-invalid={props.invalid}
        aria-describedby={props.describedBy}
        onChange={(e) => void onPick(e.target.files?.[0])}
      />
      {props.value ? (
        <div className="lead-file__done">
          {preview && <img className="lead-file__preview" src={preview} alt="" width={56} height={56} />}
          <span className="lead-file__name">
            {'kept' in props.value ? t('kept', { name: props.value.file_name }) : t('uploaded', { name: props.value.file_name })}
            {'kept' in props.value && !props.value.problem && <span className="lead-file__note muted">{t('keptNote')}</span>}
          </span>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={props.disabled || busy}
            onClick={() => fileRef.current?.click()}
          >
            {t('replace')}
          </button>
          <button type="button" className="link-button" disabled={props.disabled || busy} onClick={() => props.onChange(undefined)}>
            {t('remove')}
          </button>
        </div>
      ) : (
        <LiveButton
          className="button button--ghost"
          disabled={props.disabled || busy}
          aria-describedby={props.describedBy}
          onClick={() => fileRef.current?.click()}
        >
          {busy ? t('uploading') : pickLabel}
        </LiveButton>
      )}
      {busy && props.value && <span role="status">{t('uploading')}</span>}
    </div>
  );
}
