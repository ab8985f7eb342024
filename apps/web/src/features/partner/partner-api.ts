// The page policy allows no eval: zod is set jitless before this chunk's schemas parse (the area's entry loads no zod).
import '../../zod-config';
import { partnerAuthRoutes } from '@pmw/contract/auth';
import { partnerFileRoutes, CONTENT_TYPES, fileExtension, type FilePurpose } from '@pmw/contract/files';
import { api, ApiError, putFile } from '../../shared/api-client';
import { safeLink } from '../../shared/safe-url';

export { sessionQueryKey, fetchPartnerSession } from './partner-session';
export const sendPartnerOtp = (mobile: string) => api(partnerAuthRoutes.sendOtp, { body: { mobile } });
export const loginPartner = (mobile: string, otp: string) => api(partnerAuthRoutes.login, { body: { mobile, otp } });
export const logoutPartner = () => api(partnerAuthRoutes.logout);

/** The spec's upload flow: signed URL, PUT the bytes, then add; answers the file id and key. */
export async function uploadPartnerFile(file: File, purpose: FilePurpose): Promise<{ file_id: number; file_key: string }> {
  const signed = await api(partnerFileRoutes.signUpload, { body: { file_name: file.name, file_purpose: purpose } });
  await putFile(signed.url, file, signed.content_type || CONTENT_TYPES[fileExtension(file.name)] || 'application/octet-stream');
  return api(partnerFileRoutes.add, { body: { file_key: signed.key, file_name: file.name, file_purpose: purpose } });
}

/** Opens a stored file in a new tab through a short-lived URL. */
export async function fileUrl(fileId: number): Promise<string> {
  const rows = await api(partnerFileRoutes.fetchUrl, { query: { file_id: fileId } });
  const url = safeLink(rows[0]?.url);
  if (!url) throw ApiError.said('common.somethingWentWrong', 'NO_LINK', 0);
  return url;
}
