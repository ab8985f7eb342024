/**
 * The smoke suite: the built server (`npm run build`), started the way
 * production starts it (`npm run migrate`, `npm run create-admin`, then
 * `NODE_ENV=production node scripts/start.mjs`), on a fresh PostgreSQL
 * database with Redis and a local S3-compatible server (s3rver), checked over
 * HTTP for every kind of answer the server gives: JSON, the three
 * server-rendered pages, the Leads Report CSV, the data download's CSV and
 * xlsx, an upload and its signed URL, a payout run's NEFT file and a live
 * support chat message on Socket.IO.
 *
 * Production has no demo data and no OTP outbox: everything is made through
 * the product, and OTPs are read from a stand-in SMS gateway (the `http`
 * provider posts `{mobile, text}` to SMS_HTTP_URL).
 *
 * Run: `npm run build && npm run smoke`. Settings (all optional):
 *   SMOKE_DATABASE_URL  a PostgreSQL server to create the database on
 *                       (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
 *   SMOKE_REDIS_URL     default TEST_REDIS_URL, else redis://127.0.0.1:6379
 *   SMOKE_KEEP=1        keeps the database and the work folder for a look afterwards
 * Prints each check; exits 1 when any fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import S3rver from 's3rver';
import { io as connect, type Socket } from 'socket.io-client';
import { HIRING_CATEGORY_ID, applicationPath } from '@pmw/contract/hiring';
import { feedbackLinkPath } from '@pmw/contract/feedback-rules';
import { FILE_RULES } from '@pmw/contract/files';
import { OUTPUT_COLUMNS } from '@pmw/contract/data-download';
import { SUPPORT_EVENTS, chatAddEventSchema, joinAckSchema } from '@pmw/contract/support';
import { hashPasscode } from '../apps/server/src/modules/data-download/passcode';
import { COMPANY_ENV, DLT_ENV } from '../apps/server/test/dlt-env';

const root = path.resolve(import.meta.dirname, '..');
const serverBundle = path.join(root, 'apps/server/dist/server.mjs');
const webIndex = path.join(root, 'apps/web/dist/index.html');

const adminUrl = process.env.SMOKE_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.SMOKE_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const keep = process.env.SMOKE_KEEP === '1';

const ADMIN_MOBILE = '9000000001';
const FORM_LOGIN_MOBILE = '9000000004';
const PARTNER_MOBILE = '9000000002';
const CUSTOMER_MOBILE = '9000000003';
const PASSCODE = 'smoke-passcode-1';
const BUCKET = 'pmw-smoke';
// s3rver's own keys: it checks every signature against them.
const S3_KEY = 'S3RVER';

// ---------------------------------------------------------------- reporting

let failures = 0;
let passed = 0;

async function check(what: string, fn: () => Promise<void>): Promise<void> {
  const started = Date.now();
  try {
    await fn();
    passed++;
    console.log(`  ok    ${what} (${Date.now() - started} ms)`);
  } catch (err) {
    failures++;
    console.log(`  FAIL  ${what}\n        ${(err as Error).message.split('\n').join('\n        ')}`);
  }
}

function expect(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(message);
}

// ---------------------------------------------------------------- helpers

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitFor(what: string, ok: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A stand-in SMS gateway: the server posts {mobile, text} here as it would to a real one. */
async function smsGateway(): Promise<{ url: string; server: Server; otpFor(mobile: string, after: number): Promise<string> }> {
  const sent: { mobile: string; text: string; at: number }[] = [];
  const server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const msg = JSON.parse(body) as { mobile: string; text: string };
      sent.push({ ...msg, at: Date.now() });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    server,
    async otpFor(mobile, after) {
      let otp: string | undefined;
      await waitFor(
        `an SMS to ${mobile}`,
        () => {
          otp = [...sent]
            .reverse()
            .find((m) => m.at >= after && mobile.endsWith(m.mobile.slice(-10)))
            ?.text.match(/\b(\d{4})\b/)?.[1];
          return !!otp;
        },
        15_000,
      );
      return otp!;
    },
  };
}

interface Answer {
  status: number;
  type: string;
  text: string;
  bytes: Buffer;
  json: { status?: boolean; message?: string; data?: unknown } | undefined;
}

/** One person's browser: keeps their cookies, sends the Origin a browser sends. */
class Client {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}
  get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async call(method: string, p: string, body?: unknown): Promise<Answer> {
    const res = await fetch(this.base + p, {
      method,
      redirect: 'manual',
      headers: {
        origin: this.base,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: this.cookie } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const bytes = Buffer.from(await res.arrayBuffer());
    const type = res.headers.get('content-type') ?? '';
    const text = bytes.toString('utf8');
    let json: Answer['json'];
    if (type.includes('application/json')) json = JSON.parse(text) as Answer['json'];
    return { status: res.status, type, text, bytes, json };
  }
  /** An API call that must succeed: answers the envelope's data. */
  async ok<T>(method: string, p: string, body?: unknown): Promise<T> {
    const res = await this.call(method, `/api/v2${p}`, body);
    expect(res.status === 200 && res.json?.status === true, `${method} ${p} answered ${res.status}: ${res.text.slice(0, 300)}`);
    return res.json!.data as T;
  }
}

/** Every process the suite started, stopped whatever way the run ends. */
const children = new Set<ChildProcess>();

function runBuilt(args: string[], env: Record<string, string>): ChildProcess {
  // The production start path as docs/deploy.md gives it: npm's scripts are `node scripts/start.mjs ...`.
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs'), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Runs start.mjs to its end; one still running after `ms` (a server that should have refused to start) is stopped and fails. */
async function runOnce(args: string[], env: Record<string, string>, ms = 120_000): Promise<string> {
  const child = runBuilt(args, env);
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void stop(child);
  }, ms);
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  clearTimeout(timer);
  if (timedOut) throw new Error(`start.mjs ${args.join(' ')} was still running after ${ms} ms:\n${log}`);
  if (code !== 0) throw new Error(`start.mjs ${args.join(' ')} exited ${code}:\n${log}`);
  return log;
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

async function putObject(url: string, bytes: Buffer, contentType: string): Promise<number> {
  // As the browser does it: no credentials, the two signed headers.
  const res = await fetch(url, {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'content-type': contentType, 'if-none-match': '*' },
  });
  await res.arrayBuffer();
  return res.status;
}

async function xlsxOf(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Leads');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function rowsOfXlsx(bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: string[][] = [];
  book.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return out;
}

// ---------------------------------------------------------------- the run

async function main(): Promise<void> {
  for (const [file, what] of [
    [serverBundle, 'server bundle'],
    [webIndex, 'web build'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`No ${what} at ${path.relative(root, file)}: run \`npm run build\` first`);
  }
  const work = mkdtempSync(path.join(tmpdir(), 'pmw-smoke-'));
  const dbName = `pmw_smoke_${process.pid}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
  const admin = new pg.Client({ connectionString: adminUrl });
  let server: ChildProcess | undefined;
  let s3: S3rver | undefined;
  let sms: Awaited<ReturnType<typeof smsGateway>> | undefined;
  const sockets: Socket[] = [];
  let log = '';
  let cleaned: Promise<void> | undefined;
  // Once, whether the run ends, fails or is interrupted (Ctrl-C, a CI timeout's SIGTERM).
  const cleanUp = () =>
    (cleaned ??= (async () => {
      sockets.forEach((s) => s.disconnect());
      await Promise.all([server, ...children].map((c) => stop(c)));
      await s3?.close().catch(() => undefined);
      await new Promise((r) => (sms ? sms.server.close(r) : r(undefined)));
      if (!keep) {
        await admin
          .query(`drop database if exists ${dbName} with (force)`)
          .catch((e: Error) => console.error(`could not drop ${dbName}: ${e.message}`));
        rmSync(work, { recursive: true, force: true });
      } else console.log(`Kept database ${dbName} and ${work}`);
      await admin.end().catch(() => undefined);
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`\n${signal}: stopping the server and removing the database`);
      void cleanUp().finally(() => process.exit(1));
    });
  }
  try {
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    const s3Port = await freePort();
    s3 = new S3rver({
      address: '127.0.0.1',
      port: s3Port,
      silent: true,
      directory: path.join(work, 's3'),
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    await s3.run();
    sms = await smsGateway();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      SECRET_KEY: randomBytes(32).toString('hex'),
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: sms.url,
      // Production sends only DLT-registered templates: a sender id and an id for every template.
      ...DLT_ENV,
      ...COMPANY_ENV,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: S3_KEY,
      S3_SECRET_ACCESS_KEY: S3_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      DATA_DIR: path.join(work, 'data'),
      DATA_DOWNLOAD_PASSCODE_HASH: await hashPasscode(PASSCODE, randomBytes(16)),
      LOG_LEVEL: 'warn',
      LEAD_EXPIRY_INTERVAL_MINUTES: '0',
    };
    // Whatever the shell says, the child processes run as production does.
    delete process.env.SEED_DEMO;

    console.log(`Smoke: the built server on PostgreSQL (${dbName}), Redis and s3rver, at ${base}`);
    await check('npm run migrate migrates the empty database', async () => {
      await runOnce(['--migrate-only'], env);
    });
    await check('npm run create-admin makes the first ops admin', async () => {
      const out = await runOnce(['--create-admin', ADMIN_MOBILE], env);
      expect(/ops admin/.test(out), out);
    });
    await check('the server refuses to start on a web build not made for production', async () => {
      const devBuild = path.join(work, 'dev-web');
      mkdirSync(devBuild, { recursive: true });
      writeFileSync(path.join(devBuild, 'index.html'), '<!doctype html><title>PickMyWork</title>');
      writeFileSync(path.join(devBuild, 'build-info.json'), JSON.stringify({ mode: 'development' }));
      const refused = await runOnce([], { ...env, WEB_DIST_DIR: devBuild }, 30_000).then(
        () => '',
        (err: Error) => err.message,
      );
      expect(
        /exited 1:[\s\S]*was made in development mode, not for production/.test(refused),
        `not refused as expected: ${refused || 'it started'}`,
      );
    });
    server = runBuilt([], env);
    server.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    server.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    const started = server;
    await waitFor(
      'the server to answer /api/v2/health',
      async () => {
        if (started.exitCode !== null) throw new Error(`the server exited (${started.exitCode}):\n${log}`);
        return fetch(`${base}/api/v2/health`).then(
          (r) => r.ok,
          () => false,
        );
      },
      90_000,
    );

    const ops = new Client(base);
    const partner = new Client(base);
    const customer = new Client(base);
    const login = async (c: Client, mobile: string, send: string, verify: string) => {
      const since = Date.now();
      await c.ok('POST', send, { mobile });
      await c.ok('POST', verify, { mobile, otp: await sms!.otpFor(mobile, since) });
    };

    await check('JSON: health answers the envelope', async () => {
      const res = await ops.call('GET', '/api/v2/health');
      expect(res.status === 200 && res.json?.status === true, `${res.status} ${res.text}`);
    });
    await check('the ops admin signs in with an OTP from the SMS gateway', () =>
      login(ops, ADMIN_MOBILE, '/ops/otp/send', '/ops/login/otp'),
    );
    let partnerId = 0;
    await check('a partner signs up with an OTP', async () => {
      await login(partner, PARTNER_MOBILE, '/partner/otp/send', '/partner/user/login/otp');
      partnerId = (await partner.ok<{ user_id: number }>('GET', '/partner/user/get')).user_id;
      expect(partnerId > 0, 'no user id');
    });
    await check("the portal's login works as a plain form (before any script): the OTP step, then a session", async () => {
      const post = (fields: Record<string, string>) =>
        fetch(`${base}/api/v2/partner/user/login/form`, {
          method: 'POST',
          redirect: 'manual',
          headers: { origin: base, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        });
      const since = Date.now();
      const step = await post({ mobile: FORM_LOGIN_MOBILE });
      const html = await step.text();
      expect(step.status === 200 && html.includes('name="otp"'), `${step.status} ${html.slice(0, 300)}`);
      const requestId = /name="request_id" value="([^"]+)"/.exec(html)?.[1];
      expect(requestId !== undefined, 'the OTP step carries no request id');
      const done = await post({ mobile: FORM_LOGIN_MOBILE, request_id: requestId!, otp: await sms!.otpFor(FORM_LOGIN_MOBILE, since) });
      expect(done.status === 303 && done.headers.get('location') === '/partner/', `${done.status} ${done.headers.get('location')}`);
      expect(
        done.headers.getSetCookie().some((c) => c.startsWith('pmw_worker=')),
        'no session cookie',
      );
    });
    await check('the partner completes KYC: name, PAN, Aadhaar', async () => {
      await partner.ok('POST', '/partner/profile/basic/update', { first_name: 'Asha Verma' });
      await partner.ok('POST', '/partner/profile/document/add', { user_id: partnerId, type: 'PAN', number: 'ABCPV1234K' });
      await partner.ok('POST', '/partner/profile/document/add', { user_id: partnerId, type: 'AADHAAR', number: '234567890124' });
    });

    let category = 0;
    await check('ops add a category (the reference categories, Hiring among them, come with the migration)', async () => {
      const added = await ops.ok<{ job_category_id: number }>('POST', '/ops/categories', { title: 'Demat & Investments' });
      category = added.job_category_id;
      const all = await ops.ok<{ job_category_id: number }[]>('GET', '/ops/categories');
      expect(
        all.some((c) => c.job_category_id === HIRING_CATEGORY_ID),
        'the Hiring category is not there',
      );
    });
    let utm = '';
    await check('the partner with KYC gets their own campaign link', async () => {
      const campaign = await partner.ok<{ utm_code: string; link: string }>('GET', '/partner/campaign/fetch');
      utm = campaign.utm_code;
      expect(campaign.link.endsWith(`/utm/${utm}`), `link ${campaign.link}`);
    });

    let jobId = 0;
    let hiringJobId = 0;
    let locationId = 0;
    await check('ops create an employer, a project with its lead form, and a hiring project', async () => {
      const employer = await ops.ok<{ employer_id: number }>('POST', '/ops/employers', { employer_name: 'Sahyog Bank' });
      const project = await ops.ok<{ job_id: number }>('POST', '/ops/projects', {
        employer_id: employer.employer_id,
        job_category_id: category,
        job_title: 'Zenith Demat Account',
        tag_line: 'Open a free demat account',
        payout_paise: 35_000,
        payout_text: 'Earn ₹350 per account',
        duplicate_window_days: 30,
        validity_days: 20,
        locations: [{ city: 'Pune', pincode: '411001' }],
        pincodes: ['411001'],
      });
      jobId = project.job_id;
      const hiring = await ops.ok<{ job_id: number; locations: { job_location_id: number }[] }>('POST', '/ops/projects', {
        employer_id: employer.employer_id,
        job_category_id: HIRING_CATEGORY_ID,
        job_title: 'Field Sales Executive',
        tag_line: 'Sell demat accounts in Pune',
        payout_paise: 50_000,
        min_salary: 18_000,
        max_salary: 24_000,
        duplicate_window_days: 30,
        validity_days: 30,
        locations: [{ city: 'Pune', pincode: '411001' }],
      });
      hiringJobId = hiring.job_id;
      locationId = hiring.locations[0]!.job_location_id;
      await ops.ok('PUT', `/ops/projects/${jobId}/form`, {
        is_otp_required: true,
        inputs: [
          {
            input_id: 1,
            label: 'Customer Mobile',
            input_type: 'NUMBER',
            input_category: 'MOBILE',
            validation: { required: true },
            is_primary: true,
          },
          { input_id: 2, label: 'Customer Name', input_type: 'TEXT', validation: { required: true } },
        ],
      });
    });

    await check('server-rendered page /utm/{code} shows the project', async () => {
      const res = await customer.call('GET', `/utm/${utm}`);
      expect(res.status === 200 && res.type.startsWith('text/html'), `${res.status} ${res.type} ${res.text.slice(0, 300)}`);
      expect(res.text.includes('Zenith Demat Account'), 'the project is not in the page');
    });
    await check('server-rendered page /application/... shows the job', async () => {
      const res = await customer.call(
        'GET',
        applicationPath({ job_id: hiringJobId, job_location_id: locationId, recruiter_id: partnerId }),
      );
      expect(res.status === 200 && res.type.startsWith('text/html'), `${res.status} ${res.type} ${res.text.slice(0, 300)}`);
      expect(res.text.includes('Field Sales Executive'), 'the job is not in the page');
    });
    await check('server-rendered page /fb/... renders (a link to no task says so)', async () => {
      const res = await customer.call(
        'GET',
        feedbackLinkPath({ job_task_id: 999_999, ref_value: '9000000009', user_id: partnerId, otp: '1234' }),
      );
      expect(res.status < 500 && res.type.startsWith('text/html'), `${res.status} ${res.type} ${res.text.slice(0, 300)}`);
      expect(/<main|<form|<h1/.test(res.text), 'no rendered content in the page');
    });

    let leadId = 0;
    await check('a customer sends an OTP-verified lead on the campaign page', async () => {
      const since = Date.now();
      await customer.ok('POST', '/utm/customer/otp/send', { mobile: CUSTOMER_MOBILE, utm_code: utm, purpose: 'LEAD' });
      const otp = await sms!.otpFor(CUSTOMER_MOBILE, since);
      const lead = await customer.ok<{ form_response_id: number }>('POST', '/utm/task/response', {
        form_id: jobId,
        input: [
          { input_id: 1, value: CUSTOMER_MOBILE },
          { input_id: 2, value: 'Kavya Rao' },
        ],
        utm_code: utm,
        utm_job_id: jobId,
        otp,
        idempotency_key: `smoke-lead-${randomBytes(6).toString('hex')}`,
      });
      leadId = lead.form_response_id;
    });

    await check('Leads Report CSV (COPY on PostgreSQL) lists the lead', async () => {
      const res = await partner.call('GET', '/api/v2/partner/report/task/data/download');
      expect(res.status === 200 && res.type.startsWith('text/csv'), `${res.status} ${res.type} ${res.text.slice(0, 300)}`);
      expect(res.text.includes('Kavya Rao'), `the lead is not in the CSV:\n${res.text.slice(0, 500)}`);
    });

    await check('S3: a presigned upload (PUT without credentials), then its signed download URL', async () => {
      const bytes = randomBytes(2048);
      const signed = await customer.ok<{ url: string; key: string; content_type: string }>('PUT', '/utm/file/s3/url/signed', {
        file_name: 'photo.png',
        file_purpose: 'UTM_LINK',
      });
      expect(signed.url.startsWith(env.S3_ENDPOINT!), `not an S3 URL: ${signed.url}`);
      const put = await putObject(signed.url, bytes, signed.content_type);
      expect(put === 200, `PUT to the signed URL answered ${put}`);
      const added = await customer.ok<{ file_id: number }>('POST', '/utm/file/add', {
        file_key: signed.key,
        file_name: 'photo.png',
        file_purpose: 'UTM_LINK',
      });
      const [file] = await customer.ok<{ url: string }[]>('GET', `/utm/file/fetch/with/url?file_id=${added.file_id}`);
      const got = await fetch(file!.url);
      const back = Buffer.from(await got.arrayBuffer());
      expect(got.status === 200 && back.equals(bytes), `download answered ${got.status} with ${back.length} bytes`);
    });
    await check('S3: an object over the size limit is refused when added', async () => {
      const max = FILE_RULES.UTM_LINK.maxBytes;
      const signed = await customer.ok<{ url: string; key: string; content_type: string }>('PUT', '/utm/file/s3/url/signed', {
        file_name: 'big.png',
        file_purpose: 'UTM_LINK',
      });
      expect((await putObject(signed.url, Buffer.alloc(max + 1), signed.content_type)) === 200, 'the big PUT failed');
      const res = await customer.call('POST', '/api/v2/utm/file/add', {
        file_key: signed.key,
        file_name: 'big.png',
        file_purpose: 'UTM_LINK',
      });
      expect(
        (res.status === 400 || res.status === 413) && /should be less than|at most/i.test(res.json?.message ?? ''),
        `${res.status} ${res.text.slice(0, 300)}`,
      );
    });

    await check('data download: a CSV of lead ids, uploaded to S3, answers the CSV output', async () => {
      const signed = await ops.ok<{ url: string; key: string; content_type: string }>('PUT', '/bueno/file/s3/url/signed', {
        file_name: 'leads.csv',
        passcode: PASSCODE,
      });
      expect(
        (await putObject(signed.url, Buffer.from(`lead_id,remarks\r\n${leadId},smoke\r\n`), signed.content_type)) === 200,
        'upload failed',
      );
      const res = await ops.call('POST', '/api/v2/bueno/output/generate', { key: signed.key, passcode: PASSCODE });
      expect(res.status === 200 && res.type.startsWith('text/csv'), `${res.status} ${res.type} ${res.text.slice(0, 300)}`);
      expect(res.text.includes(OUTPUT_COLUMNS[0]) && res.text.includes('Kavya Rao'), `unexpected output:\n${res.text.slice(0, 500)}`);
    });
    await check('data download: an xlsx in answers an xlsx out', async () => {
      const signed = await ops.ok<{ url: string; key: string; content_type: string }>('PUT', '/bueno/file/s3/url/signed', {
        file_name: 'leads.xlsx',
        passcode: PASSCODE,
      });
      expect(
        (await putObject(
          signed.url,
          await xlsxOf([
            ['lead_id', 'remarks'],
            [leadId, 'smoke'],
          ]),
          signed.content_type,
        )) === 200,
        'upload failed',
      );
      const res = await ops.call('POST', '/api/v2/bueno/output/generate', { key: signed.key, passcode: PASSCODE });
      expect(res.status === 200 && res.type.includes('spreadsheetml'), `${res.status} ${res.type} ${res.text.slice(0, 300)}`);
      const rows = await rowsOfXlsx(res.bytes);
      expect(
        rows.some((r) => r.includes('Kavya Rao')),
        `the lead is not in the xlsx: ${JSON.stringify(rows).slice(0, 300)}`,
      );
    });

    await check('ops approve the lead: the partner is credited ₹350', async () => {
      await ops.ok('POST', '/ops/leads/approve', { form_response_ids: [leadId] });
      const wallet = await partner.ok<{ total_amount: number }>('GET', '/partner/wallet/amount/fetch');
      expect(wallet.total_amount === 35_000, `wallet ${JSON.stringify(wallet)}`);
    });
    await check('NEFT: a payout run pays the partner and answers its bank file', async () => {
      const banks = await partner.ok<{ bank_detail_id: number }[] | { bank_detail_id: number }>('POST', '/partner/profile/bank/add', {
        ifsc_code: 'HDFC0000001',
        account_no: '501001234567',
        account_no_confirm: '501001234567',
      });
      const bankId = Array.isArray(banks) ? banks[0]!.bank_detail_id : banks.bank_detail_id;
      await ops.ok('POST', `/ops/banks/${bankId}/status`, { status: 1 });
      const run = await ops.ok<{ payout_run_id: number }>('POST', '/ops/payouts/runs', {
        request_key: `smoke-run-${randomBytes(4).toString('hex')}`,
        user_ids: [partnerId],
      });
      const file = await ops.call('GET', `/api/v2/ops/payouts/runs/${run.payout_run_id}/file`);
      expect(file.status === 200 && file.type.startsWith('text/csv'), `${file.status} ${file.type} ${file.text.slice(0, 300)}`);
      expect(
        file.text.includes('501001234567') && file.text.includes('350'),
        `the payment is not in the file:\n${file.text.slice(0, 500)}`,
      );
    });

    await check("Socket.IO: an agent's reply reaches the worker's chat live", async () => {
      const ticket = await partner.ok<{ ticket_id: number }>('POST', '/support/user/ticket/add', {
        ticket_type: 0,
        ticket_title: 'When is my payout?',
      });
      const socket = connect(`${base}/support`, {
        path: '/socket.io',
        transports: ['websocket'],
        extraHeaders: { cookie: partner.cookie, origin: base },
        auth: { kind: 'worker' },
      });
      sockets.push(socket);
      const received: string[] = [];
      socket.on(SUPPORT_EVENTS.chatAdd, (v: unknown) => received.push(chatAddEventSchema.parse(v).chat.chat_message ?? ''));
      await waitFor('the socket to connect', () => socket.connected, 20_000);
      const ack = joinAckSchema.parse(await socket.emitWithAck(SUPPORT_EVENTS.join, { ticket_id: ticket.ticket_id }));
      expect(ack.ok, `join refused: ${JSON.stringify(ack)}`);
      await ops.ok('POST', '/ops/support/ticket/chat/add', { ticket_id: ticket.ticket_id, chat_message: 'It is on its way' });
      await waitFor('the reply on the socket', () => received.includes('It is on its way'), 20_000);
    });

    await check('the server logged no error', async () => {
      expect(
        !/"level":(50|60)/.test(log),
        log
          .split('\n')
          .filter((l) => /"level":(50|60)/.test(l))
          .slice(0, 5)
          .join('\n'),
      );
    });
  } finally {
    await cleanUp();
  }
  if (failures && log) console.log(`\nServer log (last 3000 characters):\n${log.slice(-3000)}`);
}

main().then(
  () => {
    console.log(`Smoke: ${passed} passed, ${failures} failed`);
    process.exit(failures ? 1 : 0);
  },
  (err: Error) => {
    console.error(`Smoke could not run: ${err.stack ?? err.message}`);
    process.exit(1);
  },
);
