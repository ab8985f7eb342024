import { buildApp, webDistDir } from './app';
import { webBuildProblem } from './http/web-build-check';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, pgliteThreadDatabase } from './db/client';
import type { StartedPgliteThread } from './db/pglite/pglite-remote';
import { createProviders } from './providers/index';
import { hasDemoData, seedIfNeeded } from './seed/index';
import { rekeySealedData, SNAPSHOT_SECRET_KEY } from './seed/snapshot';
import { printBanner } from './banner';
import { createAdmin, createAdminMessages, createAdminMobile } from './create-admin';
import { AppError } from './errors';
import pino from 'pino';
import { startMetricsServer, type MetricsServer } from './http/metrics-server';

function makeLogger(config: Config) {
  const pretty = config.env === 'development' && process.stdout.isTTY;
  return pino({
    level: config.logLevel,
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  });
}

/**
 * @fastify/compress asks of every answer whether it is fetch's Response; the
 * first mention of that global loads Node's fetch (undici, 40-50 ms), which
 * would otherwise fall on the first answer. Done while the database opens.
 */
function loadFetchResponse() {
  void globalThis.Response;
}

/**
 * Starts the server. `thread`: on PGlite from the build, the database's own
 * thread, already opening it (and copying the demo snapshot into a fresh data
 * dir first), started by the entry (server.ts).
 */
export async function main(thread?: StartedPgliteThread) {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = makeLogger(config);
  const oneOff = ['--create-admin', '--migrate-only', '--seed-only'].some((flag) => process.argv.includes(flag));
  // Only a process that serves pages needs the web build; one-off commands run without one.
  const webProblem = oneOff ? null : webBuildProblem(webDistDir(config), config.env);
  if (webProblem) {
    console.error(webProblem);
    process.exit(1);
  }
  const adminOnly = process.argv.includes('--create-admin');
  const admin = adminOnly ? createAdminMobile(process.argv) : undefined;
  if (admin && 'error' in admin) {
    console.error(admin.error);
    process.exit(1);
  }
  const started = Date.now();
  // On its own thread the database opens while the server is built below (building sends no
  // statement); a one-off command waits for it here.
  let restored = false;
  if (thread && (process.argv.includes('--migrate-only') || admin)) await thread.opened;
  const database = thread
    ? pgliteThreadDatabase(thread.client)
    : await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  if (process.argv.includes('--migrate-only')) {
    await database.migrate();
    const left = await database.pendingMigrations();
    await database.close();
    if (left.length) throw new Error(`Migrations still pending after migrating: ${left.join(', ')}`);
    logger.info('Database migrated');
    return;
  }
  if (admin && 'mobile' in admin) {
    // Production: the database must be migrated already (`npm run migrate`); elsewhere it is migrated here.
    if (config.env !== 'production') await database.migrate();
    const pending = await database.pendingMigrations();
    if (pending.length) {
      console.error(`The database has migrations that have not run (${pending.join(', ')}). Run \`npm run migrate\` first.`);
      await database.close();
      process.exit(1);
    }
    try {
      const { outcome, user_id } = await createAdmin(database.db, admin.mobile);
      console.log(createAdminMessages[outcome](admin.mobile, user_id));
    } catch (err) {
      await database.close();
      if (err instanceof AppError) {
        console.error(err.message);
        process.exit(1);
      }
      throw err;
    }
    await database.close();
    return;
  }
  const providers = await createProviders(config, database.db, logger);
  const { app, services, metrics, startDraining } = await buildApp({ config, database, providers, logger });
  // The public pages' server-rendering modules load while the database opens (the thread works meanwhile);
  // without a thread (PostgreSQL, the sources) once the server answers. A visit that comes first waits for the same load.
  const warm = () =>
    void services.pages
      .warm()
      .catch((err: unknown) => logger.warn({ err }, 'loading the public pages failed'))
      .then(loadFetchResponse);
  if (thread) {
    // Fastify's own start (plugins, hooks, response serializers) needs no database: it runs while the database opens.
    const appReady = Promise.resolve(app.ready());
    appReady.catch(() => undefined);
    warm();
    restored = await thread.opened;
    await appReady;
  }
  if (config.env === 'production') {
    // Several processes start at once in production: none of them migrates or races another.
    const pending = await database.pendingMigrations();
    if (pending.length) {
      console.error(
        `The database has migrations that have not run (${pending.join(', ')}). Run \`npm run migrate\` once, then start the processes.`,
      );
      await database.close();
      process.exit(1);
    }
  } else if ((await database.pendingMigrations()).length) {
    // A restored snapshot or an existing data dir is usually migrated already: two reads say so.
    await database.migrate();
  }
  // The snapshot's demo documents and banks were sealed with the public snapshot key: seal them with this data dir's.
  if (restored) await rekeySealedData(database.db, SNAPSHOT_SECRET_KEY, config.secretKey);
  if (config.env === 'production' && process.argv.includes('--seed-only')) {
    console.error(
      'The demo data is never loaded in production: it has an ops admin anyone could ask an OTP for. Create the first admin with `npm run create-admin -- <mobile>`.',
    );
    await app.close();
    await database.close();
    process.exit(1);
  }
  // Production never loads the demo (SEED_DEMO=always is refused there by the configuration).
  const seedMode = config.env === 'production' ? 'never' : config.seedDemo;
  const seeded = (await seedIfNeeded(services, seedMode, process.argv.includes('--seed-only'))) || restored;
  if (process.argv.includes('--seed-only')) {
    logger.info('Demo data loaded');
    await app.close();
    await database.close();
    return;
  }

  let metricsServer: MetricsServer | undefined;
  let closing = false;
  // Longer than the proxy's upstream keepalive_timeout (deploy/nginx.conf: 3 s).
  const DRAIN_MS = config.env === 'production' ? 4_000 : 0;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      // First a short drain while still listening: open connections close after their
      // next answer, so the proxy moves to the other processes without a failed request.
      startDraining();
      await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
      // Node's close() also cuts connections it sees as idle, among them ones the proxy has
      // just opened and is writing a request on. Only stop listening: each open connection
      // then ends after its answer, and the force timer above bounds the wait.
      if (DRAIN_MS > 0) app.server.closeIdleConnections = () => undefined;
      await app.close();
      await metricsServer?.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.metrics) {
    metricsServer = await startMetricsServer(metrics, { ...config.metrics, onError: (err) => logger.error({ err }, 'metrics failed') });
    logger.info(`Prometheus metrics at ${metricsServer.url}/metrics`);
  }
  if (!thread) warm();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (config.env === 'production' && !config.publicUrl) {
    logger.warn(
      `PUBLIC_URL is not set: links the server hands out (team share links, job page previews) use http://${config.host}:${config.port}, not the address people use. Set PUBLIC_URL to the public https origin.`,
    );
  }
  const demo = seeded || (await hasDemoData(services));
  printBanner({
    config,
    port,
    database: database.kind,
    seeded,
    demo,
    opsAgents: await services.opsAuth.agentCount(),
    startupMs: Date.now() - started,
  });
}
