import type { Namespace } from 'socket.io';
import { createTurnWrites } from '../../realtime/batching/turn-writes';
import {
  SUPPORT_EVENTS,
  ticketRoom,
  type ChatAddEvent,
  type ResolvedEvent,
  type SupportClientToServer,
  type SupportServerToClient,
  type UpdatedEvent,
} from '@pmw/contract/support';

export type SupportNamespace = Namespace<SupportClientToServer, SupportServerToClient>;

/** Agents' sockets join this room to see every ticket change in the inbox. */
export const AGENTS_ROOM = 'support:agents';

/**
 * Pushes ticket changes to the ticket's room and to the agents. Services are
 * built before the Socket.IO server exists, so the namespace is bound later;
 * until then (seeds, scripts) nothing is pushed. While other messages are
 * being written, the rooms' connections write a turn's events together (see
 * createTurnWrites): a busy room's replies cost one system call per
 * connection per turn, not one per event. A message with none behind it goes
 * out at once: holding it would only delay it to the end of the turn.
 */
export function createSupportEvents() {
  let nsp: SupportNamespace | undefined;
  const turnWrites = createTurnWrites();
  /** Chat messages being written now, whose events will follow. */
  let messagesInFlight = 0;
  const to = (ticketId: number) => {
    if (!nsp) return undefined;
    const rooms = [ticketRoom(ticketId), AGENTS_ROOM];
    if (messagesInFlight > 0 || turnWrites.holding()) turnWrites.hold(nsp, rooms);
    return nsp.to(rooms);
  };
  return {
    bind(namespace: SupportNamespace) {
      nsp = namespace;
    },
    /** Runs the writing of a chat message; events sent meanwhile wait to go out with its own. */
    async writing<T>(write: () => Promise<T>): Promise<T> {
      messagesInFlight++;
      try {
        return await write();
      } finally {
        messagesInFlight--;
      }
    },
    /**
     * Whether the worker has a socket open on the ticket now (in any process:
     * the Redis adapter asks the others). Unbound (no Socket.IO) means no.
     */
    async workerWatching(ticketId: number, userId: number): Promise<boolean> {
      if (!nsp) return false;
      const sockets = await nsp.in(ticketRoom(ticketId)).fetchSockets();
      return sockets.some((s) => {
        const caller = (s.data as { caller?: { kind: string; id: number } }).caller;
        return caller?.kind === 'worker' && caller.id === userId;
      });
    },
    chatAdded(event: ChatAddEvent) {
      to(event.ticket_id)?.emit(SUPPORT_EVENTS.chatAdd, event);
    },
    resolved(event: ResolvedEvent) {
      to(event.ticket_id)?.emit(SUPPORT_EVENTS.resolved, event);
    },
    updated(event: UpdatedEvent) {
      to(event.ticket_id)?.emit(SUPPORT_EVENTS.updated, event);
    },
  };
}
export type SupportEvents = ReturnType<typeof createSupportEvents>;
