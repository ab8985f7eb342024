import type { FastifyInstance } from 'fastify';
import { agentSupportRoutes, supportRoutes } from '@pmw/contract/support';
import { answer, route, type RouteContext } from '../../http/route';
import type { SessionInfo } from '../sessions/session';
import type { SupportService } from './support.service';
import { say } from '@pmw/contract/texts/said';
import { englishOf, requestLocale } from '../locale/locale';

/** The worker's support API and the agents' inbox under /ops/support. */
export function registerSupportRoutes(app: FastifyInstance, ctx: RouteContext, deps: { support: SupportService }) {
  const { support } = deps;
  const self = (session: SessionInfo, claimed: number | undefined | null) => {
    support.assertSelf(session.subjectId, claimed);
    return session.subjectId;
  };

  // ---------------------------------------------------------------- worker
  route(app, ctx, supportRoutes.metadata, async ({ query, session }) => support.metadata(self(session, query.user_id)));
  route(app, ctx, supportRoutes.tickets, async ({ query, session, req }) =>
    support.listTickets(self(session, query.user_id), requestLocale(req)),
  );
  route(app, ctx, supportRoutes.addTicket, async ({ body, session, req }) =>
    answer(await support.createTicket(self(session, body.user_id), body, requestLocale(req)), say('support.queryRaised')),
  );
  route(app, ctx, supportRoutes.ticket, async ({ query, session, req }) =>
    support.ticketForWorker(self(session, query.user_id), query.ticket_id, requestLocale(req)),
  );
  route(app, ctx, supportRoutes.conversation, async ({ query, session }) =>
    support.conversationForWorker(self(session, query.user_id), query.ticket_id, query.before_chat_id),
  );
  route(app, ctx, supportRoutes.addChat, async ({ body, session }) => support.addWorkerChat(self(session, body.user_id), body));
  route(app, ctx, supportRoutes.close, async ({ body, session, req }) =>
    answer(await support.closeWithRating(self(session, body.user_id), body, requestLocale(req)), say('support.thanksFeedback')),
  );
  route(app, ctx, supportRoutes.jobs, async ({ query, session, req }) =>
    support.context.jobsFor(self(session, query.user_id), query.ticket_type, requestLocale(req)),
  );
  route(app, ctx, supportRoutes.leads, async ({ query, session }) => support.context.leads(self(session, query.user_id), query));
  route(app, ctx, supportRoutes.recharges, async ({ query, session }) => support.context.recharges(self(session, query.user_id)));
  route(app, ctx, supportRoutes.callback, async ({ body, session }) => {
    const { message } = await support.requestCallback(self(session, body.from_user_id), body.ticket_id);
    // The answer's own field keeps the English (what the spec's callers read); the message bar says it in the reader's language.
    return answer({ message: englishOf(message) }, message);
  });
  route(app, ctx, supportRoutes.signUpload, async ({ body, session }) => support.signWorkerUpload(self(session, body.user_id), body));
  route(app, ctx, supportRoutes.addAttachment, async ({ body, session }) => support.addWorkerUpload(self(session, body.user_id), body));
  route(app, ctx, supportRoutes.attachment, async ({ query, session }) =>
    support.attachmentUrl({ kind: 'worker', id: self(session, query.user_id) }, query.ticket_id, query.file_id),
  );

  // ---------------------------------------------------------------- agents ('support' or 'admin': the route's role check finds the agent)
  const a = agentSupportRoutes;
  route(app, ctx, a.inbox, async ({ query }) => support.inbox(query));
  route(app, ctx, a.ticket, async ({ query }) => support.agentTicket(query.ticket_id));
  route(app, ctx, a.conversation, async ({ query }) => support.conversationForAgent(query.ticket_id, query.before_chat_id));
  route(app, ctx, a.addChat, async ({ body, agent }) => support.addAgentChat(agent, body));
  route(app, ctx, a.resolve, async ({ body, agent }) => answer(await support.resolve(agent, body), say('support.markedResolved')));
  route(app, ctx, a.close, async ({ body, agent }) =>
    answer(await support.closeByAgent(agent, body.ticket_id), say('support.queryClosed')),
  );
  route(app, ctx, a.callbacks, async ({ query }) => support.callbacks(query.status));
  route(app, ctx, a.logCall, async ({ body, agent }) => answer(await support.logCall(agent, body), say('support.callLogged')));
  route(app, ctx, a.signUpload, async ({ body, agent }) => support.signAgentUpload(agent, body));
  route(app, ctx, a.addAttachment, async ({ body, agent }) => support.addUpload({ kind: 'ops', id: agent.user_id }, body));
  route(app, ctx, a.attachment, async ({ query, agent }) =>
    support.attachmentUrl({ kind: 'ops', id: agent.user_id }, query.ticket_id, query.file_id),
  );
}
