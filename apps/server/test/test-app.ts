import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import pg from 'pg';
import pino from 'pino';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type BuiltApp } from '../src/app';
import { openPglite, openPostgres, type Database } from '../src/db/client';
import { createProviders } from '../src/providers/index';
import { testConfig } from './test-config';
import { withDatabase } from './global-setup';

export interface TestApp extends BuiltApp {
  database: Database;
  close(): Promise<void>;
}

/**
 * A whole app on its own copy of the migrated, seeded database: PGlite by
 * default, a fresh PostgreSQL database when TEST_DATABASE_URL is set.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  opts: { beforeReady?: (built: BuiltApp) => void } = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  let database: Database;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (url && template) {
    const name = `pmw_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    database = await openPostgres(withDatabase(url, name), 5);
    dropDatabase = async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    };
  } else {
    const snapshot = readFileSync(inject('pgliteSnapshot'));
    database = await openPglite(undefined, new Blob([snapshot]));
  }
  const providers = await createProviders(config, database.db, pino({ level: 'silent' }));
  const built = await buildApp({ config, database, providers });
  opts.beforeReady?.(built);
  await built.app.ready();
  return {
    ...built,
    database,
    async close() {
      await built.app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}

/** The envelope of an injected answer. */
export function body<T = unknown>(res: LightMyRequestResponse): { status: boolean; message: string; code?: string; data: T } {
  return res.json();
}

/** Session cookies of an answer, as a Cookie header value. */
export function cookieHeader(res: LightMyRequestResponse): string {
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** The latest OTP the console provider "sent" to a mobile. */
export async function latestOtp(t: TestApp, mobile: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v2/dev/outbox?mobile=${mobile}` });
  const entry = body<{ otp: string }[]>(res).data[0];
  if (!entry) throw new Error(`No OTP for ${mobile}`);
  return entry.otp;
}

/** Logs a worker or partner in through the partner API and answers the Cookie header. */
export async function loginWorker(t: TestApp, mobile: string): Promise<string> {
  const sent = await t.app.inject({ method: 'POST', url: '/api/v2/partner/otp/send', payload: { mobile } });
  if (sent.statusCode !== 200) throw new Error(`OTP send failed: ${sent.body}`);
  const otp = await latestOtp(t, mobile);
  const res = await t.app.inject({ method: 'POST', url: '/api/v2/partner/user/login/otp', payload: { mobile, otp } });
  if (res.statusCode !== 200) throw new Error(`Login failed: ${res.body}`);
  return cookieHeader(res);
}

/** Logs an ops agent in and answers the Cookie header (pmw_ops). */
export async function loginOps(t: TestApp, mobile = '9876500100'): Promise<string> {
  const sent = await t.app.inject({ method: 'POST', url: '/api/v2/ops/otp/send', payload: { mobile } });
  if (sent.statusCode !== 200) throw new Error(`Ops OTP send failed: ${sent.body}`);
  const otp = await latestOtp(t, mobile);
  const res = await t.app.inject({ method: 'POST', url: '/api/v2/ops/login/otp', payload: { mobile, otp } });
  if (res.statusCode !== 200) throw new Error(`Ops login failed: ${res.body}`);
  return cookieHeader(res);
}
