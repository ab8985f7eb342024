import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PayoutRejected, createHttpPayouts, createSimulatedPayouts, payoutMode, signWebhook, type PayoutRequest } from './payouts';

const bank = (account_no: string, amount_paise = 150_000): PayoutRequest => ({
  reference_id: 'PMWRUN10001-4301',
  amount_paise,
  beneficiary: { kind: 'bank', name: 'Leela Rao', mobile: '9876543010', account_no, ifsc_code: 'HDFC0000001' },
  narration: 'PickMyWork payout 10001',
});

describe('simulated payouts', () => {
  it('settles after the delay, and fails accounts ending 0000 and UPI IDs starting with fail', async () => {
    let now = 1_000_000;
    const p = createSimulatedPayouts({ settleMs: 5_000, webhookSecret: 's'.repeat(32), now: () => now });
    const ok = await p.send(bank('501001234301'));
    const bad = await p.send(bank('501001230000'));
    const upi = await p.send({ ...bank(''), beneficiary: { kind: 'upi', name: 'A', mobile: null, vpa: 'fail.me@okbank' } });
    expect(ok).toMatchObject({ outcome: 'processing', reference_id: 'PMWRUN10001-4301' });
    now += 5_000;
    expect(await p.status(ok.provider_payout_id)).toMatchObject({ outcome: 'processed', utr: expect.stringMatching(/^SIMU/) });
    expect(await p.status(bad.provider_payout_id)).toMatchObject({ outcome: 'failed', failure_reason: expect.any(String) });
    expect((await p.status(upi.provider_payout_id)).outcome).toBe('failed');
    await expect(p.status('pout_other')).rejects.toBeInstanceOf(PayoutRejected);
  });

  it('picks IMPS up to ₹5 lakh, NEFT above it, UPI for a UPI ID', () => {
    expect(payoutMode(bank('1', 50_000_000))).toBe('IMPS');
    expect(payoutMode(bank('1', 50_000_001))).toBe('NEFT');
    expect(payoutMode({ ...bank('1'), beneficiary: { kind: 'upi', name: 'A', mobile: null, vpa: 'a@okbank' } })).toBe('UPI');
  });
});

/** A stand-in for a RazorpayX-style payouts API: contacts, fund accounts, payouts, with basic auth and idempotency. */
describe('http payouts adapter', () => {
  let server: Server;
  let url: string;
  const seen: { method: string; path: string; auth: string | undefined; idem: string | undefined; body: Record<string, unknown> }[] = [];
  const payouts = new Map<string, Record<string, unknown>>();
  const byIdem = new Map<string, string>();
  const read = (req: IncomingMessage) =>
    new Promise<Record<string, unknown>>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data ? (JSON.parse(data) as Record<string, unknown>) : {}));
    });

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const body = await read(req);
      const path = req.url ?? '';
      seen.push({
        method: req.method ?? '',
        path,
        auth: req.headers.authorization,
        idem: req.headers['x-payout-idempotency'] as string | undefined,
        body,
      });
      const send = (status: number, json: object) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (req.headers.authorization !== `Basic ${Buffer.from('rzp_test_key:secret').toString('base64')}`)
        return send(401, { error: { description: 'Authentication failed' } });
      if (path === '/v1/contacts') return send(201, { id: 'cont_1', entity: 'contact' });
      if (path === '/v1/fund_accounts') {
        const account = (body.bank_account as { account_number?: string } | undefined)?.account_number ?? '';
        if (account.length < 9) return send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The account number is invalid' } });
        return send(201, { id: 'fa_1', entity: 'fund_account' });
      }
      if (path === '/v1/payouts' && req.method === 'POST') {
        const idem = req.headers['x-payout-idempotency'] as string;
        const existing = byIdem.get(idem);
        if (existing) return send(200, payouts.get(existing)!);
        const id = `pout_${payouts.size + 1}`;
        const payout = {
          id,
          entity: 'payout',
          status: 'processing',
          utr: null,
          reference_id: body.reference_id,
          amount: body.amount,
          mode: body.mode,
        };
        payouts.set(id, payout);
        byIdem.set(idem, id);
        return send(200, payout);
      }
      const m = /^\/v1\/payouts\/(.+)$/.exec(path);
      if (m && payouts.has(m[1]!)) return send(200, { ...payouts.get(m[1]!), status: 'processed', utr: 'HDFCR52026112899' });
      if (path === '/v1/payouts/pout_down') return send(503, {});
      return send(404, { error: { description: 'Not found' } });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const adapter = (keySecret = 'secret') =>
    createHttpPayouts({ url, keyId: 'rzp_test_key', keySecret, accountNumber: '7878780080316316', webhookSecret: 'w'.repeat(32) });

  it('creates a contact, a fund account and the payout in paise with the idempotency header, then learns the outcome by polling', async () => {
    const first = await adapter().send(bank('501001234301'));
    expect(first).toMatchObject({ provider_payout_id: 'pout_1', outcome: 'processing', reference_id: 'PMWRUN10001-4301' });
    const payout = seen.find((s) => s.path === '/v1/payouts')!;
    expect(payout.idem).toBe('PMWRUN10001-4301');
    expect(payout.body).toMatchObject({
      account_number: '7878780080316316',
      fund_account_id: 'fa_1',
      amount: 150_000,
      currency: 'INR',
      mode: 'IMPS',
      purpose: 'payout',
      reference_id: 'PMWRUN10001-4301',
    });
    expect(seen.find((s) => s.path === '/v1/fund_accounts')!.body).toMatchObject({
      contact_id: 'cont_1',
      account_type: 'bank_account',
      bank_account: { ifsc: 'HDFC0000001', account_number: '501001234301' },
    });
    // Sent again under the same reference: the same payout, not a second one.
    expect((await adapter().send(bank('501001234301'))).provider_payout_id).toBe('pout_1');
    expect(await adapter().status('pout_1')).toMatchObject({ outcome: 'processed', utr: 'HDFCR52026112899' });
  });

  it('reports a refusal as a rejection (money can go back) and an outage as an error (try again)', async () => {
    await expect(adapter().send(bank('123'))).rejects.toThrow(new PayoutRejected('The account number is invalid'));
    await expect(adapter('wrong').send(bank('501001234301'))).rejects.toBeInstanceOf(PayoutRejected);
    const outage = adapter().status('pout_down');
    await expect(outage).rejects.toThrow('Payout provider answered 503');
    await expect(outage).rejects.not.toBeInstanceOf(PayoutRejected);
  });

  it('accepts only webhooks signed with the secret, and reads payout.* events', () => {
    const raw = JSON.stringify({
      entity: 'event',
      event: 'payout.reversed',
      payload: {
        payout: { entity: { id: 'pout_1', status: 'reversed', failure_reason: 'Account closed', reference_id: 'PMWRUN10001-4301' } },
      },
    });
    expect(adapter().verifyWebhook(raw, signWebhook(raw, 'x'.repeat(32)))).toEqual({ valid: false });
    expect(adapter().verifyWebhook(raw, undefined)).toEqual({ valid: false });
    expect(adapter().verifyWebhook(raw, signWebhook(raw, 'w'.repeat(32)))).toEqual({
      valid: true,
      status: {
        provider_payout_id: 'pout_1',
        reference_id: 'PMWRUN10001-4301',
        outcome: 'reversed',
        utr: null,
        failure_reason: 'Account closed',
      },
    });
    const other = JSON.stringify({ event: 'transaction.created', payload: {} });
    expect(adapter().verifyWebhook(other, signWebhook(other, 'w'.repeat(32)))).toEqual({ valid: true, status: null });
  });
});
