import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { users } from '../../db/schema/index';
import { startMetricsServer, type MetricsServer } from '../../http/metrics-server';
import { body, createTestApp, latestOtp, loginOps, type TestApp } from '../../../test/test-app';
import { say } from '@pmw/contract/texts/said';

let t: TestApp;
let scrape: MetricsServer;
let admin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ METRICS_PORT: '0' });
  admin = await loginOps(t);
  scrape = await startMetricsServer(t.metrics, { host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await scrape.close();
  await t.close();
});

/** The metrics as Prometheus reads them. */
async function metricsText(): Promise<string> {
  const res = await fetch(`${scrape.url}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** One sample's value, or undefined when the sample is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',');
    if (wanted.every((w) => have.includes(w))) return Number(match[3]);
  }
  return undefined;
}

describe('Prometheus metrics', () => {
  it('answers in the text format on its own port, and only at /metrics', async () => {
    const text = await metricsText();
    expect(text).toContain('# TYPE pmw_http_requests_total counter');
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect((await fetch(`${scrape.url}/other`)).status).toBe(404);
    // The API's own port does not serve them.
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('pmw_http_requests_total');
  });

  it('counts requests under their route pattern, never the address asked; unknown paths share one label', async () => {
    const unmatched = { method: 'GET', route: 'unmatched', status_code: '404' };
    const unmatchedBefore = sample(await metricsText(), 'pmw_http_requests_total', unmatched) ?? 0;
    for (const code of ['asha01', 'nobody99']) await t.app.inject({ method: 'GET', url: `/api/v2/utm/${code}/profile` });
    await t.app.inject({ method: 'GET', url: '/api/v2/no/such/path-1' });
    await t.app.inject({ method: 'GET', url: '/api/v2/no/such/path-2' });
    const text = await metricsText();
    const route = /route="(\/api\/v2\/utm\/:[^"/]+\/profile)"/.exec(text)?.[1];
    expect(route).toBeDefined();
    expect(sample(text, 'pmw_http_requests_total', { method: 'GET', route: route!, status_code: '200' })).toBe(1);
    expect(sample(text, 'pmw_http_requests_total', { method: 'GET', route: route!, status_code: '404' })).toBe(1);
    expect(sample(text, 'pmw_http_request_duration_seconds_count', { method: 'GET', route: route! })).toBe(2);
    expect(sample(text, 'pmw_http_requests_total', unmatched)).toBe(unmatchedBefore + 2);
    expect(text).not.toContain('asha01');
    expect(text).not.toContain('path-1');
  });

  it('counts open sockets', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = connect(`${base}/support`, {
      path: '/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: admin },
      auth: { kind: 'ops' },
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    expect(sample(await metricsText(), 'pmw_socket_connections')).toBe(1);
    socket.disconnect();
    await expect.poll(async () => sample(await metricsText(), 'pmw_socket_connections')).toBe(0);
  });

  it('counts a lead taken in by its source, and a refused one by its error code', async () => {
    const before = sample(await metricsText(), 'pmw_leads_submitted_total', { source: 'campaign' }) ?? 0;
    const mobile = '9811100071';
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v2/utm/customer/otp/send',
      payload: { mobile, utm_code: 'asha01', purpose: 'LEAD' },
    });
    expect(sent.statusCode).toBe(200);
    const otp = await latestOtp(t, mobile);
    const inputs = [
      { input_id: 1, value: mobile },
      { input_id: 2, value: 'Meena Iyer' },
      { input_id: 3, value: 'abcpm1234k' },
      { input_id: 4, value: 'Pune' },
    ];
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v2/utm/task/response',
      payload: {
        form_id: 401,
        input: inputs,
        utm_code: 'asha01',
        otp: otp === '0000' ? '1111' : '0000',
        idempotency_key: 'k-metrics-0000001',
      },
    });
    expect(wrong.statusCode).toBe(400);
    const lead = await t.app.inject({
      method: 'POST',
      url: '/api/v2/utm/task/response',
      payload: { form_id: 401, input: inputs, utm_code: 'asha01', otp, idempotency_key: 'k-metrics-0000002' },
    });
    expect(lead.statusCode).toBe(200);
    const text = await metricsText();
    expect(sample(text, 'pmw_leads_submitted_total', { source: 'campaign' })).toBe(before + 1);
    expect(sample(text, 'pmw_leads_refused_total', { source: 'campaign', code: body(wrong).code! })).toBe(1);
  });

  it('shows payout run items by status, read from the database', async () => {
    const before = await metricsText();
    const held = sample(before, 'pmw_payout_run_items', { status: 'HELD' });
    expect(held).toBeDefined();
    expect(sample(before, 'pmw_payout_run_items', { status: 'PAID' })).toBeDefined();
    // A partner with a balance and no PAN is held.
    await t.database.db.insert(users).values({ user_id: 4301, mobile: '9876504301', first_name: 'Karan' });
    await t.services.wallet.post({
      user_id: 4301,
      type: 1,
      amount_paise: 50_000,
      reason: say('wallet.leadApproved'),
      idempotency_key: 'test:metrics:4301',
      affects_earnings: true,
    });
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/v2/ops/payouts/runs',
      headers: { cookie: admin },
      payload: { request_key: 'metrics-run-0001', user_ids: [4301] },
    });
    expect(run.statusCode).toBe(200);
    expect(sample(await metricsText(), 'pmw_payout_run_items', { status: 'HELD' })).toBe(held! + 1);
  });

  it('shows the notification outbox by channel and state, and how long the oldest due row has waited', async () => {
    // This app listens (for the socket test), so its outbox worker runs: stopped here, as if no process were sending.
    await t.services.outbox.stop();
    const before = await metricsText();
    const queued = sample(before, 'pmw_notification_outbox', { channel: 'sms', state: 'queued' })!;
    expect(sample(before, 'pmw_notification_outbox', { channel: 'push', state: 'failed' })).toBeDefined();
    // A text due two minutes ago that no worker has sent.
    await t.database.db.transaction((tx) =>
      t.services.notifications.notify(tx, { event: 'kyc_verified', audience: 'partner', user_id: 101, data: { document: 'PAN' } }),
    );
    await t.database.db.execute(sql`update notification_outbox set due_at = now() - interval '120 seconds' where state = 'queued'`);
    const text = await metricsText();
    expect(sample(text, 'pmw_notification_outbox', { channel: 'sms', state: 'queued' })).toBe(queued + 1);
    expect(sample(text, 'pmw_notification_outbox_oldest_due_seconds')).toBeGreaterThanOrEqual(119);
    await t.services.outbox.runOnce();
    expect(sample(await metricsText(), 'pmw_notification_outbox_oldest_due_seconds')).toBe(0);
  });

  it("shows the lead expiry job's last run and its result", async () => {
    const ran = await t.services.ops.expiry.runIfDue({ force: true });
    expect(ran.ran).toBe(true);
    const text = await metricsText();
    expect(sample(text, 'pmw_lead_expiry_runs_total', { result: 'ok' })).toBe(1);
    const last = sample(text, 'pmw_lead_expiry_last_run_timestamp_seconds')!;
    expect(Math.abs(last - Date.now() / 1000)).toBeLessThan(60);
    expect(sample(text, 'pmw_lead_expiry_next_run_timestamp_seconds')).toBeGreaterThan(last);
    expect(sample(text, 'pmw_lead_expiry_last_expired_leads')).toBe(ran.expired);
  });

  it("shows readiness and the database's pool on PostgreSQL", async () => {
    const text = await metricsText();
    expect(sample(text, 'pmw_ready', { check: 'database' })).toBe(1);
    // Without REDIS_URL there is no Redis to check.
    expect(text).not.toContain('pmw_ready{check="redis"}');
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'pmw_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'pmw_db_pool_connections', { state: 'waiting' })).toBe(0);
    } else {
      // PGlite in the server's own thread has no pool and no queue to show.
      expect(text).not.toContain('pmw_db_pool_connections');
    }
  });
});
