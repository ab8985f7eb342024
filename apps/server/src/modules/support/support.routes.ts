import type { FastifyInstance } from 'fastify';
import { agentSupportRoutes, supportRoutes } from '@pmw/contract/support';
import { answer, route, type RouteContext } from '../../http/route';
import type { SessionInfo } from '../../http/session';
import type { OpsAuthService } from '../ops-auth/ops-auth.service';
import type { SupportService } from './support.service';

/** The worker's support API (spec 001, section 7) and the agents' inbox under /ops/support. */
export function registerSupportRoutes(app: FastifyInstance, ctx: RouteContext, deps: { support: SupportService; opsAuth: OpsAuthService }) {
  const { support, opsAuth } = deps;
  const self = (session: SessionInfo, claimed: number | undefined | null) => {
    support.assertSelf(session.subjectId, claimed);
    return session.subjectId;
  };

  // ---------------------------------------------------------------- worker
  route(app, ctx, supportRoutes.metadata, async ({ query, session }) => support.metadata(self(session, query.user_id)));
  route(app, ctx, supportRoutes.tickets, async ({ query, session }) => support.listTickets(self(session, query.user_id)));
  route(app, ctx, supportRoutes.addTicket, async ({ body, session }) => answer(await support.createTicket(self(session, body.user_id), body), 'Query raised'));
  route(app, ctx, supportRoutes.ticket, async ({ query, session }) => support.ticketForWorker(self(session, query.user_id), query.ticket_id));
  route(app, ctx, supportRoutes.conversation, async ({ query, session }) => support.conversationForWorker(self(session, query.user_id), query.ticket_id, query.before_chat_id));
  route(app, ctx, supportRoutes.addChat, async ({ body, session }) => support.addWorkerChat(self(session, body.user_id), body));
  route(app, ctx, supportRoutes.close, async ({ body, session }) => answer(await support.closeWithRating(self(session, body.user_id), body), 'Thanks for your feedback'));
  route(app, ctx, supportRoutes.jobs, async ({ query, session }) => support.context.jobsFor(self(session, query.user_id), query.ticket_type));
  route(app, ctx, supportRoutes.leads, async ({ query, session }) => support.context.leads(self(session, query.user_id), query));
  route(app, ctx, supportRoutes.recharges, async ({ query, session }) => support.context.recharges(self(session, query.user_id)));
  route(app, ctx, supportRoutes.callback, async ({ body, session }) => {
    const result = await support.requestCallback(self(session, body.from_user_id), body.ticket_id);
    return answer(result, result.message);
  });
  route(app, ctx, supportRoutes.signUpload, async ({ body, session }) => support.signWorkerUpload(self(session, body.user_id), body));
  route(app, ctx, supportRoutes.addAttachment, async ({ body, session }) => support.addWorkerUpload(self(session, body.user_id), body));
  route(app, ctx, supportRoutes.attachment, async ({ query, session }) =>
    support.attachmentUrl({ kind: 'worker', id: self(session, query.user_id) }, query.ticket_id, query.file_id),
  );

  // ---------------------------------------------------------------- agents ('support' or 'admin')
  const agent = (session: SessionInfo) => opsAuth.requireRole(session, 'support');
  const a = agentSupportRoutes;
  route(app, ctx, a.inbox, async ({ query, session }) => {
    await agent(session);
    return support.inbox(query);
  });
  route(app, ctx, a.ticket, async ({ query, session }) => {
    await agent(session);
    return support.agentTicket(query.ticket_id);
  });
  route(app, ctx, a.conversation, async ({ query, session }) => {
    await agent(session);
    return support.conversationForAgent(query.ticket_id, query.before_chat_id);
  });
  route(app, ctx, a.addChat, async ({ body, session }) => support.addAgentChat(await agent(session), body));
  route(app, ctx, a.resolve, async ({ body, session }) => answer(await support.resolve(await agent(session), body), 'Marked resolved'));
  route(app, ctx, a.close, async ({ body, session }) => answer(await support.closeByAgent(await agent(session), body.ticket_id), 'Query closed'));
  route(app, ctx, a.callbacks, async ({ query, session }) => {
    await agent(session);
    return support.callbacks(query.status);
  });
  route(app, ctx, a.logCall, async ({ body, session }) => answer(await support.logCall(await agent(session), body), 'Call logged'));
  route(app, ctx, a.signUpload, async ({ body, session }) => support.signAgentUpload(await agent(session), body));
  route(app, ctx, a.addAttachment, async ({ body, session }) => {
    const who = await agent(session);
    return support.addUpload({ kind: 'ops', id: who.user_id }, body);
  });
  route(app, ctx, a.attachment, async ({ query, session }) => {
    const who = await agent(session);
    return support.attachmentUrl({ kind: 'ops', id: who.user_id }, query.ticket_id, query.file_id);
  });
}
