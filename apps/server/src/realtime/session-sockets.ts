import type { Namespace, Socket } from 'socket.io';
import type { SessionKind } from '@pmw/contract/api';
import type { SessionEnd, SessionInfo } from '../modules/sessions/session';

/** The room of every socket opened with one session (the session's token hash, never the token). */
export const sessionRoom = (hash: string) => `session:${hash}`;
/** The room of every socket of one person as one kind of caller. */
export const subjectRoom = (kind: SessionKind, subjectId: number) => `subject:${kind}:${subjectId}`;

/** A socket joins the rooms its session ends through, before it joins anything else. */
export async function joinSessionRooms(socket: Socket, session: SessionInfo): Promise<void> {
  await socket.join([sessionRoom(session.hash), subjectRoom(session.kind, session.subjectId)]);
}

/**
 * Ends the sockets of a session that ended (logout, a new login on the
 * device) or of a subject whose sessions all ended (blocking, role change).
 * With the Redis adapter this reaches the sockets on every server process.
 */
export function endSocketsOf(...namespaces: Namespace[]) {
  return (ended: SessionEnd) => {
    const room = 'hash' in ended ? sessionRoom(ended.hash) : subjectRoom(ended.kind, ended.subjectId);
    for (const nsp of namespaces) nsp.in(room).disconnectSockets(true);
  };
}
