import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { whenReady } from '../lib/redis-ready';
import type { FastifyBaseLogger } from 'fastify';

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
  deps: { redisUrl: string | undefined; logger: FastifyBaseLogger },
): Promise<Realtime> {
  const io = new Server(httpServer, {
    path: '/socket.io',
    transports: ['websocket'],
    serveClient: false,
  });
  const closers: (() => Promise<unknown>)[] = [];
  if (deps.redisUrl) {
    const [{ createAdapter }, { Redis }] = await Promise.all([import('@socket.io/redis-adapter'), import('ioredis')]);
    const pub = new Redis(deps.redisUrl, { maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    // The adapter subscribes at once: wait for the ready check first (see whenReady).
    await whenReady(sub);
    io.adapter(createAdapter(pub, sub));
    closers.push(() => pub.quit(), () => sub.quit());
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
