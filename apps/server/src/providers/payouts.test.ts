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
  it('finds every well-formed account held by the person asking, except the documented other holder', async () => {
    const p = createSimulatedPayouts({ settleMs: 0, webhookSecret: 's'.repeat(32) });
    const check = (b: PayoutRequest['beneficiary']) => p.validate({ reference_id: 'PMWACC1', beneficiary: b });
    expect(await check(bank('501001234301').beneficiary)).toEqual({ outcome: 'valid', registered_name: 'LEELA RAO' });
    expect(await check(bank('501001239999').beneficiary)).toEqual({ outcome: 'valid', registered_name: 'PRAKASH SINGH' });
    expect(await check({ kind: 'upi', name: 'Leela Rao', mobile: null, vpa: 'other.leela@ybl' })).toMatchObject({
      registered_name: 'PRAKASH SINGH',
    });
  });

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
  const fundAccounts = new Map<string, string>();
  const validations = new Map<string, string>();
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
        const vpa = (body.vpa as { address?: string } | undefined)?.address;
        if (vpa) {
          fundAccounts.set(`fa_vpa_${fundAccounts.size}`, vpa);
          return send(201, { id: `fa_vpa_${fundAccounts.size - 1}`, entity: 'fund_account', account_type: 'vpa' });
        }
        const account = (body.bank_account as { account_number?: string } | undefined)?.account_number ?? '';
        if (account.length < 9) return send(400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The account number is invalid' } });
        return send(201, { id: 'fa_1', entity: 'fund_account' });
      }
      // Fund account validation: created first, completed when asked again (a penny-drop takes a moment).
      if (path === '/v1/fund_accounts/validations' && req.method === 'POST') {
        const id = `fav_${validations.size + 1}`;
        validations.set(id, (body.fund_account as { id: string }).id);
        return send(201, {
          id,
          entity: 'fund_account.validation',
          status: 'created',
          results: { account_status: null, registered_name: null },
        });
      }
      const v = /^\/v1\/fund_accounts\/validations\/(.+)$/.exec(path);
      if (v && validations.has(v[1]!)) {
        const vpa = fundAccounts.get(validations.get(v[1]!)!);
        if (vpa?.startsWith('slow'))
          return send(200, { id: v[1], status: 'created', results: { account_status: null, registered_name: null } });
        const active = vpa !== 'nobody@okaxis';
        return send(200, {
          id: v[1],
          entity: 'fund_account.validation',
          status: 'completed',
          results: { account_status: active ? 'active' : 'invalid', registered_name: active ? 'LEELA RAO' : null },
        });
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

  it('validates a bank account by penny-drop and a UPI ID by VPA lookup, asking again until the bank answers', async () => {
    const a = createHttpPayouts({
      url,
      keyId: 'rzp_test_key',
      keySecret: 'secret',
      accountNumber: '7878780080316316',
      webhookSecret: 'w'.repeat(32),
      validationPollMs: 5,
      validationPolls: 3,
    });
    expect(await a.validate({ reference_id: 'PMWACC10001', beneficiary: bank('501001234301').beneficiary })).toEqual({
      outcome: 'valid',
      registered_name: 'LEELA RAO',
    });
    const penny = seen.filter((s) => s.path === '/v1/fund_accounts/validations').at(-1)!;
    expect(penny.body).toMatchObject({ account_number: '7878780080316316', fund_account: { id: 'fa_1' }, amount: 100, currency: 'INR' });
    const upi = (vpa: string) => ({ kind: 'upi' as const, name: 'Leela Rao', mobile: null, vpa });
    expect(await a.validate({ reference_id: 'PMWACC10002', beneficiary: upi('leela@okaxis') })).toEqual({
      outcome: 'valid',
      registered_name: 'LEELA RAO',
    });
    expect(seen.filter((s) => s.path === '/v1/fund_accounts').at(-1)!.body).toMatchObject({
      account_type: 'vpa',
      vpa: { address: 'leela@okaxis' },
    });
    expect(await a.validate({ reference_id: 'PMWACC10003', beneficiary: upi('nobody@okaxis') })).toEqual({
      outcome: 'invalid',
      registered_name: null,
    });
    // Still being made after the last ask: left pending, for a person.
    expect(await a.validate({ reference_id: 'PMWACC10004', beneficiary: upi('slow@okaxis') })).toEqual({
      outcome: 'pending',
      registered_name: null,
    });
  });

  it('reports a refusal as a rejection (money can go back) and an outage as an error (try again)', async () => {
    await expect(adapter().send(bank('123'))).rejects.toThrow(new PayoutRejected('The account number is invalid'));
    // The provider's own words travel with the refusal, for the partner to read as they came.
    await expect(adapter().send(bank('123'))).rejects.toMatchObject({ providerWords: 'The account number is invalid' });
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
    // Returned without a word of the provider's: none, so the partner is told it was returned in their language.
    const silent = JSON.stringify({ event: 'payout.reversed', payload: { payout: { entity: { id: 'pout_2', status: 'reversed' } } } });
    expect(adapter().verifyWebhook(silent, signWebhook(silent, 'w'.repeat(32)))).toMatchObject({
      status: { outcome: 'reversed', failure_reason: null },
    });
    const other = JSON.stringify({ event: 'transaction.created', payload: {} });
    expect(adapter().verifyWebhook(other, signWebhook(other, 'w'.repeat(32)))).toEqual({ valid: true, status: null });
  });
});
