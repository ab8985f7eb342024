import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { SessionKind } from '@pmw/contract/api';
import type { OpsAgent, OpsRole } from '@pmw/contract/ops-auth';
import { SESSION_COOKIE } from '@pmw/contract/auth';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/sessions';
import { randomToken, sha256 } from '../../lib/crypto';
import { createSessionCache } from './session-cache';
import { prepareSessionRead } from './session-read';
import { unauthorized } from '../../errors';
import { isHttps } from '../../http/origin';

export interface SessionInfo {
  kind: SessionKind;
  /** user_id for worker, team and ops sessions; customer_id for customer sessions. */
  subjectId: number;
  context: Record<string, string | number>;
  hash: string;
  /**
   * For sessions of a user (worker, team, ops): whether that user is blocked
   * (true when the user row is gone), read with the session in one statement.
   * Unset on a session just made.
   */
  userBlocked?: boolean;
  /** For ops sessions: the agent (null when the user is not one or is blocked), read with the session too. */
  agent?: OpsAgent | null;
}

/** A module may add a check run on every request of a kind (blocked members, roles). */
export type SessionCheck = (session: SessionInfo, req: FastifyRequest) => Promise<void>;

/** What ended: one session (by its hash) or every session of a subject. */
export type SessionEnd = { hash: string } | { kind: SessionKind; subjectId: number };
/** Told when sessions end, so what hangs on them (sockets) ends too. */
export type SessionEndListener = (ended: SessionEnd) => void | Promise<void>;

const SESSION_DAYS = 30;
/** How long a process that is the only one on its database uses a session it read (see session-cache.ts). */
const SESSION_CACHE_MS = 10_000;

export interface SessionResolver {
  require(req: FastifyRequest, kind: SessionKind): Promise<SessionInfo>;
  optional(req: FastifyRequest, kind: SessionKind): Promise<SessionInfo | undefined>;
  /** Starts a session with a new token; the session the request's cookie carried before ends. */
  create(reply: FastifyReply, kind: SessionKind, subjectId: number, context?: Record<string, string | number>): Promise<SessionInfo>;
  /** Ends the session of the request's cookie, and its sockets. */
  destroy(req: FastifyRequest, reply: FastifyReply, kind: SessionKind): Promise<void>;
  /** Ends every session of a subject and their sockets (blocking, role changes). */
  destroyAllFor(kind: SessionKind, subjectId: number): Promise<void>;
  addCheck(kind: SessionKind, check: SessionCheck): void;
  onEnd(listener: SessionEndListener): void;
  /** Resolves a raw cookie header (Socket.IO handshakes). */
  fromCookieHeader(header: string | undefined, kind: SessionKind): Promise<SessionInfo | undefined>;
  /**
   * The hash of the request's token of a kind (undefined without one), for a
   * statement that reads the session (by `liveSession`) together with what
   * its request needs. Only for kinds with no per-request checks: a read
   * outside this resolver would skip them.
   */
  tokenHash(req: FastifyRequest, kind: SessionKind): string | undefined;
}

export { liveSession } from './session-filter';

/** A token the resolver looks up (one far longer than those it makes is not). */
const usableToken = (token: string | undefined): token is string => !!token && token.length <= 200;

/**
 * Cookies are Secure whenever the request came over https (a trusted
 * proxy's X-Forwarded-Proto counts), and always in production behind an https PUBLIC_URL.
 */
export function createSessionResolver(
  db: Db,
  opts: { alwaysSecure: boolean; trustProxy: boolean; onlyProcess?: boolean },
): SessionResolver {
  const checks = new Map<SessionKind, SessionCheck[]>();

  /** Every request of a signed-in caller reads its session, its person and its agent in one statement (session-read.ts). */
  const sessionReads = new Map<SessionKind, ReturnType<typeof prepareSessionRead>>();
  const sessionRead = (kind: SessionKind) => {
    let read = sessionReads.get(kind);
    if (!read) sessionReads.set(kind, (read = prepareSessionRead(db, kind)));
    return read;
  };
  type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareSessionRead>['execute']>>[number];
  // On PGlite every statement queues on one thread: a session read saved there is saved for every request behind it.
  const cache = opts.onlyProcess ? createSessionCache<SessionRow>({ ttlMs: SESSION_CACHE_MS, max: 10_000 }) : undefined;
  const endListeners: SessionEndListener[] = [];

  async function ended(end: SessionEnd) {
    cache?.forget(end);
    for (const listener of endListeners) await listener(end);
  }

  async function endToken(token: string | undefined) {
    if (!token) return;
    const hash = sha256(token);
    await db.delete(sessions).where(eq(sessions.session_hash, hash));
    await ended({ hash });
  }

  async function load(token: string | undefined, kind: SessionKind): Promise<SessionInfo | undefined> {
    if (!usableToken(token)) return undefined;
    const hash = sha256(token);
    const row = cache?.get(kind, hash) ?? (await readSession(kind, hash));
    if (!row) return undefined;
    const session: SessionInfo = { kind, subjectId: row.subject_id, context: row.context, hash };
    if (kind !== 'customer') session.userBlocked = row.blocked ?? true;
    if (kind === 'ops') {
      session.agent =
        row.role && row.mobile !== null && !row.blocked
          ? { user_id: row.subject_id, mobile: row.mobile, first_name: row.first_name, role: row.role as OpsRole }
          : null;
    }
    return session;
  }

  async function readSession(kind: SessionKind, hash: string): Promise<SessionRow | undefined> {
    const ticket = cache?.begin();
    const [row] = await sessionRead(kind).execute({ sessionHash: hash, now: new Date() });
    // A blocked person, or an ops session of someone who is no agent, is refused: read again next time, so an unblock counts at once.
    const usable = row && (kind === 'customer' || row.blocked === false) && (kind !== 'ops' || row.role !== null);
    if (cache && usable && ticket !== undefined) cache.put(kind, hash, row, row.expires_at, ticket);
    return row;
  }

  async function runChecks(session: SessionInfo, req: FastifyRequest) {
    for (const check of checks.get(session.kind) ?? []) await check(session, req);
  }

  const cookieOptions = (req: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: opts.alwaysSecure || isHttps(req.raw, opts.trustProxy),
  });

  return {
    async require(req, kind) {
      const session = await load(req.cookies[SESSION_COOKIE[kind]], kind);
      if (!session) throw unauthorized();
      await runChecks(session, req);
      return session;
    },
    async optional(req, kind) {
      const session = await load(req.cookies[SESSION_COOKIE[kind]], kind);
      if (session) await runChecks(session, req);
      return session;
    },
    async create(reply, kind, subjectId, context = {}) {
      // Whatever token this device held before (planted or its own) is never the new session.
      await endToken(reply.request.cookies[SESSION_COOKIE[kind]]);
      const token = randomToken();
      const hash = sha256(token);
      const expires = new Date(Date.now() + SESSION_DAYS * 86_400_000);
      await db.insert(sessions).values({ session_hash: hash, kind, subject_id: subjectId, context, expires_at: expires });
      reply.setCookie(SESSION_COOKIE[kind], token, { ...cookieOptions(reply.request), expires });
      return { kind, subjectId, context, hash };
    },
    async destroy(req, reply, kind) {
      await endToken(req.cookies[SESSION_COOKIE[kind]]);
      reply.clearCookie(SESSION_COOKIE[kind], cookieOptions(req));
    },
    async destroyAllFor(kind, subjectId) {
      await db.delete(sessions).where(and(eq(sessions.kind, kind), eq(sessions.subject_id, subjectId)));
      await ended({ kind, subjectId });
    },
    onEnd(listener) {
      endListeners.push(listener);
    },
    addCheck(kind, check) {
      checks.set(kind, [...(checks.get(kind) ?? []), check]);
    },
    async fromCookieHeader(header, kind) {
      if (!header) return undefined;
      const name = SESSION_COOKIE[kind];
      const part = header
        .split(';')
        .map((p) => p.trim())
        .find((p) => p.startsWith(`${name}=`));
      return load(part ? decodeURIComponent(part.slice(name.length + 1)) : undefined, kind);
    },
    tokenHash(req, kind) {
      if (checks.has(kind)) throw new Error(`${kind} sessions have per-request checks: read them with optional or require`);
      const token = req.cookies[SESSION_COOKIE[kind]];
      return usableToken(token) ? sha256(token) : undefined;
    },
  };
}
