import { DOCUMENT_STATUS, type DocumentDecision } from '@pmw/contract/kyc';
import { parsePmwId, pmwId, type KycDocument, type OpsUser } from '@pmw/contract/ops';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { SessionResolver } from '../sessions/session';
import type { DocumentsService } from '../documents/documents.service';
import type { UserRow, UsersService } from '../users/users.service';
import type { AuditService } from './audit.service';
import type { OpsAuthService } from '../ops-auth/ops-auth.service';
import { NOTIFY_AUDIENCE, NOTIFY_EVENT } from '@pmw/contract/notifications';
import type { NotificationsService } from '../notifications/notifications.service';
import { say } from '@pmw/contract/texts/said';

/** KYC review and the users list: the people side of the console. */
export function createOpsPeopleService(deps: {
  db: Db;
  users: UsersService;
  opsAuth: Pick<OpsAuthService, 'agentIds'>;
  documents: DocumentsService;
  sessions: SessionResolver;
  audit: AuditService;
  notifications?: NotificationsService | undefined;
}) {
  const { db, documents, audit } = deps;

  const opsIds = (ids: number[]) => deps.opsAuth.agentIds(ids);
  const userView = (u: UserRow, isOps: boolean): OpsUser => ({
    user_id: u.user_id,
    pmw_id: pmwId(u.user_id),
    mobile: u.mobile,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    city: u.city,
    blocked: u.blocked,
    is_ops: isOps,
    created_on: u.created_on.toISOString(),
  });

  async function setBlocked(actor: number, userId: number, blocked: boolean): Promise<OpsUser> {
    if (userId === actor) throw new AppError('CONFLICT', say('ops.blockYourself'));
    const before = await deps.users.byId(userId);
    if (!before) throw notFound(say('common.userNotFound'));
    const after = await db.transaction(async (tx) => {
      const row = await deps.users.setBlocked(userId, blocked, tx);
      await audit.record(
        {
          actor_user_id: actor,
          action: blocked ? 'user.block' : 'user.unblock',
          entity_type: 'user',
          entity_id: userId,
          before: { blocked: before.blocked },
          after: { blocked },
        },
        tx,
      );
      return row!;
    });
    // The session checks refuse a blocked person already; ending the sessions also clears their cookies' worth.
    if (blocked) for (const kind of ['worker', 'team', 'ops'] as const) await deps.sessions.destroyAllFor(kind, userId);
    return userView(after, (await opsIds([userId])).has(userId));
  }

  return {
    async searchUsers(q: { q: string; page: number; limit: number }): Promise<{ count: number; rows: OpsUser[] }> {
      const found = await deps.users.search({ userId: parsePmwId(q.q), text: q.q, limit: q.limit, offset: (q.page - 1) * q.limit });
      const ops = await opsIds(found.rows.map((r) => r.user_id));
      return { count: found.count, rows: found.rows.map((u) => userView(u, ops.has(u.user_id))) };
    },
    block: (actor: number, userId: number) => setBlocked(actor, userId, true),
    unblock: (actor: number, userId: number) => setBlocked(actor, userId, false),

    async kycQueue(q: { status: number; page: number; limit: number }): Promise<{ count: number; rows: KycDocument[] }> {
      const found = await documents.reviewQueue(q.status, { limit: q.limit, offset: (q.page - 1) * q.limit });
      const ids = [...new Set(found.rows.map((d) => d.user_id))];
      const people = await deps.users.contacts(ids);
      return {
        count: found.count,
        rows: found.rows.map((d) => {
          const p = people.get(d.user_id);
          return { ...d, first_name: p?.first_name ?? null, mobile: p?.mobile ?? '' };
        }),
      };
    },

    async setKycStatus(actor: number, documentId: number, status: DocumentDecision, reason: string | null): Promise<KycDocument> {
      const before = await documents.byId(documentId);
      if (!before) throw notFound(say('common.documentNotFound'));
      const after = await db.transaction(async (tx) => {
        const view = await documents.setStatus(documentId, status, reason, tx);
        if (before.status !== status || before.reject_reason !== reason) {
          await deps.notifications?.notify(
            tx,
            status === DOCUMENT_STATUS.verified
              ? { event: NOTIFY_EVENT.kycVerified, audience: NOTIFY_AUDIENCE.partner, user_id: view.user_id, data: { document: view.type } }
              : {
                  event: NOTIFY_EVENT.kycRejected,
                  audience: NOTIFY_AUDIENCE.partner,
                  user_id: view.user_id,
                  data: { document: view.type, reason: reason ?? '' },
                },
          );
        }
        await audit.record(
          {
            actor_user_id: actor,
            action: status === DOCUMENT_STATUS.verified ? 'kyc.verify' : 'kyc.reject',
            entity_type: 'document',
            entity_id: documentId,
            before: { status: before.status, reject_reason: before.reject_reason },
            after: { status: view.status, reject_reason: view.reject_reason },
          },
          tx,
        );
        return view;
      });
      const owner = await deps.users.byId(after.user_id);
      return { ...after, first_name: owner?.first_name ?? null, mobile: owner?.mobile ?? '' };
    },
  };
}
export type OpsPeopleService = ReturnType<typeof createOpsPeopleService>;
