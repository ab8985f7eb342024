import { useEffect, useRef } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  chatAddEventSchema,
  joinAckSchema,
  resolvedEventSchema,
  SUPPORT_EVENTS,
  updatedEventSchema,
  type ChatAddEvent,
  type ResolvedEvent,
  type UpdatedEvent,
} from '@pmw/contract/support';

export interface SupportSocketHandlers {
  onChatAdd?: (event: ChatAddEvent) => void;
  onResolved?: (event: ResolvedEvent) => void;
  onUpdated?: (event: UpdatedEvent) => void;
  /** After a reconnect the page fetches what it missed. */
  onReconnect?: () => void;
}

const REJOIN_MS = 3000;

/**
 * The support chat's live channel: joins the ticket's room on load (the
 * agents' inbox passes no ticket and hears every ticket), listens for
 * TICKET_CHAT_ADD and TICKET_RESOLVED, rejoins after an error or a
 * disconnect, and disconnects when the page is left. Every payload is parsed.
 */
export function useSupportSocket(kind: 'worker' | 'ops', ticketId: number | null, handlers: SupportSocketHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const socket: Socket = io('/support', { path: '/socket.io', transports: ['websocket'], auth: { kind }, withCredentials: true });
    let rejoin: ReturnType<typeof setTimeout> | undefined;
    let connectedBefore = false;

    const join = () => {
      if (ticketId === null) return;
      socket
        .timeout(5000)
        .emitWithAck(SUPPORT_EVENTS.join, { ticket_id: ticketId })
        .then((answer: unknown) => {
          const ack = joinAckSchema.safeParse(answer);
          if (!ack.success || !ack.data.ok) throw new Error('join refused');
        })
        .catch(() => {
          clearTimeout(rejoin);
          rejoin = setTimeout(join, REJOIN_MS);
        });
    };

    socket.on('connect', () => {
      join();
      if (connectedBefore) latest.current.onReconnect?.();
      connectedBefore = true;
    });
    // A refused handshake is not retried by the client by itself; try again later.
    socket.on('connect_error', () => {
      clearTimeout(rejoin);
      rejoin = setTimeout(() => socket.connect(), REJOIN_MS);
    });
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') socket.connect();
    });
    socket.on(SUPPORT_EVENTS.chatAdd, (payload: unknown) => {
      const parsed = chatAddEventSchema.safeParse(payload);
      if (parsed.success && (ticketId === null || parsed.data.ticket_id === ticketId)) latest.current.onChatAdd?.(parsed.data);
    });
    socket.on(SUPPORT_EVENTS.resolved, (payload: unknown) => {
      const parsed = resolvedEventSchema.safeParse(payload);
      if (parsed.success && (ticketId === null || parsed.data.ticket_id === ticketId)) latest.current.onResolved?.(parsed.data);
    });
    socket.on(SUPPORT_EVENTS.updated, (payload: unknown) => {
      const parsed = updatedEventSchema.safeParse(payload);
      if (parsed.success && (ticketId === null || parsed.data.ticket_id === ticketId)) latest.current.onUpdated?.(parsed.data);
    });

    return () => {
      clearTimeout(rejoin);
      if (ticketId !== null && socket.connected) socket.emit(SUPPORT_EVENTS.leave, { ticket_id: ticketId });
      socket.removeAllListeners();
      socket.disconnect();
    };
  }, [kind, ticketId]);
}
