import { randomUUID } from 'node:crypto';
import type { CallStatus } from '@pmw/contract/partner';

/** Click-to-call: rings the partner, then bridges the customer. */
export interface CallingProvider {
  readonly name: string;
  connect(input: { from: string; to: string }): Promise<{ sid: string }>;
  /** The call's status now. `started` is when we asked for it; `to` the customer's mobile. */
  status(call: {
    sid: string;
    started: Date;
    to: string;
  }): Promise<{ status: CallStatus; answered_at: Date | null; ended_at?: Date | null }>;
}

/** Seconds from the request at which the simulated call moves on. */
export const SIMULATED_TIMELINE = { ringingAt: 2, answeredAt: 5, endedAt: 15, giveUpAt: 12 } as const;

/**
 * A provider that calls nobody: the status follows the time since the request
 * (queued, ringing, in-progress, completed), so every server process answers
 * the same and the whole sequence can be watched. A customer mobile ending in
 * 0 never answers (no-answer).
 */
export function createSimulatedCalling(now: () => number = Date.now): CallingProvider {
  return {
    name: 'simulated',
    async connect() {
      return { sid: `SIM-${randomUUID()}` };
    },
    async status(call) {
      const t = (now() - call.started.getTime()) / 1000;
      const at = (s: number) => new Date(call.started.getTime() + s * 1000);
      const T = SIMULATED_TIMELINE;
      if (t < T.ringingAt) return { status: 'queued', answered_at: null };
      if (call.to.endsWith('0'))
        return t < T.giveUpAt
          ? { status: 'ringing', answered_at: null }
          : { status: 'no-answer', answered_at: null, ended_at: at(T.giveUpAt) };
      if (t < T.answeredAt) return { status: 'ringing', answered_at: null };
      if (t < T.endedAt) return { status: 'in-progress', answered_at: at(T.answeredAt) };
      return { status: 'completed', answered_at: at(T.answeredAt), ended_at: at(T.endedAt) };
    },
  };
}

const KNOWN: readonly string[] = ['queued', 'ringing', 'in-progress', 'completed', 'no-answer', 'busy', 'failed'];

/**
 * A telephony service over HTTP (Exotel/Twilio-like): POST {url}/calls with
 * {from, to} answers {sid}; GET {url}/calls/{sid} answers {status, answered_at?, ended_at?}.
 * An optional bearer token authenticates us.
 */
export function createHttpCalling(baseUrl: string, token?: string, fetchImpl: typeof fetch = fetch): CallingProvider {
  const base = baseUrl.replace(/\/$/, '');
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  return {
    name: 'http',
    async connect(input) {
      const res = await fetchImpl(`${base}/calls`, {
        method: 'POST',
        headers,
        body: JSON.stringify(input),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`Calling provider answered ${res.status}`);
      const body = (await res.json()) as { sid?: unknown };
      if (typeof body.sid !== 'string' || !body.sid) throw new Error('Calling provider gave no sid');
      return { sid: body.sid };
    },
    async status(call) {
      const res = await fetchImpl(`${base}/calls/${encodeURIComponent(call.sid)}`, { headers, signal: AbortSignal.timeout(10_000) });
      if (!res.ok) throw new Error(`Calling provider answered ${res.status}`);
      const body = (await res.json()) as { status?: unknown; answered_at?: unknown; ended_at?: unknown };
      const status = typeof body.status === 'string' && KNOWN.includes(body.status) ? (body.status as CallStatus) : 'failed';
      const date = (v: unknown) => {
        const d = typeof v === 'string' ? new Date(v) : null;
        return d && !Number.isNaN(d.getTime()) ? d : null;
      };
      return { status, answered_at: date(body.answered_at), ended_at: date(body.ended_at) };
    },
  };
}
