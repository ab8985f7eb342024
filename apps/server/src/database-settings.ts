// The settings the database's thread needs, read before anything else: that
// thread starts first (server.ts) and loading the validation library there
// cost a fresh start about 60 ms. config.ts validates the same variables with
// these same rules and is what reports a bad value.
import path from 'node:path';

export const NODE_ENVS = ['development', 'production', 'test'] as const;
export const SEED_DEMO_MODES = ['auto', 'always', 'never'] as const;
export const DATABASE_URL_PATTERN = /^postgres(ql)?:\/\//;
export const DEFAULT_DATA_DIR = './data';

export interface DatabaseSettings {
  env: (typeof NODE_ENVS)[number];
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: (typeof SEED_DEMO_MODES)[number];
}

const isOneOf = <T extends string>(options: readonly T[], value: string): value is T => (options as readonly string[]).includes(value);

/**
 * The database settings alone, with no side effect (no secret key written).
 * Undefined when they are invalid (loadConfig says why). An empty variable
 * counts as unset, as in loadConfig.
 */
export function loadDatabaseSettings(source: NodeJS.ProcessEnv = process.env): DatabaseSettings | undefined {
  const read = (name: string) => source[name] || undefined;
  const env = read('NODE_ENV') ?? 'development';
  const seedDemo = read('SEED_DEMO') ?? 'auto';
  const databaseUrl = read('DATABASE_URL');
  if (!isOneOf(NODE_ENVS, env) || !isOneOf(SEED_DEMO_MODES, seedDemo)) return undefined;
  if (databaseUrl !== undefined && !DATABASE_URL_PATTERN.test(databaseUrl)) return undefined;
  return { env, dataDir: path.resolve(read('DATA_DIR') ?? DEFAULT_DATA_DIR), databaseUrl, seedDemo };
}
