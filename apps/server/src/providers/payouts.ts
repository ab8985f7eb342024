import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Money out to a partner's bank account or UPI ID. The simulated provider is the
 * default; a RazorpayX-style payouts API plugs in by PAYOUT_PROVIDER=http. The
 * outcome of a transfer arrives later, by webhook or by asking (status).
 */
export type PayoutBeneficiary =
  | { kind: 'bank'; name: string; mobile: string | null; account_no: string; ifsc_code: string }
  | { kind: 'upi'; name: string; mobile: string | null; vpa: string };

export interface PayoutRequest {
  /** Ours, unique per transfer; the provider echoes it back and refuses a second payout with it. */
  reference_id: string;
  amount_paise: number;
  beneficiary: PayoutBeneficiary;
  narration: string;
}

/** Where a transfer stands: processing until the bank settles it (processed) or refuses or returns it. */
export type PayoutOutcome = 'processing' | 'processed' | 'failed' | 'reversed';

export interface PayoutStatus {
  provider_payout_id: string;
  reference_id: string | null;
  outcome: PayoutOutcome;
  utr: string | null;
  failure_reason: string | null;
}

/**
 * The provider refused the transfer outright: nothing left the account, so
 * the money can go back. `providerWords` is the provider's own reason, null
 * when it gave none (the partner is then told the transfer failed).
 */
export class PayoutRejected extends Error {
  constructor(
    message: string,
    readonly providerWords: string | null = message,
  ) {
    super(message);
  }
}

/**
 * What the bank says of an account or UPI ID before any money goes to it (a
 * penny-drop for a bank account, a VPA lookup for UPI): it exists and is held
 * by registered_name, it does not exist, or no answer yet.
 */
export interface AccountCheck {
  outcome: 'valid' | 'invalid' | 'pending';
  registered_name: string | null;
}

export interface PayoutProvider {
  readonly name: 'simulated' | 'http';
  /** Asks the bank who holds an account or UPI ID. Throws when the provider cannot be reached. */
  validate(request: { reference_id: string; beneficiary: PayoutBeneficiary }): Promise<AccountCheck>;
  send(request: PayoutRequest): Promise<PayoutStatus>;
  status(providerPayoutId: string): Promise<PayoutStatus>;
  /** A webhook's payout, or null when the signature does not match (or the event is not about a payout). */
  verifyWebhook(rawBody: string, signature: string | undefined): { valid: false } | { valid: true; status: PayoutStatus | null };
}

/** HMAC-SHA256 hex of the raw body, as RazorpayX signs its webhooks (X-Razorpay-Signature). */
export function signWebhook(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

function signatureMatches(rawBody: string, signature: string | undefined, secret: string): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signWebhook(rawBody, secret), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** RazorpayX payout statuses, folded into the four outcomes this product acts on. */
export function outcomeOf(status: string): PayoutOutcome {
  if (status === 'processed') return 'processed';
  if (status === 'reversed') return 'reversed';
  if (status === 'failed' || status === 'rejected' || status === 'cancelled') return 'failed';
  return 'processing';
}

interface RazorpayPayout {
  id: string;
  reference_id?: string | null;
  status: string;
  utr?: string | null;
  failure_reason?: string | null;
  status_details?: { description?: string | null } | null;
}

function statusOf(p: RazorpayPayout): PayoutStatus {
  const outcome = outcomeOf(p.status);
  return {
    provider_payout_id: p.id,
    reference_id: p.reference_id ?? null,
    outcome,
    utr: p.utr ?? null,
    failure_reason:
      // Without the provider's words, none: the outcome says it (returned or failed) in the partner's language.
      outcome === 'failed' || outcome === 'reversed' ? p.failure_reason || p.status_details?.description || null : null,
  };
}

/** A webhook body of the payout.* events: { event, payload: { payout: { entity } } }. */
function parseWebhookBody(rawBody: string): PayoutStatus | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const body = parsed as { event?: unknown; payload?: { payout?: { entity?: RazorpayPayout } } };
  const entity = body.payload?.payout?.entity;
  if (
    typeof body.event !== 'string' ||
    !body.event.startsWith('payout.') ||
    !entity ||
    typeof entity.id !== 'string' ||
    typeof entity.status !== 'string'
  )
    return null;
  return statusOf(entity);
}

export const SIMULATED_FAILURE_RULE = 'Bank accounts ending in 0000 and UPI IDs starting with "fail" are returned by the bank';
/** The simulated bank's holder name for these is someone else's, so anyone can try the name check's review path. */
export const SIMULATED_OTHER_NAME_RULE = 'Bank accounts ending in 9999 and UPI IDs starting with "other" are held by PRAKASH SINGH';
export const SIMULATED_OTHER_HOLDER = 'PRAKASH SINGH';

/**
 * Settles every transfer by itself after settleMs, with no outside service.
 * What it decided is carried in its payout id, so a restart loses nothing.
 */
export function createSimulatedPayouts(opts: { settleMs: number; webhookSecret: string; now?: () => number }): PayoutProvider {
  const now = opts.now ?? Date.now;
  const fails = (b: PayoutBeneficiary) => (b.kind === 'bank' ? b.account_no.endsWith('0000') : b.vpa.toLowerCase().startsWith('fail'));
  const decode = (id: string) => {
    const m = /^simpout_(\d+)_([01])_([a-f0-9]+)$/.exec(id);
    return m ? { at: Number(m[1]), fail: m[2] === '1', tail: m[3]! } : null;
  };
  function statusOfId(id: string): PayoutStatus {
    const d = decode(id);
    if (!d) throw new PayoutRejected('Unknown payout', null);
    if (now() - d.at < opts.settleMs)
      return { provider_payout_id: id, reference_id: null, outcome: 'processing', utr: null, failure_reason: null };
    if (d.fail)
      return {
        provider_payout_id: id,
        reference_id: null,
        outcome: 'failed',
        utr: null,
        failure_reason: 'Beneficiary account closed or invalid (simulated)',
      };
    return {
      provider_payout_id: id,
      reference_id: null,
      outcome: 'processed',
      utr: `SIMU${d.at.toString().slice(-8)}${d.tail.slice(0, 6).toUpperCase()}`,
      failure_reason: null,
    };
  }
  const otherHolder = (b: PayoutBeneficiary) =>
    b.kind === 'bank' ? b.account_no.endsWith('9999') : b.vpa.toLowerCase().startsWith('other');
  return {
    name: 'simulated',
    async validate({ beneficiary }) {
      // Every well-formed account exists; its holder is the person asking, as a bank would write the name.
      return { outcome: 'valid', registered_name: otherHolder(beneficiary) ? SIMULATED_OTHER_HOLDER : beneficiary.name.toUpperCase() };
    },
    async send(request) {
      const id = `simpout_${now()}_${fails(request.beneficiary) ? 1 : 0}_${randomBytes(5).toString('hex')}`;
      return { ...statusOfId(id), reference_id: request.reference_id };
    },
    async status(id) {
      return statusOfId(id);
    },
    verifyWebhook(rawBody, signature) {
      if (!signatureMatches(rawBody, signature, opts.webhookSecret)) return { valid: false };
      return { valid: true, status: parseWebhookBody(rawBody) };
    },
  };
}

/** IMPS up to ₹5 lakh (instant, any hour); NEFT above it; UPI for a UPI ID. */
export function payoutMode(request: PayoutRequest): 'UPI' | 'IMPS' | 'NEFT' {
  if (request.beneficiary.kind === 'upi') return 'UPI';
  return request.amount_paise <= 50_000_000 ? 'IMPS' : 'NEFT';
}

/**
 * A payouts API of the RazorpayX kind: a contact, a fund account for the
 * beneficiary, then the payout, with basic auth (key id and secret). The
 * reference id doubles as the idempotency key, so a retried send never pays twice.
 */
export function createHttpPayouts(opts: {
  url: string;
  keyId: string;
  keySecret: string;
  accountNumber: string;
  webhookSecret: string;
  /** How often and how long to ask again while a validation is still being made (the bank answers within seconds). */
  validationPollMs?: number;
  validationPolls?: number;
}): PayoutProvider {
  const base = opts.url.replace(/\/+$/, '');
  const auth = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, body?: object, headers: Record<string, string> = {}): Promise<T> {
    const res = await fetch(base + path, {
      method,
      headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
      const description = (json as { error?: { description?: string } } | null)?.error?.description;
      throw new PayoutRejected(description || `Payout provider refused the request (${res.status})`, description || null);
    }
    // A 5xx or a timeout says nothing about whether the payout exists: the caller tries again with the same reference.
    if (!res.ok) throw new Error(`Payout provider answered ${res.status}`);
    return json as T;
  }

  /** A contact and a fund account for the beneficiary: what a validation and a payout are both made against. */
  async function fundAccountFor(b: PayoutBeneficiary, referenceId: string): Promise<string> {
    const contact = await call<{ id: string }>('POST', '/v1/contacts', {
      name: b.name,
      contact: b.mobile ?? undefined,
      type: 'vendor',
      reference_id: referenceId,
    });
    const fundAccount = await call<{ id: string }>(
      'POST',
      '/v1/fund_accounts',
      b.kind === 'bank'
        ? {
            contact_id: contact.id,
            account_type: 'bank_account',
            bank_account: { name: b.name, ifsc: b.ifsc_code, account_number: b.account_no },
          }
        : { contact_id: contact.id, account_type: 'vpa', vpa: { address: b.vpa } },
    );
    return fundAccount.id;
  }

  interface Validation {
    id: string;
    status: string;
    results?: { account_status?: string | null; registered_name?: string | null } | null;
  }
  const checkOf = (v: Validation): AccountCheck | null => {
    if (v.status === 'created') return null;
    if (v.status === 'completed') {
      const active = v.results?.account_status === 'active';
      return { outcome: active ? 'valid' : 'invalid', registered_name: active ? (v.results?.registered_name ?? null) : null };
    }
    // 'failed': the bank did not answer the penny-drop; nothing is known about the account.
    return { outcome: 'pending', registered_name: null };
  };

  return {
    name: 'http',
    async validate({ reference_id, beneficiary }) {
      const fundAccountId = await fundAccountFor(beneficiary, reference_id);
      // A penny-drop sends ₹1 to a bank account; a VPA lookup moves no money.
      let v = await call<Validation>('POST', '/v1/fund_accounts/validations', {
        account_number: opts.accountNumber,
        fund_account: { id: fundAccountId },
        amount: 100,
        currency: 'INR',
        notes: { reference_id },
      });
      for (let i = 0; i < (opts.validationPolls ?? 5) && !checkOf(v); i++) {
        await new Promise((r) => setTimeout(r, opts.validationPollMs ?? 1000));
        v = await call<Validation>('GET', `/v1/fund_accounts/validations/${encodeURIComponent(v.id)}`);
      }
      return checkOf(v) ?? { outcome: 'pending', registered_name: null };
    },
    async send(request) {
      const fundAccountId = await fundAccountFor(request.beneficiary, request.reference_id);
      const payout = await call<RazorpayPayout>(
        'POST',
        '/v1/payouts',
        {
          account_number: opts.accountNumber,
          fund_account_id: fundAccountId,
          amount: request.amount_paise,
          currency: 'INR',
          mode: payoutMode(request),
          purpose: 'payout',
          queue_if_low_balance: true,
          reference_id: request.reference_id,
          narration: request.narration.slice(0, 30),
        },
        { 'X-Payout-Idempotency': request.reference_id },
      );
      return statusOf(payout);
    },
    async status(id) {
      return statusOf(await call<RazorpayPayout>('GET', `/v1/payouts/${encodeURIComponent(id)}`));
    },
    verifyWebhook(rawBody, signature) {
      if (!signatureMatches(rawBody, signature, opts.webhookSecret)) return { valid: false };
      return { valid: true, status: parseWebhookBody(rawBody) };
    },
  };
}
