import { userAuthRoutes } from '@pmw/contract/auth';
import { CHAT_DIRECTION, supportRoutes, type TicketAddBody, type WORKER_LINE_CODES } from '@pmw/contract/support';
import { api, apiWithMessage } from '../../shared/api-client';

/** Query keys of the support area; a ticket's two keys are refetched together after changes. */
export const keys = {
  session: ['support', 'session'] as const,
  tickets: ['support', 'tickets'] as const,
  metadata: ['support', 'metadata'] as const,
  jobs: (type: number) => ['support', 'jobs', type] as const,
  leads: (jobId: number, type: number) => ['support', 'leads', jobId, type] as const,
  recharges: ['support', 'recharges'] as const,
  ticket: (id: number) => ['support', 'ticket', id] as const,
  conversation: (id: number) => ['support', 'conversation', id] as const,
};

export const fetchSession = () => api(userAuthRoutes.me);
export const sendOtp = (mobile: string) => api(userAuthRoutes.sendOtp, { body: { mobile } });
export const login = (mobile: string, otp: string) => api(userAuthRoutes.login, { body: { mobile, otp } });
export const logout = () => api(userAuthRoutes.logout);

export const fetchTickets = (userId: number) => api(supportRoutes.tickets, { query: { user_id: userId } });
export const fetchMetadata = (userId: number) => api(supportRoutes.metadata, { query: { user_id: userId } });
export const fetchJobs = (userId: number, ticketType: number) =>
  api(supportRoutes.jobs, { query: { user_id: userId, ticket_type: ticketType } });
export const fetchLeads = (userId: number, q: { job_id: number; status: number; archive_status: number[] }) =>
  api(supportRoutes.leads, { query: { user_id: userId, ...q } });
export const fetchRecharges = (userId: number) => api(supportRoutes.recharges, { query: { user_id: userId } });
export const createTicket = (body: TicketAddBody) => api(supportRoutes.addTicket, { body });
export const fetchTicket = (userId: number, ticketId: number) =>
  api(supportRoutes.ticket, { query: { user_id: userId, ticket_id: ticketId } });
export const fetchConversation = (userId: number, ticketId: number, beforeChatId?: number) =>
  api(supportRoutes.conversation, {
    query: { user_id: userId, ticket_id: ticketId, ...(beforeChatId ? { before_chat_id: beforeChatId } : {}) },
  });
export const addChat = (body: {
  user_id: number;
  ticket_id: number;
  chat_message: string;
  file_id?: number;
  isReopen?: boolean;
  message_code?: (typeof WORKER_LINE_CODES)[number];
}) => api(supportRoutes.addChat, { body: { ...body, direction: CHAT_DIRECTION.USER } });
export const closeTicket = (body: { user_id: number; ticket_id: number; rating: number; rating_comment?: string }) =>
  api(supportRoutes.close, { body });
export const requestCallback = (userId: number, ticketId: number) =>
  apiWithMessage(supportRoutes.callback, { body: { from_user_id: userId, ticket_id: ticketId } });
export const attachmentUrl = (userId: number, ticketId: number, fileId: number) =>
  api(supportRoutes.attachment, { query: { user_id: userId, ticket_id: ticketId, file_id: fileId } });
