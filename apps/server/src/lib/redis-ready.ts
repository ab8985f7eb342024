import type { Redis } from 'ioredis';

/**
 * Resolves once the connection has passed its ready check. A connection must not
 * subscribe before that: ioredis then answers its own INFO check by throwing out
 * of the process.
 */
export function whenReady(connection: Redis): Promise<void> {
  if (connection.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onReady = () => {
      connection.off('end', onEnd);
      resolve();
    };
    const onEnd = () => {
      connection.off('ready', onReady);
      reject(new Error('Redis connection ended before it was ready'));
    };
    connection.once('ready', onReady);
    connection.once('end', onEnd);
  });
}
