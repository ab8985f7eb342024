import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openPglite, openPostgres } from '../src/db/client';
import { createProviders } from '../src/providers/index';
import { createServices } from '../src/app';
import { runSeeds } from '../src/seed/index';
import { testConfig } from './test-config';
import pino from 'pino';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string | undefined;
  }
}

/**
 * Migrates and seeds once: a PGlite snapshot every test file loads (~0.5 s),
 * and with TEST_DATABASE_URL a PostgreSQL template database each file clones.
 */
export default async function setup(project: TestProject) {
  const config = testConfig();
  const logger = pino({ level: 'silent' });
  const database = await openPglite(undefined);
  await database.migrate();
  const providers = await createProviders(config, database.db, logger);
  await runSeeds(createServices({ config, database, providers }));
  const dump = await database.pglite!.dumpDataDir('gzip');
  const dir = path.resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-snapshot-${process.pid}.tar.gz`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);

  const url = process.env.TEST_DATABASE_URL;
  let template: string | undefined;
  if (url) {
    template = `pmw_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    await admin.end();
    const tplUrl = withDatabase(url, template);
    const tpl = await openPostgres(tplUrl, 2);
    await tpl.migrate();
    await runSeeds(createServices({ config, database: tpl, providers: await createProviders(config, tpl.db, logger) }));
    await tpl.close();
  }
  project.provide('pgTemplate', template);

  return async () => {
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    }
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
