import { and, eq, gt, sql } from 'drizzle-orm';
import type { SessionKind } from '@pmw/contract/api';
import { sessions } from '../../db/schema/sessions';

/**
 * The session of a kind whose token hashes to the placeholder `sessionHash`,
 * unexpired at the placeholder `now`: the filter of every session read.
 */
export const liveSession = (kind: SessionKind) =>
  and(eq(sessions.session_hash, sql.placeholder('sessionHash')), eq(sessions.kind, kind), gt(sessions.expires_at, sql.placeholder('now')));
