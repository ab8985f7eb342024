import type { Socket as NetSocket } from 'node:net';
import type { Namespace } from 'socket.io';

/**
 * The parts of an engine.io connection this reaches into: `writable` is
 * public; `flush` (send what is buffered) is not, but is what engine.io itself
 * calls when a write is done.
 */
interface Connection {
  readyState: string;
  transport: { writable: boolean };
  request: { socket?: NetSocket | null };
  flush(): void;
}

/**
 * Every Socket.IO event is a WebSocket frame, written to each connection with
 * a system call of its own; in a busy room that call is most of the event's
 * cost. `hold` keeps the connections of some rooms from writing until the end
 * of the event loop's turn, then each writes what the turn gave it (the
 * events of replies that finished together) in one call. A lone event waits
 * only for the rest of its turn. Connections already busy writing are left
 * alone: engine.io sends their events together once that write is done.
 */
export function createTurnWrites() {
  let held: Set<Connection> | undefined;

  function release() {
    const connections = held;
    held = undefined;
    for (const connection of connections ?? []) {
      const socket = connection.request.socket;
      socket?.cork();
      connection.transport.writable = true;
      if (connection.readyState !== 'closed') connection.flush();
      socket?.uncork();
    }
  }

  return {
    /** Whether this turn's writes are being held (a later event of the turn joins them). */
    holding: () => held !== undefined,
    hold(nsp: Namespace, rooms: string[]) {
      if (!held) {
        held = new Set();
        setImmediate(release);
      }
      for (const room of rooms) {
        for (const id of nsp.adapter.rooms.get(room) ?? []) {
          // An engine.io Socket, typed here by what is used of it (its flush is private in its types).
          const connection = nsp.sockets.get(id)?.conn as unknown as Connection | undefined;
          if (!connection || held.has(connection) || !connection.transport.writable || connection.readyState !== 'open') continue;
          connection.transport.writable = false;
          held.add(connection);
        }
      }
    },
  };
}
