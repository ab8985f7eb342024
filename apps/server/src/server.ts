import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { createProviders } from './providers/index';
import { seedIfNeeded } from './seed/index';
import { printBanner } from './banner';
import pino from 'pino';

function makeLogger(config: Config) {
  const pretty = config.env === 'development' && process.stdout.isTTY;
  return pino({
    level: config.logLevel,
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } } } : {}),
  });
}

async function main() {
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
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const providers = await createProviders(config, database.db, logger);
  const { app, services } = await buildApp({ config, database, providers, logger });
  const seeded = await seedIfNeeded(services, config.seedDemo, process.argv.includes('--seed-only'));
  if (process.argv.includes('--seed-only')) {
    logger.info('Demo data loaded');
    await app.close();
    await database.close();
    return;
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
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
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  printBanner({ config, port, database: database.kind, seeded, startupMs: Date.now() - started });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
