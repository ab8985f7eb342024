import { agentSupportRoutes } from '@pmw/contract/support';
import type { z } from 'zod';
import type { inboxQuerySchema } from '@pmw/contract/support';
import { api, apiWithMessage } from '../../shared/api-client';

export const deskKeys = {
  all: ['support-desk'] as const,
  inbox: (q: object) => ['support-desk', 'inbox', q] as const,
  ticket: (id: number) => ['support-desk', 'ticket', id] as const,
  callbacks: (status: string) => ['support-desk', 'callbacks', status] as const,
};

export type InboxFilter = z.input<typeof inboxQuerySchema>;

export const fetchInbox = (query: InboxFilter) => api(agentSupportRoutes.inbox, { query });
export const fetchAgentTicket = (ticketId: number) => api(agentSupportRoutes.ticket, { query: { ticket_id: ticketId } });
export const fetchAgentConversation = (ticketId: number, beforeChatId: number) =>
  api(agentSupportRoutes.conversation, { query: { ticket_id: ticketId, before_chat_id: beforeChatId } });
export const sendReply = (body: { ticket_id: number; chat_message: string; file_id?: number }) => api(agentSupportRoutes.addChat, { body });
export const resolveTicket = (body: { ticket_id: number; chat_message?: string }) => apiWithMessage(agentSupportRoutes.resolve, { body });
export const closeTicketByAgent = (ticketId: number) => apiWithMessage(agentSupportRoutes.close, { body: { ticket_id: ticketId } });
export const fetchCallbacks = (status: 'PENDING' | 'DONE') => api(agentSupportRoutes.callbacks, { query: { status } });
export const logCall = (body: { ticket_id: number; direction: number; status: 'completed' | 'no-answer' | 'busy' | 'failed' }) =>
  api(agentSupportRoutes.logCall, { body });
export const agentAttachmentUrl = (ticketId: number, fileId: number) =>
  api(agentSupportRoutes.attachment, { query: { ticket_id: ticketId, file_id: fileId } });
