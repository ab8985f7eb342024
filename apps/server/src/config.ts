import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { allSmsTemplateKeys, allWhatsAppTemplateKeys } from '@pmw/contract/notifications';
import { isValidGstin } from '@pmw/contract/kyc';
import { DEFAULT_RISK_SETTINGS, riskSettings, type RiskSettings } from '@pmw/contract/risk';
import { PAYOUT_SCHEDULE_DEFAULT, parsePayoutSchedule, type PayoutSchedule } from '@pmw/contract/payout-schedule';
import { DATABASE_URL_PATTERN, DEFAULT_DATA_DIR, NODE_ENVS, SEED_DEMO_MODES } from './database-settings';

/**
 * Every environment variable the server reads, in one place. A bad value stops
 * the start with a message naming the variable.
 */
/** The demo company printed on invoices outside production; production refuses to start with any of these while invoices are on. */
export const DEMO_COMPANY = {
  COMPANY_NAME: 'PickMyWork Technologies Private Limited',
  COMPANY_GSTIN: '29AAHCP1234Q1ZX',
  COMPANY_ADDRESS: '2nd Floor, 80 Feet Road, Koramangala, Bengaluru, Karnataka 560034',
} as const;

const envFields = z.object({
  NODE_ENV: z.enum(NODE_ENVS).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Listen address; 127.0.0.1 outside production, every interface in production (behind its proxy). */
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  DATABASE_URL: z.string().regex(DATABASE_URL_PATTERN, 'must be a postgres:// URL').optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  SMS_PROVIDER: z.enum(['console', 'http']).default('console'),
  SMS_HTTP_URL: z.url().optional(),
  /** The DLT-registered sender id (header) the http provider sends with every text. */
  SMS_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9]{3,11}$/, 'must be the DLT header: 3 to 11 letters or digits')
    .optional(),
  /** DLT template id per template, as JSON: {"otp":"1107…","otp.hi":"1107…",…} (docs/areas/notifications.md lists the keys). */
  SMS_DLT_TEMPLATES: z
    .string()
    .transform((raw, ctx) => {
      try {
        const parsed: unknown = JSON.parse(raw);
        const ok =
          parsed &&
          typeof parsed === 'object' &&
          !Array.isArray(parsed) &&
          Object.values(parsed).every((v) => typeof v === 'string' && /^[0-9]{6,30}$/.test(v));
        if (ok) return parsed as Record<string, string>;
      } catch {
        // Answered below with the message an operator can act on.
      }
      ctx.addIssue({
        code: 'custom',
        message: 'must be a JSON object of template key to DLT template id (digits), e.g. {"otp":"1107161234567890123"}',
      });
      return z.NEVER;
    })
    .optional(),
  /** Seconds a notification's SMS waits so that a person's others of the same kind go with it as one text; 0 sends at once. */
  NOTIFY_MERGE_SECONDS: z.coerce.number().int().min(0).max(600).default(5),
  /** Seconds between the SMS outbox worker's looks when nothing woke it; 0 turns the in-process worker off. */
  NOTIFY_POLL_SECONDS: z.coerce.number().int().min(0).max(3600).default(3),
  /** Tries before an SMS is given up as failed. */
  NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /**
   * WhatsApp instead of SMS for people who choose it: off (the default: the
   * choice is not offered), local (writes to the log and dev outbox) or http
   * (the WhatsApp Business Cloud API, with the settings below).
   */
  WHATSAPP_PROVIDER: z.enum(['off', 'local', 'http']).default('off'),
  /** The Graph API with its version. */
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^[0-9]{5,30}$/, 'must be the phone number id (digits) from the WhatsApp Manager')
    .optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().min(20, 'must be a system user access token').optional(),
  /** The app secret status webhooks are signed with (X-Hub-Signature-256). */
  WHATSAPP_APP_SECRET: z.string().min(16, 'must be the app secret').optional(),
  /** The token the platform's GET check of the webhook address must bring. */
  WHATSAPP_VERIFY_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
  /** Approved template name per template key, as JSON: {"lead_approved":"lead_approved_v1",…} (docs/areas/notifications.md lists the keys). */
  WHATSAPP_TEMPLATES: z
    .string()
    .transform((raw, ctx) => {
      try {
        const parsed: unknown = JSON.parse(raw);
        const ok =
          parsed &&
          typeof parsed === 'object' &&
          !Array.isArray(parsed) &&
          Object.values(parsed).every((v) => typeof v === 'string' && /^[a-z0-9_]{1,512}$/.test(v));
        if (ok) return parsed as Record<string, string>;
      } catch {
        // Answered below with the message an operator can act on.
      }
      ctx.addIssue({
        code: 'custom',
        message:
          'must be a JSON object of template key to approved template name (lower case, digits, _), e.g. {"lead_approved":"lead_approved_v1"}',
      });
      return z.NEVER;
    })
    .optional(),
  /** Web push: local (records what it would send) or webpush (the browsers' push services, with the VAPID keys below). */
  PUSH_PROVIDER: z.enum(['local', 'webpush']).default('local'),
  /** The VAPID key pair (URL-safe base64, as `npx web-push generate-vapid-keys` prints it) and a contact (mailto: or https:). */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a URL-safe base64 P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a URL-safe base64 P-256 private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https:// address')
    .optional(),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public origin used in links the server hands out (share links, feedback links). */
  PUBLIC_URL: z.url().optional(),
  /** OTP sends allowed per mobile from one client address, and per client address, in OTP_WINDOW_MINUTES. */
  OTP_MAX_PER_MOBILE: z.coerce.number().int().min(1).default(5),
  OTP_MAX_PER_IP: z.coerce.number().int().min(1).default(30),
  /** OTP sends per mobile from all addresses together (3 × OTP_MAX_PER_MOBILE when unset); see docs/security.md, Codes without a login. */
  OTP_MAX_PER_MOBILE_TOTAL: z.coerce.number().int().min(1).optional(),
  OTP_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Seconds a new OTP must wait after the last one to the same mobile. */
  OTP_RESEND_SECONDS: z.coerce.number().int().min(0).default(30),
  SEED_DEMO: z.enum(SEED_DEMO_MODES).default('auto'),
  /**
   * Whether every answer is checked against the contract before it is sent
   * (a development aid: on outside production, off in production). The
   * benches turn it off to measure the work production does.
   */
  CHECK_RESPONSES: z.enum(['true', 'false']).optional(),
  /**
   * Which proxies may say who the client is: 'false', a hop count ('1' behind one
   * nginx), or their addresses/CIDRs, comma separated. 'true' (believe any
   * X-Forwarded-For) is refused in production: clients could pick their own address.
   */
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|\d{1,2}|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/,
      "must be false, a hop count such as 1, or the proxies' addresses/CIDRs, comma separated",
    )
    .default('false'),
  /** Where the built SPA is (the default is apps/web/dist beside the server). */
  WEB_DIST_DIR: z.string().min(1).optional(),
  SUPPORT_INTRO_VIDEO_URL: z.string().min(1).optional(),
  /** Support phone shown on the merchant feedback page. */
  SUPPORT_PHONE: z
    .string()
    .regex(/^\+?[0-9]{8,15}$/, 'must be a phone number')
    .default('+918047180000'),
  /** scrypt$<salt>$<hash> of the data download passcode (see docs/areas/data-download.md); outside production the demo's by default. */
  DATA_DOWNLOAD_PASSCODE_HASH: z
    .string()
    .regex(/^scrypt\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/, 'must be scrypt$<salt>$<hash>')
    .optional(),
  /** Origin that replaces the host of links team members share (default PUBLIC_URL, else the request's origin). */
  TEAM_SHARE_URL: z.url().optional(),
  /** Reverse geocoder: offline (nearest known pincode) or a Nominatim-compatible service at GEOCODER_URL. */
  GEOCODER: z.enum(['offline', 'nominatim']).default('offline'),
  GEOCODER_URL: z.url().optional(),
  /** Map tiles for the location picker, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png; unset draws a plain grid. */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'must be an http(s) URL with {z}, {x} and {y}')
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().max(300).optional(),
  /** How often pending leads past their project's validity are expired; 0 turns the in-process job off. */
  LEAD_EXPIRY_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(60),
  /** Raises the per-ticket chat limit outside production, for the chat bench's built server; production keeps the contract's. */
  SUPPORT_CHAT_MAX_PER_MINUTE: z.coerce.number().int().positive().optional(),
  /** Online IFSC service (GET {url}/{ifsc} answering BANK, BRANCH, ADDRESS) for branch addresses; unset uses the offline data only. */
  IFSC_LOOKUP_URL: z.url().optional(),
  /** The offline bank-branch directory (made by scripts/ifsc-directory.mjs); default {DATA_DIR}/ifsc-directory.tsv.gz. */
  IFSC_DIRECTORY_FILE: z.string().min(1).optional(),
  /** Click-to-call: simulated (no real call) or http (a telephony service at CALLING_HTTP_URL). */
  CALLING_PROVIDER: z.enum(['simulated', 'http']).default('simulated'),
  CALLING_HTTP_URL: z.url().optional(),
  CALLING_HTTP_TOKEN: z.string().min(1).optional(),
  /** Money out: simulated (settles by itself; bank accounts ending 0000 and UPI IDs starting "fail" fail) or http (a RazorpayX-style payouts API). */
  PAYOUT_PROVIDER: z.enum(['simulated', 'http']).default('simulated'),
  PAYOUT_HTTP_URL: z.url().optional(),
  PAYOUT_KEY_ID: z.string().min(1).optional(),
  PAYOUT_KEY_SECRET: z.string().min(1).optional(),
  /** Signs the provider's webhooks (HMAC-SHA256 of the raw body); the simulated provider signs with it too. */
  PAYOUT_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** The account payouts are sent from, as the provider knows it. */
  PAYOUT_ACCOUNT_NUMBER: z.string().min(1).optional(),
  /** Seconds the simulated provider takes to settle a transfer. */
  PAYOUT_SIMULATED_SETTLE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** How often transfers still processing are asked about; 0 turns the in-process poll off. */
  PAYOUT_POLL_SECONDS: z.coerce.number().int().min(0).default(60),
  /** TDS under section 194H: the rate with a valid PAN, without one, and the year's commission it starts above. */
  TDS_RATE_PERCENT: z.coerce.number().min(0).max(100).default(2),
  TDS_NO_PAN_RATE_PERCENT: z.coerce.number().min(0).max(100).default(20),
  TDS_THRESHOLD_RUPEES: z.coerce.number().int().min(0).default(20000),
  /** A balance below this is not paid out (held with the reason). */
  PAYOUT_MINIMUM_RUPEES: z.coerce.number().int().min(0).default(100),
  /** Earnings approved within this many days are not paid yet. */
  PAYOUT_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(0),
  /** The IST days payout runs are due, shown to partners and ops (ops still start each run): off, weekly:MON[,THU] or monthly:1[,15]. */
  PAYOUT_SCHEDULE: z
    .string()
    .default(PAYOUT_SCHEDULE_DEFAULT)
    .transform((v, ctx) => {
      const schedule = parsePayoutSchedule(v);
      if (!schedule)
        ctx.addIssue({ code: 'custom', message: 'must be off, weekly:MON (weekdays SUN..SAT, comma-separated) or monthly:1 (days 1-31)' });
      return schedule ?? { kind: 'off' as const };
    }),
  /**
   * GST invoices of GST-registered partners (on by default): false pays every partner from the balance without
   * invoices. On in production, the company's details below must be the real ones, not the demo's.
   */
  INVOICES_ENABLED: z.enum(['true', 'false']).default('true'),
  /** GST invoices of GST-registered partners: the rate on top of their commission, and the company they bill (printed on each invoice). */
  GST_RATE_PERCENT: z.coerce.number().min(0).max(100).default(18),
  COMPANY_NAME: z.string().min(1).max(200).default(DEMO_COMPANY.COMPANY_NAME),
  COMPANY_GSTIN: z.string().refine(isValidGstin, 'is not a valid GSTIN').default(DEMO_COMPANY.COMPANY_GSTIN),
  /** The services code printed on partners' invoices (998599: other support services). */
  INVOICE_SAC: z
    .string()
    .regex(/^\d{4,8}$/)
    .default('998599'),
  COMPANY_ADDRESS: z.string().min(1).max(400).default(DEMO_COMPANY.COMPANY_ADDRESS),
  /** Lead risk weights and thresholds as JSON, each key overriding the default (docs/areas/ops.md). */
  RISK_SETTINGS: z
    .string()
    .transform((v, ctx) => {
      try {
        return riskSettings(JSON.parse(v));
      } catch (err) {
        ctx.addIssue({
          code: 'custom',
          message: `not valid risk settings: ${err instanceof Error ? err.message.slice(0, 300) : 'bad JSON'}`,
        });
        return z.NEVER;
      }
    })
    .optional(),
  /** Port of this process' Prometheus metrics (GET /metrics), apart from the API's; unset serves none. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address the metrics port listens on; 127.0.0.1 by default, so only this host (or a tunnel) reads them. */
  METRICS_HOST: z.string().min(1).optional(),
});
const envSchema = envFields.superRefine((env, ctx) => {
  const s3 = [env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  if (s3.some(Boolean) && !s3.every(Boolean)) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    });
  }
  if (env.PAYOUT_PROVIDER === 'http') {
    for (const key of [
      'PAYOUT_HTTP_URL',
      'PAYOUT_KEY_ID',
      'PAYOUT_KEY_SECRET',
      'PAYOUT_WEBHOOK_SECRET',
      'PAYOUT_ACCOUNT_NUMBER',
    ] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYOUT_PROVIDER=http' });
    }
  }
  if (env.PUSH_PROVIDER === 'webpush') {
    for (const key of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PUSH_PROVIDER=webpush' });
    }
  }
  if (env.WHATSAPP_PROVIDER === 'http') {
    for (const key of ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when WHATSAPP_PROVIDER=http' });
    }
    if (env.NODE_ENV === 'production') {
      // The platform sends a business-initiated message only from an approved template.
      const missing = allWhatsAppTemplateKeys().filter((key) => !env.WHATSAPP_TEMPLATES?.[key]);
      if (missing.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['WHATSAPP_TEMPLATES'],
          message: `has no approved template name for ${missing.join(', ')} (required in production)`,
        });
      }
    }
  }
  if (env.SMS_PROVIDER === 'http' && !env.SMS_HTTP_URL) {
    ctx.addIssue({ code: 'custom', path: ['SMS_HTTP_URL'], message: 'is required when SMS_PROVIDER=http' });
  }
  if (env.NODE_ENV === 'production' && env.SMS_PROVIDER === 'http') {
    // Indian operators drop a transactional text that names no registered template.
    if (!env.SMS_SENDER_ID)
      ctx.addIssue({ code: 'custom', path: ['SMS_SENDER_ID'], message: 'is required in production: the DLT header texts are sent with' });
    const missing = allSmsTemplateKeys().filter((key) => !env.SMS_DLT_TEMPLATES?.[key]);
    if (missing.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_DLT_TEMPLATES'],
        message: `has no DLT template id for ${missing.join(', ')} (required in production)`,
      });
    }
  }
  if (env.CALLING_PROVIDER === 'http' && !env.CALLING_HTTP_URL) {
    ctx.addIssue({ code: 'custom', path: ['CALLING_HTTP_URL'], message: 'is required when CALLING_PROVIDER=http' });
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
    ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT: metrics are served on a port of their own' });
  }
  if (env.METRICS_HOST !== undefined && env.METRICS_PORT === undefined) {
    ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'is required when METRICS_HOST is set' });
  }
  if (env.GEOCODER === 'nominatim' && !env.GEOCODER_URL) {
    ctx.addIssue({ code: 'custom', path: ['GEOCODER_URL'], message: 'is required when GEOCODER=nominatim' });
  }
  if (env.NODE_ENV === 'production' && env.INVOICES_ENABLED === 'true') {
    // An invoice is a tax document: it never goes out with the demo company's name, GSTIN or address on it.
    for (const key of Object.keys(DEMO_COMPANY) as (keyof typeof DEMO_COMPANY)[]) {
      if (env[key] === DEMO_COMPANY[key]) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message:
            "is the demo company's (required in production while GST invoices are on: set your company's, printed on partners' invoices, or INVOICES_ENABLED=false)",
        });
      }
    }
  }
  if (env.NODE_ENV === 'production' && !env.SECRET_KEY) {
    ctx.addIssue({ code: 'custom', path: ['SECRET_KEY'], message: 'is required in production' });
  }
  if (env.NODE_ENV === 'production' && env.TRUST_PROXY === 'true') {
    ctx.addIssue({
      code: 'custom',
      path: ['TRUST_PROXY'],
      message:
        'true is refused in production: it believes any X-Forwarded-For a client writes, so every per-address limit could be dodged. Give the hop count (1 behind one proxy) or the proxy addresses',
    });
  }
  if (env.NODE_ENV === 'production' && env.SMS_PROVIDER === 'console') {
    ctx.addIssue({
      code: 'custom',
      path: ['SMS_PROVIDER'],
      message: 'console is refused in production: it writes every OTP to the log. Set SMS_PROVIDER=http and SMS_HTTP_URL',
    });
  }
  if (env.NODE_ENV === 'production' && env.SEED_DEMO === 'always') {
    ctx.addIssue({
      code: 'custom',
      path: ['SEED_DEMO'],
      message:
        'always is refused in production: the demo data has an ops admin anyone could ask an OTP for. Create the first admin with npm run create-admin -- <mobile>',
    });
  }
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections per process: more than the requests it serves at once, so none waits for a connection. */
  databasePoolSize: number;
  redisUrl: string | undefined;
  s3:
    | {
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      }
    | undefined;
  sms: ({ provider: 'console' } | { provider: 'http'; url: string }) & {
    senderId: string | undefined;
    dltTemplates: Record<string, string>;
  };
  /** The SMS outbox: merge window, polling (0: no in-process worker) and tries before failing. */
  notify: { mergeMs: number; pollMs: number; maxAttempts: number };
  /** WhatsApp instead of SMS for people who choose it: off, local, or the Cloud API. */
  whatsapp:
    | { provider: 'off' | 'local'; appSecret: string; verifyToken: string }
    | {
        provider: 'http';
        url: string;
        phoneNumberId: string;
        accessToken: string;
        appSecret: string;
        verifyToken: string;
        templates: Record<string, string>;
      };
  /** Web push: local, or the push services with these VAPID keys. */
  push: { provider: 'local' } | { provider: 'webpush'; subject: string; publicKey: string; privateKey: string };
  secretKey: string;
  logLevel: Env['LOG_LEVEL'];
  publicUrl: string | undefined;
  otp: { maxPerMobile: number; maxPerMobileTotal: number; maxPerIp: number; windowMinutes: number; resendSeconds: number };
  seedDemo: Env['SEED_DEMO'];
  /** Answers checked against the contract before they are sent. */
  checkResponses: boolean;
  /** Fastify's trustProxy: false, a hop count, or trusted proxy addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  webDistDir: string | undefined;
  /** The dev outbox exists only with the console provider outside production. */
  devOutbox: boolean;
  /** What the support chat's 'Watch Video' plays (a URL or a path on this host). */
  supportIntroVideoUrl: string | undefined;
  supportPhone: string;
  /** Chat messages a minute per ticket and per sender; unset, the contract's CHAT_MAX_PER_MINUTE (SUPPORT_CHAT_MAX_PER_MINUTE outside production: the chat bench raises it to measure the fan-out). */
  supportChatMaxPerMinute?: number;
  /** Unset in production without DATA_DOWNLOAD_PASSCODE_HASH: the utility is then closed. */
  dataDownloadPasscodeHash: string | undefined;
  team: { shareUrl: string | undefined };
  geocoder: { provider: 'offline' } | { provider: 'nominatim'; url: string };
  map: { tileUrl: string | undefined; attribution: string | undefined };
  /** Minutes between lead expiry runs; 0 means off (tests run it by hand). */
  leadExpiryIntervalMinutes: number;
  ifscLookupUrl: string | undefined;
  ifscDirectoryFile: string;
  calling: { provider: 'simulated' } | { provider: 'http'; url: string; token: string | undefined };
  payout: {
    provider:
      { kind: 'simulated'; settleMs: number } | { kind: 'http'; url: string; keyId: string; keySecret: string; accountNumber: string };
    webhookSecret: string;
    pollMs: number;
    minimumPaise: number;
    holdDays: number;
    schedule: PayoutSchedule;
  };
  tds: { ratePercent: number; noPanRatePercent: number; thresholdPaise: number };
  /** GST invoices: the rate and the company billed. */
  invoices: { enabled: boolean; gstRatePercent: number; sac: string; company: { name: string; gstin: string; address: string } };
  /** Lead risk weights and thresholds. */
  risk: RiskSettings;
  /** Where Prometheus metrics are served; undefined serves none (prom-client is then never loaded). */
  metrics: { host: string; port: number } | undefined;
}

/** Hash of the demo data download passcode 'bueno-4821', used outside production only. */
export const DEMO_DATA_DOWNLOAD_PASSCODE = 'bueno-4821';
export const DEMO_DATA_DOWNLOAD_PASSCODE_HASH = 'scrypt$cG13LWRlbW8tcGFzc2NvZGUtc2FsdA$19ZdT3fjs_5Ib4tr0dB6ZmNcN-3lZ4QP54GGoZQ9n4c';

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError naming each bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const secretKey = env.SECRET_KEY ?? devSecretKey(dataDir);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    redisUrl: env.REDIS_URL,
    s3:
      env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
          }
        : undefined,
    sms: {
      ...(env.SMS_PROVIDER === 'http' && env.SMS_HTTP_URL
        ? { provider: 'http' as const, url: env.SMS_HTTP_URL }
        : { provider: 'console' as const }),
      senderId: env.SMS_SENDER_ID,
      dltTemplates: env.SMS_DLT_TEMPLATES ?? {},
    },
    notify: { mergeMs: env.NOTIFY_MERGE_SECONDS * 1000, pollMs: env.NOTIFY_POLL_SECONDS * 1000, maxAttempts: env.NOTIFY_MAX_ATTEMPTS },
    whatsapp:
      env.WHATSAPP_PROVIDER === 'http' &&
      env.WHATSAPP_PHONE_NUMBER_ID &&
      env.WHATSAPP_ACCESS_TOKEN &&
      env.WHATSAPP_APP_SECRET &&
      env.WHATSAPP_VERIFY_TOKEN
        ? {
            provider: 'http',
            url: env.WHATSAPP_API_URL,
            phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
            accessToken: env.WHATSAPP_ACCESS_TOKEN,
            appSecret: env.WHATSAPP_APP_SECRET,
            verifyToken: env.WHATSAPP_VERIFY_TOKEN,
            templates: env.WHATSAPP_TEMPLATES ?? {},
          }
        : {
            provider: env.WHATSAPP_PROVIDER === 'local' ? 'local' : 'off',
            // Outside http a key derived from the secret key signs (and checks) a stand-in's webhooks.
            appSecret: env.WHATSAPP_APP_SECRET ?? createHash('sha256').update(`whatsapp-webhook:${secretKey}`).digest('hex'),
            verifyToken:
              env.WHATSAPP_VERIFY_TOKEN ?? createHash('sha256').update(`whatsapp-verify:${secretKey}`).digest('hex').slice(0, 32),
          },
    push:
      env.PUSH_PROVIDER === 'webpush' && env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT
        ? { provider: 'webpush', subject: env.VAPID_SUBJECT, publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
        : { provider: 'local' },
    secretKey,
    logLevel: env.LOG_LEVEL,
    publicUrl: env.PUBLIC_URL,
    otp: {
      maxPerMobile: env.OTP_MAX_PER_MOBILE,
      maxPerMobileTotal: env.OTP_MAX_PER_MOBILE_TOTAL ?? 3 * env.OTP_MAX_PER_MOBILE,
      maxPerIp: env.OTP_MAX_PER_IP,
      windowMinutes: env.OTP_WINDOW_MINUTES,
      resendSeconds: env.OTP_RESEND_SECONDS,
    },
    seedDemo: env.SEED_DEMO,
    checkResponses: env.CHECK_RESPONSES ? env.CHECK_RESPONSES === 'true' : env.NODE_ENV !== 'production',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    devOutbox: env.SMS_PROVIDER === 'console' && env.NODE_ENV !== 'production',
    supportIntroVideoUrl: env.SUPPORT_INTRO_VIDEO_URL,
    ...(env.SUPPORT_CHAT_MAX_PER_MINUTE && env.NODE_ENV !== 'production'
      ? { supportChatMaxPerMinute: env.SUPPORT_CHAT_MAX_PER_MINUTE }
      : {}),
    supportPhone: env.SUPPORT_PHONE,
    dataDownloadPasscodeHash:
      env.DATA_DOWNLOAD_PASSCODE_HASH ?? (env.NODE_ENV === 'production' ? undefined : DEMO_DATA_DOWNLOAD_PASSCODE_HASH),
    team: { shareUrl: env.TEAM_SHARE_URL ?? env.PUBLIC_URL },
    geocoder: env.GEOCODER === 'nominatim' && env.GEOCODER_URL ? { provider: 'nominatim', url: env.GEOCODER_URL } : { provider: 'offline' },
    map: { tileUrl: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION },
    leadExpiryIntervalMinutes:
      env.NODE_ENV === 'test' && raw.LEAD_EXPIRY_INTERVAL_MINUTES === undefined ? 0 : env.LEAD_EXPIRY_INTERVAL_MINUTES,
    ifscLookupUrl: env.IFSC_LOOKUP_URL,
    ifscDirectoryFile: path.resolve(env.IFSC_DIRECTORY_FILE ?? path.join(dataDir, 'ifsc-directory.tsv.gz')),
    calling:
      env.CALLING_PROVIDER === 'http' && env.CALLING_HTTP_URL
        ? { provider: 'http', url: env.CALLING_HTTP_URL, token: env.CALLING_HTTP_TOKEN }
        : { provider: 'simulated' },
    payout: {
      provider:
        env.PAYOUT_PROVIDER === 'http' && env.PAYOUT_HTTP_URL && env.PAYOUT_KEY_ID && env.PAYOUT_KEY_SECRET && env.PAYOUT_ACCOUNT_NUMBER
          ? {
              kind: 'http',
              url: env.PAYOUT_HTTP_URL,
              keyId: env.PAYOUT_KEY_ID,
              keySecret: env.PAYOUT_KEY_SECRET,
              accountNumber: env.PAYOUT_ACCOUNT_NUMBER,
            }
          : { kind: 'simulated', settleMs: env.PAYOUT_SIMULATED_SETTLE_SECONDS * 1000 },
      // The simulated provider signs its own webhooks; outside http a key derived from the secret key is enough.
      webhookSecret: env.PAYOUT_WEBHOOK_SECRET ?? createHash('sha256').update(`payout-webhook:${secretKey}`).digest('hex'),
      pollMs: env.NODE_ENV === 'test' && raw.PAYOUT_POLL_SECONDS === undefined ? 0 : env.PAYOUT_POLL_SECONDS * 1000,
      minimumPaise: env.PAYOUT_MINIMUM_RUPEES * 100,
      holdDays: env.PAYOUT_HOLD_DAYS,
      schedule: env.PAYOUT_SCHEDULE,
    },
    invoices: {
      enabled: env.INVOICES_ENABLED === 'true',
      gstRatePercent: env.GST_RATE_PERCENT,
      sac: env.INVOICE_SAC,
      company: { name: env.COMPANY_NAME, gstin: env.COMPANY_GSTIN, address: env.COMPANY_ADDRESS },
    },
    tds: {
      ratePercent: env.TDS_RATE_PERCENT,
      noPanRatePercent: env.TDS_NO_PAN_RATE_PERCENT,
      thresholdPaise: env.TDS_THRESHOLD_RUPEES * 100,
    },
    risk: env.RISK_SETTINGS ?? DEFAULT_RISK_SETTINGS,
    metrics: env.METRICS_PORT === undefined ? undefined : { host: env.METRICS_HOST ?? '127.0.0.1', port: env.METRICS_PORT },
  };
}

function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

/** Outside production a key is generated once into DATA_DIR so sessions survive restarts. */
function devSecretKey(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}
