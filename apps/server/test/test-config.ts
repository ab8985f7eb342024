import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../src/config';
import { COMPANY_ENV, DLT_ENV } from './dlt-env';

/** The configuration API tests run with; a test may override any variable. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pmw-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SECRET_KEY: 'test-secret-key-test-secret-key-0123456789',
    LOG_LEVEL: 'silent',
    OTP_RESEND_SECONDS: '0',
    OTP_MAX_PER_IP: '100000',
    OTP_MAX_PER_MOBILE: '1000',
    SEED_DEMO: 'never',
    // Production refuses the console SMS provider; its tests get a gateway address nothing answers.
    ...(overrides.NODE_ENV === 'production'
      ? { SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://127.0.0.1:9/sms', ...DLT_ENV, ...COMPANY_ENV }
      : {}),
    ...overrides,
  });
}
