import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on the 2-core
    // machines here that ran the files one by one on one core while the
    // other idled. The main process only waits, so use every core.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts', 'deploy/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file builds its own app on its own database, and the server
          // keeps no module-level state, so files share a worker's loaded
          // modules: half the CPU of re-importing the server for every file.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          // happy-dom sets up a page in a fraction of jsdom's time; the
          // components' tests need the DOM, not a full browser's layout.
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/test/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
