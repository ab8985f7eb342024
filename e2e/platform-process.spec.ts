import { expect, test } from '@playwright/test';
import { io } from 'socket.io-client';
import { startServer } from './server';

test('one process serves Socket.IO at /socket.io and shuts down cleanly on SIGTERM', async () => {
  const server = await startServer();
  try {
    const socket = io(server.baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(socket.connected).toBe(true);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    const started = Date.now();
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
    server.process.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await disconnected).toBeTruthy();
    await expect(fetch(`${server.baseUrl}/api/v2/health`)).rejects.toThrow();
  } finally {
    await server.stop();
  }
});

test('a bad configuration value stops the start with a message naming it', async () => {
  await expect(startServer({ PORT: 'eighty' })).rejects.toThrow(/PORT/);
});
