import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, type Config } from './config';
import { loadDatabaseSettings } from './database-settings';
import { COMPANY_ENV, DLT_ENV } from '../test/dlt-env';
import { allWhatsAppTemplateKeys } from '@pmw/contract/notifications';

const dir = () => mkdtempSync(path.join(tmpdir(), 'pmw-config-'));

describe('configuration', () => {
  it('has defaults that need nothing: PGlite, console SMS, local files, port 3000', () => {
    const config = loadConfig({ DATA_DIR: dir() });
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, s3: undefined, sms: { provider: 'console' }, devOutbox: true });
  });

  it('names the variable whose value is bad', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dir(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(() => loadConfig({ DATA_DIR: dir(), SMS_PROVIDER: 'pigeon' })).toThrow(/SMS_PROVIDER/);
    expect(() => loadConfig({ DATA_DIR: dir(), S3_BUCKET: 'b' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ DATA_DIR: dir(), SECRET_KEY: 'short' })).toThrow(/SECRET_KEY: must be at least 32 characters/);
  });

  it('pays through the simulated provider by default, and needs the whole payouts API configuration for http', () => {
    const config = loadConfig({ DATA_DIR: dir(), SECRET_KEY: 'k'.repeat(40) });
    expect(config.payout).toMatchObject({ provider: { kind: 'simulated', settleMs: 5000 }, minimumPaise: 10_000, holdDays: 0 });
    expect(config.payout.schedule).toEqual({ kind: 'weekly', weekdays: [1] });
    expect(loadConfig({ DATA_DIR: dir(), PAYOUT_SCHEDULE: 'monthly:1,15' }).payout.schedule).toEqual({ kind: 'monthly', days: [1, 15] });
    expect(loadConfig({ DATA_DIR: dir(), PAYOUT_SCHEDULE: 'off' }).payout.schedule).toEqual({ kind: 'off' });
    expect(() => loadConfig({ DATA_DIR: dir(), PAYOUT_SCHEDULE: 'fortnightly' })).toThrow(/PAYOUT_SCHEDULE: must be off, weekly:MON/);
    expect(config.payout.webhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(config.tds).toEqual({ ratePercent: 2, noPanRatePercent: 20, thresholdPaise: 2_000_000 });
    expect(() => loadConfig({ DATA_DIR: dir(), PAYOUT_PROVIDER: 'http', PAYOUT_HTTP_URL: 'https://api.razorpay.com' })).toThrow(
      /PAYOUT_KEY_ID: is required when PAYOUT_PROVIDER=http/,
    );
    expect(() => loadConfig({ DATA_DIR: dir(), PAYOUT_PROVIDER: 'cheque' })).toThrow(/PAYOUT_PROVIDER/);
    const http = loadConfig({
      DATA_DIR: dir(),
      PAYOUT_PROVIDER: 'http',
      PAYOUT_HTTP_URL: 'https://api.razorpay.com',
      PAYOUT_KEY_ID: 'rzp_live_x',
      PAYOUT_KEY_SECRET: 's',
      PAYOUT_WEBHOOK_SECRET: 'w'.repeat(32),
      PAYOUT_ACCOUNT_NUMBER: '7878780080316316',
      TDS_RATE_PERCENT: '5',
      PAYOUT_MINIMUM_RUPEES: '500',
      PAYOUT_HOLD_DAYS: '7',
    });
    expect(http.payout).toMatchObject({
      provider: { kind: 'http', keyId: 'rzp_live_x' },
      webhookSecret: 'w'.repeat(32),
      minimumPaise: 50_000,
      holdDays: 7,
    });
    expect(http.tds.ratePercent).toBe(5);
  });

  it('refuses to start in production without SECRET_KEY, and has no dev outbox there', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), NODE_ENV: 'production' })).toThrow(/SECRET_KEY: is required in production/);
    const prod = loadConfig({
      DATA_DIR: dir(),
      NODE_ENV: 'production',
      SECRET_KEY: 'x'.repeat(40),
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example/send',
      ...DLT_ENV,
      ...COMPANY_ENV,
    });
    expect(prod.devOutbox).toBe(false);
  });

  it('checks answers against the contract outside production only, unless CHECK_RESPONSES says otherwise', () => {
    const prod = {
      NODE_ENV: 'production',
      SECRET_KEY: 'x'.repeat(40),
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example/send',
      ...DLT_ENV,
      ...COMPANY_ENV,
    };
    expect(loadConfig({ DATA_DIR: dir() }).checkResponses).toBe(true);
    expect(loadConfig({ DATA_DIR: dir(), ...prod }).checkResponses).toBe(false);
    expect(loadConfig({ DATA_DIR: dir(), CHECK_RESPONSES: 'false' }).checkResponses).toBe(false);
    expect(loadConfig({ DATA_DIR: dir(), ...prod, CHECK_RESPONSES: 'true' }).checkResponses).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dir(), CHECK_RESPONSES: 'yes' })).toThrow(/CHECK_RESPONSES/);
  });

  it('generates a dev secret into DATA_DIR once and keeps it', () => {
    const d = dir();
    const first = loadConfig({ DATA_DIR: d }).secretKey;
    expect(existsSync(path.join(d, 'secret.key'))).toBe(true);
    expect(readFileSync(path.join(d, 'secret.key'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: d }).secretKey).toBe(first);
  });

  it('takes a hop count or proxy addresses for TRUST_PROXY, and refuses true in production', () => {
    expect(loadConfig({ DATA_DIR: dir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dir(), TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ DATA_DIR: dir(), TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY: must be false, a hop count/);
    const prod = {
      DATA_DIR: dir(),
      NODE_ENV: 'production',
      SECRET_KEY: 'x'.repeat(40),
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example/send',
      ...DLT_ENV,
      ...COMPANY_ENV,
    };
    expect(() => loadConfig({ ...prod, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true is refused in production/);
    expect(loadConfig({ ...prod, TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('refuses the console SMS provider and SEED_DEMO=always in production', () => {
    const prod = { DATA_DIR: dir(), NODE_ENV: 'production', SECRET_KEY: 'x'.repeat(40) };
    expect(() => loadConfig(prod)).toThrow(/SMS_PROVIDER: console is refused in production/);
    const withSms = { ...prod, SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example/send', ...DLT_ENV, ...COMPANY_ENV };
    expect(() => loadConfig({ ...withSms, SEED_DEMO: 'always' })).toThrow(/SEED_DEMO: always is refused in production/);
    expect(loadConfig(withSms).sms).toMatchObject({ provider: 'http', url: 'https://sms.example/send', senderId: 'PMWORK' });
  });

  it("refuses in production the demo company's name, GSTIN or address while GST invoices are on, naming each", () => {
    const prod = {
      DATA_DIR: dir(),
      NODE_ENV: 'production',
      SECRET_KEY: 'x'.repeat(40),
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example/send',
      ...DLT_ENV,
    };
    let refused = '';
    try {
      loadConfig({ ...prod, COMPANY_NAME: COMPANY_ENV.COMPANY_NAME });
    } catch (err) {
      refused = String(err);
    }
    expect(refused).toMatch(/COMPANY_GSTIN: is the demo company's \(required in production while GST invoices are on/);
    expect(refused).toMatch(/COMPANY_ADDRESS: is the demo company's/);
    expect(refused).not.toMatch(/COMPANY_NAME/);
    expect(loadConfig({ ...prod, ...COMPANY_ENV }).invoices).toMatchObject({
      enabled: true,
      company: { gstin: COMPANY_ENV.COMPANY_GSTIN },
    });
    // Without GST invoices the company's details are not printed anywhere, so the demo's do no harm.
    expect(loadConfig({ ...prod, INVOICES_ENABLED: 'false' }).invoices.enabled).toBe(false);
    // Outside production the demo company is the default.
    expect(loadConfig({ DATA_DIR: dir() }).invoices).toMatchObject({ enabled: true, company: { gstin: '29AAHCP1234Q1ZX' } });
  });

  it('refuses in production an SMS template without a DLT template id, naming it, and a sender id missing', () => {
    const prod = {
      DATA_DIR: dir(),
      NODE_ENV: 'production',
      SECRET_KEY: 'x'.repeat(40),
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example/send',
    };
    const templates = JSON.parse(DLT_ENV.SMS_DLT_TEMPLATES) as Record<string, string>;
    delete templates['lead_approved.merged.hi'];
    expect(() => loadConfig({ ...prod, ...DLT_ENV, ...COMPANY_ENV, SMS_DLT_TEMPLATES: JSON.stringify(templates) })).toThrow(
      /SMS_DLT_TEMPLATES: has no DLT template id for lead_approved\.merged\.hi/,
    );
    expect(() => loadConfig({ ...prod, SMS_DLT_TEMPLATES: DLT_ENV.SMS_DLT_TEMPLATES })).toThrow(/SMS_SENDER_ID: is required in production/);
    expect(() => loadConfig({ DATA_DIR: dir(), SMS_DLT_TEMPLATES: '{"otp": 12}' })).toThrow(/SMS_DLT_TEMPLATES: must be a JSON object/);
    expect(() => loadConfig({ DATA_DIR: dir(), SMS_DLT_TEMPLATES: 'otp=1' })).toThrow(/SMS_DLT_TEMPLATES: must be a JSON object/);
    // Outside production a template without an id is sent as plain text (with a warning), so nothing is required.
    expect(loadConfig({ DATA_DIR: dir(), SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example/send' }).sms.dltTemplates).toEqual({});
  });

  it('WhatsApp: off by default; http needs its keys, and in production an approved name for each template', () => {
    expect(loadConfig({ DATA_DIR: dir() }).whatsapp.provider).toBe('off');
    expect(loadConfig({ DATA_DIR: dir(), WHATSAPP_PROVIDER: 'local' }).whatsapp.provider).toBe('local');
    expect(() => loadConfig({ DATA_DIR: dir(), WHATSAPP_PROVIDER: 'http' })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID: is required when WHATSAPP_PROVIDER=http/,
    );
    const keys = {
      WHATSAPP_PROVIDER: 'http',
      WHATSAPP_PHONE_NUMBER_ID: '109876543210',
      WHATSAPP_ACCESS_TOKEN: 'EAAG'.padEnd(40, 'x'),
      WHATSAPP_APP_SECRET: 'a'.repeat(32),
      WHATSAPP_VERIFY_TOKEN: 'verify-me-please',
    };
    expect(loadConfig({ DATA_DIR: dir(), ...keys }).whatsapp).toMatchObject({
      provider: 'http',
      url: 'https://graph.facebook.com/v21.0',
      templates: {},
    });
    expect(() => loadConfig({ DATA_DIR: dir(), ...keys, WHATSAPP_TEMPLATES: '{"lead_approved":"Lead Approved"}' })).toThrow(
      /WHATSAPP_TEMPLATES: must be a JSON object of template key to approved template name/,
    );
    const prod = {
      DATA_DIR: dir(),
      NODE_ENV: 'production',
      SECRET_KEY: 'x'.repeat(40),
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example/send',
      ...DLT_ENV,
      ...COMPANY_ENV,
      ...keys,
    };
    const all = Object.fromEntries(allWhatsAppTemplateKeys().map((k) => [k, k.replace('.', '_')]));
    expect(loadConfig({ ...prod, WHATSAPP_TEMPLATES: JSON.stringify(all) }).whatsapp).toMatchObject({ provider: 'http' });
    delete all['lead_approved.merged'];
    expect(() => loadConfig({ ...prod, WHATSAPP_TEMPLATES: JSON.stringify(all) })).toThrow(
      /WHATSAPP_TEMPLATES: has no approved template name for lead_approved\.merged \(required in production\)/,
    );
  });

  it('serves metrics only with METRICS_PORT, on 127.0.0.1 unless METRICS_HOST says otherwise, never on the API port', () => {
    expect(loadConfig({ DATA_DIR: dir() }).metrics).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir(), METRICS_PORT: '9101' }).metrics).toEqual({ host: '127.0.0.1', port: 9101 });
    expect(
      loadConfig({
        DATA_DIR: dir(),
        NODE_ENV: 'production',
        SECRET_KEY: 'x'.repeat(40),
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: 'https://sms.example/send',
        ...DLT_ENV,
        ...COMPANY_ENV,
        METRICS_PORT: '9101',
      }).metrics?.host,
    ).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: dir(), METRICS_PORT: '9101', METRICS_HOST: '10.0.0.11' }).metrics).toEqual({
      host: '10.0.0.11',
      port: 9101,
    });
    expect(() => loadConfig({ DATA_DIR: dir(), METRICS_PORT: 'ninety' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ DATA_DIR: dir(), METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: '3001', METRICS_PORT: '3001' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => loadConfig({ DATA_DIR: dir(), METRICS_HOST: '10.0.0.11' })).toThrow(/METRICS_PORT: is required when METRICS_HOST is set/);
  });

  it('listens on 127.0.0.1 outside production unless HOST says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dir() }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: dir(), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it("gives the database's thread the same database settings the configuration reads, and none when the configuration refuses them", () => {
    const data = dir();
    const cases: Record<string, string | undefined>[] = [
      {},
      { NODE_ENV: 'test', SEED_DEMO: 'never', DATABASE_URL: 'postgres://localhost/pmw' },
      { NODE_ENV: '', SEED_DEMO: '', DATABASE_URL: '' },
      { SEED_DEMO: 'always', DATABASE_URL: 'postgresql://db/pmw', DATA_DIR: path.join(data, 'nested') },
      { NODE_ENV: 'staging' },
      { SEED_DEMO: 'sometimes' },
      { DATABASE_URL: 'mysql://x' },
    ];
    for (const env of cases) {
      const source = { DATA_DIR: data, ...env };
      let config: Config | undefined;
      try {
        config = loadConfig(source);
      } catch {
        config = undefined;
      }
      const settings = loadDatabaseSettings(source);
      expect(settings, JSON.stringify(env)).toEqual(
        config && { env: config.env, dataDir: config.dataDir, databaseUrl: config.databaseUrl, seedDemo: config.seedDemo },
      );
    }
  });
});
