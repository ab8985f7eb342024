import type { Server } from 'socket.io';
import { joinPayloadSchema, socketAuthSchema, SUPPORT_EVENTS, ticketRoom, type JoinAck } from '@pmw/contract/support';
import { roleAllows } from '@pmw/contract/ops-auth';
import { say } from '@pmw/contract/texts/said';
import type { SessionResolver } from '../sessions/session';
import { handshakeLocale, localize } from '../locale/locale';
import { endSocketsOf, joinSessionRooms } from '../../realtime/session-sockets';
import type { OpsAuthService } from '../ops-auth/ops-auth.service';
import { AGENTS_ROOM, type SupportEvents, type SupportNamespace } from './support.events';
import type { SupportService } from './support.service';

export const SUPPORT_NAMESPACE = '/support';

interface SocketCaller {
  kind: 'worker' | 'ops';
  id: number;
}

/**
 * The support chat's Socket.IO namespace. A socket says which session it
 * speaks for (worker or ops) and is authenticated by that session's cookie in
 * the handshake; it then joins the rooms of the tickets it may see.
 */
export function attachSupportRealtime(
  io: Server,
  deps: { sessions: SessionResolver; support: SupportService; opsAuth: OpsAuthService; events: SupportEvents },
) {
  const nsp = io.of(SUPPORT_NAMESPACE) as SupportNamespace;

  nsp.use(async (socket, next) => {
    try {
      const auth = socketAuthSchema.safeParse(socket.handshake.auth);
      if (!auth.success) return next(new Error('UNAUTHORIZED'));
      const session = await deps.sessions.fromCookieHeader(socket.handshake.headers.cookie, auth.data.kind);
      if (!session) return next(new Error('UNAUTHORIZED'));
      if (auth.data.kind === 'ops') {
        const agent = await deps.opsAuth.agent(session.subjectId);
        if (!agent || !roleAllows(agent.role, 'support')) return next(new Error('FORBIDDEN'));
      }
      (socket.data as { caller?: SocketCaller }).caller = { kind: auth.data.kind, id: session.subjectId };
      // Logout, blocking and role changes end the socket through these rooms.
      await joinSessionRooms(socket, session);
      next();
    } catch (err) {
      next(err instanceof Error ? err : new Error('UNAUTHORIZED'));
    }
  });

  nsp.on('connection', (socket) => {
    const caller = (socket.data as { caller: SocketCaller }).caller;
    if (caller.kind === 'ops') void socket.join(AGENTS_ROOM);
    // The console stays English, as its requests are answered.
    const locale = caller.kind === 'ops' ? 'en' : handshakeLocale(socket.handshake.headers);

    socket.on(SUPPORT_EVENTS.join, async (payload: unknown, ack?: (answer: JoinAck) => void) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const parsed = joinPayloadSchema.safeParse(payload);
      if (!parsed.success) return reply({ ok: false, message: localize(say('support.chooseTicket'), locale) });
      try {
        if (!(await deps.support.mayJoin(caller, parsed.data.ticket_id)))
          return reply({ ok: false, message: localize(say('support.notAllowed'), locale) });
        await socket.join(ticketRoom(parsed.data.ticket_id));
        reply({ ok: true });
      } catch {
        reply({ ok: false, message: localize(say('common.somethingWentWrong'), locale) });
      }
    });

    socket.on(SUPPORT_EVENTS.leave, (payload: unknown) => {
      const parsed = joinPayloadSchema.safeParse(payload);
      if (parsed.success) void socket.leave(ticketRoom(parsed.data.ticket_id));
    });
  });

  deps.events.bind(nsp);
  deps.sessions.onEnd(endSocketsOf(nsp));
  return nsp;
}
