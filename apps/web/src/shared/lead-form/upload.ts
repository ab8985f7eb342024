import { fileExtension } from '@pmw/contract/files';
import { api, ApiError, putFile } from '../api-client';
import type { LeadUploadConfig } from './types';

/** Camera pictures may come without a usable name; give them one with the right extension. */
export function pickedFileName(file: { name?: string; type: string }, inputType: string): string {
  const name = file.name ?? '';
  if (fileExtension(name)) return name;
  const ext = file.type === 'image/png' ? 'png' : file.type.startsWith('video/') ? 'mp4' : 'jpg';
  return `${inputType.toLowerCase()}-${Date.now()}.${ext}`;
}

/**
 * The three steps of the upload flow (sign, PUT the bytes, record): the one
 * call a file takes whether it is picked online or sent later from the
 * device, so the server's type and size limits apply the same way.
 */
export async function uploadFile(upload: LeadUploadConfig, file: Blob, fileName: string): Promise<{ file_id: number }> {
  const signed = await api(upload.signUpload, { body: { file_name: fileName, file_purpose: upload.purpose } });
  await putFile(signed.url, file, signed.content_type);
  const added = await api(upload.add, { body: { file_key: signed.key, file_name: fileName, file_purpose: upload.purpose } });
  return { file_id: added.file_id };
}

/**
 * Whether trying again later may work: no network, the server busy or down,
 * or the session to be renewed. Anything else is the server refusing this
 * file (its type or size), which trying again never changes.
 */
export function isRetryableUpload(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return (
    err.code === 'NETWORK' ||
    err.httpStatus === 0 ||
    err.httpStatus >= 500 ||
    err.httpStatus === 401 ||
    err.httpStatus === 429 ||
    err.httpStatus === 408
  );
}
