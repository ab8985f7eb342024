import { startServer } from './server';

/**
 * Starts the built app once on a temporary DATA_DIR and a free port, with the
 * demo data, and stops it after the suite.
 */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return undefined;
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  return async () => server.stop();
}
