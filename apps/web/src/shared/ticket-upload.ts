import { messages } from '@pmw/contract/messages';
import type { agentSupportRoutes, supportRoutes } from '@pmw/contract/support';
import { api, ApiError, putFile } from './api-client';

type Routes =
  | { sign: typeof supportRoutes.signUpload; add: typeof supportRoutes.addAttachment }
  | { sign: typeof agentSupportRoutes.signUpload; add: typeof agentSupportRoutes.addAttachment };

/**
 * The upload flow for a support ticket's attachment (worker or agent routes):
 * a signed URL, the bytes, then the file id. No URL means
 * 'Unable to upload file. Please try again later.'
 */
export async function uploadTicketFile(routes: Routes, file: File, ticketId: number, userId?: number): Promise<number> {
  const who = userId === undefined ? {} : { user_id: userId };
  const signed = await api(routes.sign, { body: { file_name: file.name, file_purpose: 'TICKET', ticket_id: ticketId, ...who } });
  if (!signed?.url) throw new ApiError(messages.uploadFailed, 'UPLOAD', 0);
  await putFile(signed.url, file, signed.content_type);
  const added = await api(routes.add, { body: { file_key: signed.key, file_name: file.name, file_purpose: 'TICKET', ticket_id: ticketId, ...who } });
  return added.file_id;
}
