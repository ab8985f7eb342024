import type { agentSupportRoutes, supportRoutes } from '@pmw/contract/support';
import { api, putFile } from './api-client';

type Routes =
  | { sign: typeof supportRoutes.signUpload; add: typeof supportRoutes.addAttachment }
  | { sign: typeof agentSupportRoutes.signUpload; add: typeof agentSupportRoutes.addAttachment };

/**
 * The upload flow for a support ticket's attachment (worker or agent routes):
 * a signed URL, the bytes, then the file id (an empty URL is refused where
 * the bytes are put).
 */
export async function uploadTicketFile(routes: Routes, file: File, ticketId: number, userId?: number): Promise<number> {
  const who = userId === undefined ? {} : { user_id: userId };
  const signed = await api(routes.sign, { body: { file_name: file.name, file_purpose: 'TICKET', ticket_id: ticketId, ...who } });
  await putFile(signed.url, file, signed.content_type);
  const added = await api(routes.add, {
    body: { file_key: signed.key, file_name: file.name, file_purpose: 'TICKET', ticket_id: ticketId, ...who },
  });
  return added.file_id;
}
