import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { openPostgres, type Db } from '../../db/client';
import { notificationOutbox } from '../../db/schema/index';
import { createHttpSms } from '../../providers/sms';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { withDatabase } from '../../../test/global-setup';
import { createOutboxWorker, retryDelayMs } from './outbox.worker';

interface Received {
  mobile: string;
  text: string;
  sender_id: string | null;
  dlt_template_id: string | null;
  reference?: string;
}

/** A stand-in SMS gateway on a local port: refuses the first `failures` posts with a 503, then accepts. */
async function gateway(failures: number) {
  const accepted: Received[] = [];
  let refused = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (refused < failures) {
        refused++;
        res.writeHead(503).end('operator busy');
        return;
      }
      accepted.push(JSON.parse(raw) as Received);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'OK', id: `m${accepted.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    accepted,
    refusedCount: () => refused,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const ASHA = 101;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NOTIFY_MERGE_SECONDS: '0' });
});
afterAll(async () => t.close());

const queue = (data: { document: string } = { document: 'PAN' }) =>
  t.database.db.transaction((tx) =>
    t.services.notifications.notify(tx, { event: 'kyc_verified', audience: 'partner', user_id: ASHA, data }),
  );
const rowsOf = () => t.database.db.select().from(notificationOutbox).where(eq(notificationOutbox.user_id, ASHA));
async function currentDatabase(): Promise<string> {
  const r = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  return r.rows[0]!.name;
}
const later = (ms: number) => new Date(Date.now() + ms);

describe('the outbox under faults', () => {
  it('a gateway that fails 3 times then accepts gets the text once, with its DLT template id and sender id', async () => {
    await t.database.db.delete(notificationOutbox);
    const gw = await gateway(3);
    const sms = createHttpSms(gw.url, { senderId: 'PMWORK', templates: { kyc_verified: '1107161234567890123' } });
    const worker = createOutboxWorker({ db: t.database.db, sms, pollMs: 0, maxAttempts: 8, logger: pino({ level: 'silent' }) });
    try {
      await queue();
      // Each failure waits its backoff: the first retries within seconds, then longer.
      let at = 0;
      for (let attempt = 1; attempt <= 3; attempt++) {
        expect(await worker.runOnce(later(at))).toBe(1);
        const [row] = await rowsOf();
        expect(row).toMatchObject({ state: 'queued', attempts: attempt, gateway_answer: 'SMS gateway answered 503: operator busy' });
        // Not before its time.
        expect(await worker.runOnce(later(at))).toBe(0);
        at += retryDelayMs(attempt) + 10;
      }
      expect(await worker.runOnce(later(at))).toBe(1);
      expect(await worker.runOnce(later(at + 3_600_000))).toBe(0);
      expect(gw.accepted).toHaveLength(1);
      expect(gw.accepted[0]).toMatchObject({
        mobile: '9876500001',
        text: 'Your PAN card is verified. - PickMyWork',
        sender_id: 'PMWORK',
        dlt_template_id: '1107161234567890123',
      });
      const [row] = await rowsOf();
      expect(row).toMatchObject({
        state: 'sent',
        attempts: 4,
        gateway_answer: '{"status":"OK","id":"m1"}',
        sent_text: 'Your PAN card is verified. - PickMyWork',
      });
    } finally {
      await gw.close();
    }
  });

  it('gives up as failed after the last try, keeping what the gateway answered', async () => {
    await t.database.db.delete(notificationOutbox);
    const gw = await gateway(99);
    const worker = createOutboxWorker({
      db: t.database.db,
      sms: createHttpSms(gw.url),
      pollMs: 0,
      maxAttempts: 2,
      logger: pino({ level: 'silent' }),
    });
    try {
      await queue();
      await worker.runOnce(later(0));
      await worker.runOnce(later(retryDelayMs(1) + 10));
      expect(await rowsOf()).toMatchObject([{ state: 'failed', attempts: 2, gateway_answer: 'SMS gateway answered 503: operator busy' }]);
      expect(await worker.runOnce(later(86_400_000))).toBe(0);
    } finally {
      await gw.close();
    }
  });

  it('a row left claimed by a process that died is sent after its lease, once', async () => {
    await t.database.db.delete(notificationOutbox);
    const gw = await gateway(0);
    const worker = createOutboxWorker({ db: t.database.db, sms: createHttpSms(gw.url), pollMs: 0, maxAttempts: 8, leaseMs: 60_000 });
    try {
      await queue();
      // The dead process claimed it a moment ago and never came back.
      await t.database.db
        .update(notificationOutbox)
        .set({ state: 'sending', claim_token: 'dead', attempts: 1, lease_until: later(60_000) });
      expect(await worker.runOnce(later(0))).toBe(0);
      expect(gw.accepted).toHaveLength(0);
      expect(await worker.runOnce(later(61_000))).toBe(1);
      expect(await worker.runOnce(later(200_000))).toBe(0);
      expect(gw.accepted).toHaveLength(1);
      expect(await rowsOf()).toMatchObject([{ state: 'sent', attempts: 2 }]);
    } finally {
      await gw.close();
    }
  });

  it('two workers draining one outbox at once send each text once', async () => {
    await t.database.db.delete(notificationOutbox);
    const gw = await gateway(0);
    // On PostgreSQL the second worker has a pool of its own, as a second server process would.
    const url = process.env.TEST_DATABASE_URL;
    const other = url && t.database.kind === 'postgres' ? await openPostgres(withDatabase(url, await currentDatabase()), 5) : undefined;
    const make = (db: Db) => createOutboxWorker({ db, sms: createHttpSms(gw.url), pollMs: 0, maxAttempts: 8 });
    const [a, b] = [make(t.database.db), make(other?.db ?? t.database.db)];
    try {
      // Every row its own text (verifications do not merge), so each is one message.
      for (let i = 0; i < 40; i++) await queue({ document: `DOC${i}` });
      const drain = async (w: ReturnType<typeof createOutboxWorker>) => {
        let n = 0;
        for (let taken = 1; taken > 0; n += taken) taken = await w.runOnce();
        return n;
      };
      const [na, nb] = await Promise.all([drain(a), drain(b)]);
      expect(na + nb).toBe(40);
      expect(gw.accepted).toHaveLength(40);
      expect(new Set(gw.accepted.map((m) => m.reference)).size).toBe(40);
      expect((await rowsOf()).every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await gw.close();
      await other?.close();
    }
  });

  it('the started worker sends a queued text by itself, soon after the commit', async () => {
    await t.database.db.delete(notificationOutbox);
    t.services.outbox.start();
    try {
      await queue();
      await expect.poll(async () => (await rowsOf())[0]?.state, { timeout: 10_000 }).toBe('sent');
    } finally {
      await t.services.outbox.stop();
    }
  });
});

describe('texts held back', () => {
  const approved = (leadId: number, hold?: number) =>
    t.database.db.transaction((tx) =>
      t.services.notifications.notify(tx, {
        event: 'lead_approved',
        audience: 'partner',
        user_id: ASHA,
        data: { lead_id: leadId, project: 'Sahyog Platinum Credit Card', customer: 'Ramesh', amount_paise: 50_000 },
        hold_seconds: hold,
      }),
    );

  it('are not sent before their time, not even merged into an earlier text of the same kind', async () => {
    await t.database.db.delete(notificationOutbox);
    const sent: string[] = [];
    const worker = createOutboxWorker({
      db: t.database.db,
      sms: { name: 'stand-in', sendOtp: async () => 'ok', send: async ({ text }) => (sent.push(text), 'ok') },
      pollMs: 0,
      maxAttempts: 8,
    });
    await approved(1);
    await approved(2, 15);
    expect(await worker.runOnce(later(1_000))).toBe(1);
    expect(sent).toEqual([expect.stringMatching(/^Lead approved: /)]);
    expect((await rowsOf()).map((r) => r.state).sort()).toEqual(['queued', 'sent']);
    expect(await worker.runOnce(later(13_000))).toBe(0);
    expect(await worker.runOnce(later(16_000))).toBe(1);
    expect((await rowsOf()).map((r) => r.state)).toEqual(['sent', 'sent']);
  });
});

describe('the http SMS provider', () => {
  it("sends an OTP with its template's DLT id and sender id, and a text whose template has no id with a warning", async () => {
    const gw = await gateway(0);
    const warnings: string[] = [];
    const sms = createHttpSms(gw.url, {
      senderId: 'PMWORK',
      templates: { otp: '1107160000000000001' },
      logger: { warn: (_o: unknown, msg?: string) => void warnings.push(msg ?? '') } as never,
    });
    try {
      await sms.sendOtp({ mobile: '9876500001', otp: '1234', text: '1234 is your PickMyWork OTP.', template: 'otp' });
      await sms.send({ mobile: '9876500001', text: 'Hello', template: 'interview_rescheduled.hi' });
      expect(gw.accepted).toEqual([
        { mobile: '9876500001', text: '1234 is your PickMyWork OTP.', sender_id: 'PMWORK', dlt_template_id: '1107160000000000001' },
        { mobile: '9876500001', text: 'Hello', sender_id: 'PMWORK', dlt_template_id: null },
      ]);
      expect(warnings).toEqual(['SMS template interview_rescheduled.hi has no DLT template id: sent as plain text']);
    } finally {
      await gw.close();
    }
  });
});
