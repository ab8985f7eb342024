import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt } from 'drizzle-orm';
import type { SessionKind } from '@pmw/contract/api';
import { SESSION_COOKIE } from '@pmw/contract/auth';
import type { Db } from '../db/client';
import { sessions } from '../db/schema/index';
import { randomToken, sha256 } from '../lib/crypto';
import { unauthorized } from '../errors';

export interface SessionInfo {
  kind: SessionKind;
  /** user_id for worker, team and ops sessions; customer_id for customer sessions. */
  subjectId: number;
  context: Record<string, string | number>;
  hash: string;
}

/** A module may add a check run on every request of a kind (blocked members, roles). */
export type SessionCheck = (session: SessionInfo, req: FastifyRequest) => Promise<void>;

const SESSION_DAYS = 30;

export interface SessionResolver {
  require(req: FastifyRequest, kind: SessionKind): Promise<SessionInfo>;
  optional(req: FastifyRequest, kind: SessionKind): Promise<SessionInfo | undefined>;
  create(reply: FastifyReply, kind: SessionKind, subjectId: number, context?: Record<string, string | number>): Promise<SessionInfo>;
  destroy(req: FastifyRequest, reply: FastifyReply, kind: SessionKind): Promise<void>;
  /** Ends every session of a subject (e.g. when an account is blocked). */
  destroyAllFor(kind: SessionKind, subjectId: number): Promise<void>;
  addCheck(kind: SessionKind, check: SessionCheck): void;
  /** Resolves a raw cookie header (Socket.IO handshakes). */
  fromCookieHeader(header: string | undefined, kind: SessionKind): Promise<SessionInfo | undefined>;
}

export function createSessionResolver(db: Db, opts: { secureCookies: boolean }): SessionResolver {
  const checks = new Map<SessionKind, SessionCheck[]>();

  async function load(token: string | undefined, kind: SessionKind): Promise<SessionInfo | undefined> {
    if (!token || token.length > 200) return undefined;
    const hash = sha256(token);
    const [row] = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.session_hash, hash), eq(sessions.kind, kind), gt(sessions.expires_at, new Date())))
      .limit(1);
    if (!row) return undefined;
    return { kind, subjectId: row.subject_id, context: row.context, hash };
  }

  async function runChecks(session: SessionInfo, req: FastifyRequest) {
    for (const check of checks.get(session.kind) ?? []) await check(session, req);
  }

  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: opts.secureCookies };

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
      const token = randomToken();
      const hash = sha256(token);
      const expires = new Date(Date.now() + SESSION_DAYS * 86_400_000);
      await db.insert(sessions).values({ session_hash: hash, kind, subject_id: subjectId, context, expires_at: expires });
      reply.setCookie(SESSION_COOKIE[kind], token, { ...cookieOptions, expires });
      return { kind, subjectId, context, hash };
    },
    async destroy(req, reply, kind) {
      const token = req.cookies[SESSION_COOKIE[kind]];
      if (token) await db.delete(sessions).where(eq(sessions.session_hash, sha256(token)));
      reply.clearCookie(SESSION_COOKIE[kind], cookieOptions);
    },
    async destroyAllFor(kind, subjectId) {
      await db.delete(sessions).where(and(eq(sessions.kind, kind), eq(sessions.subject_id, subjectId)));
    },
    addCheck(kind, check) {
      checks.set(kind, [...(checks.get(kind) ?? []), check]);
    },
    async fromCookieHeader(header, kind) {
      if (!header) return undefined;
      const name = SESSION_COOKIE[kind];
      const part = header.split(';').map((p) => p.trim()).find((p) => p.startsWith(`${name}=`));
      return load(part ? decodeURIComponent(part.slice(name.length + 1)) : undefined, kind);
    },
  };
}
