import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { whenReady } from '../lib/redis-ready';
import type { FastifyBaseLogger } from 'fastify';
import { isOwnOrigin, requestOrigin, type OriginPolicy } from '../http/origin';
import type { Metrics } from '../lib/metrics';

export interface Realtime {
  io: Server;
  /** Drops every connection so the HTTP server can close. */
  disconnectAll(): void;
  close(): Promise<void>;
}

/**
 * Socket.IO on the same HTTP server, websocket transport. With REDIS_URL the
 * Redis adapter carries room broadcasts between server processes.
 */
export async function createRealtime(
  httpServer: HttpServer,
  deps: { redisUrl: string | undefined; logger: FastifyBaseLogger; origins: OriginPolicy; trustProxy: boolean },
): Promise<Realtime> {
  const io = new Server(httpServer, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
    // A page of another site cannot open a socket with the visitor's cookies; clients without an Origin (scripts) may.
    allowRequest: (req, callback) => {
      const origin = req.headers.origin;
      callback(null, origin === undefined || isOwnOrigin(origin, requestOrigin(req, deps.trustProxy), deps.origins));
    },
  });
  const closers: (() => Promise<unknown>)[] = [];
  if (deps.redisUrl) {
    const [{ createAdapter }, { Redis }] = await Promise.all([import('@socket.io/redis-adapter'), import('ioredis')]);
    const pub = new Redis(deps.redisUrl, { maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    // The adapter subscribes at once: wait for the ready check first (see whenReady).
    await whenReady(sub);
    io.adapter(createAdapter(pub, sub));
    closers.push(
      () => pub.quit(),
      () => sub.quit(),
    );
    deps.logger.info('Socket.IO uses the Redis adapter');
  }
  return {
    io,
    disconnectAll() {
      io.disconnectSockets(true);
      io.engine.close();
    },
    async close() {
      for (const close of closers) await close().catch(() => undefined);
    },
  };
}

/** Open Socket.IO connections of this process (each browser tab with a chat open is one). */
export function registerRealtimeMetrics(realtime: Realtime, metrics: Metrics): void {
  metrics.gauge({
    name: 'pmw_socket_connections',
    help: 'Open Socket.IO connections of this process',
    collect: (set) => set(realtime.io.engine.clientsCount),
  });
}
