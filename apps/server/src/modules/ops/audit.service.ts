import { and, count, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { istDayStart } from '@pmw/contract/time';
import type { z } from 'zod';
import type { AuditEntry, auditQuerySchema } from '@pmw/contract/ops';
import type { Db, DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/ops';
import type { UsersService } from '../users/users.service';

export interface AuditRecord {
  /** The ops agent; null for the server's own scheduled jobs. */
  actor_user_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string | number;
  before?: unknown;
  after?: unknown;
}

/** Dates and other class instances become what JSON would show. */
const plain = (value: unknown) => (value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown));

/**
 * Owns audit_log. Callers write the entry in the same transaction as the
 * change, so a change without its entry (or the other way round) cannot happen.
 */
export function createAuditService(deps: { db: Db; users: Pick<UsersService, 'contacts'> }) {
  const { db } = deps;
  return {
    async record(entry: AuditRecord, tx: DbOrTx = db): Promise<void> {
      await tx.insert(auditLog).values({
        actor_user_id: entry.actor_user_id,
        action: entry.action,
        entity_type: entry.entity_type,
        entity_id: String(entry.entity_id),
        before: plain(entry.before),
        after: plain(entry.after),
      });
    },

    /** The newest entry of an action on an entity, when and how many seconds ago it was written (by the database's clock). */
    async latest(
      entityType: string,
      entityId: string | number,
      action: string,
      tx: DbOrTx = db,
    ): Promise<{ audit_id: number; before: unknown; after: unknown; created_on: Date; age_seconds: number } | null> {
      const [row] = await tx
        .select({
          audit_id: auditLog.audit_id,
          before: auditLog.before,
          after: auditLog.after,
          created_on: auditLog.created_on,
          age: sql<string>`extract(epoch from (now() - ${auditLog.created_on}))::text`,
        })
        .from(auditLog)
        .where(and(eq(auditLog.entity_type, entityType), eq(auditLog.entity_id, String(entityId)), eq(auditLog.action, action)))
        .orderBy(desc(auditLog.audit_id))
        .limit(1);
      return row
        ? { audit_id: row.audit_id, before: row.before, after: row.after, created_on: row.created_on, age_seconds: Number(row.age) }
        : null;
    },

    /**
     * How many entries of each action every actor made between from and to (the
     * ops dashboard's decisions per agent). With `undone`, an entry of its action
     * that was undone does not count: one its undo action on the same entity
     * follows before any later entry of that action (an undo takes back the newest).
     */
    async countsByActor(
      actions: string[],
      from: Date,
      to: Date,
      opts: { undone?: { action: string; by: string } } = {},
    ): Promise<{ actor_user_id: number; action: string; n: number }[]> {
      const u = opts.undone;
      const notUndone = u
        ? sql`not (${auditLog.action} = ${u.action} and exists (
            select 1 from ${auditLog} as undo
            where undo.entity_type = ${auditLog.entity_type} and undo.entity_id = ${auditLog.entity_id}
              and undo.action = ${u.by} and undo.audit_id > ${auditLog.audit_id}
              and not exists (
                select 1 from ${auditLog} as again
                where again.entity_type = ${auditLog.entity_type} and again.entity_id = ${auditLog.entity_id}
                  and again.action = ${u.action} and again.audit_id > ${auditLog.audit_id} and again.audit_id < undo.audit_id)))`
        : undefined;
      const rows = await db
        .select({ actor_user_id: auditLog.actor_user_id, action: auditLog.action, n: count() })
        .from(auditLog)
        .where(
          and(
            inArray(auditLog.action, actions),
            gte(auditLog.created_on, from),
            lt(auditLog.created_on, to),
            isNotNull(auditLog.actor_user_id),
            notUndone,
          ),
        )
        .groupBy(auditLog.actor_user_id, auditLog.action);
      return rows.flatMap((r) => (r.actor_user_id === null ? [] : [{ actor_user_id: r.actor_user_id, action: r.action, n: r.n }]));
    },

    async list(q: z.output<typeof auditQuerySchema>): Promise<{ count: number; rows: AuditEntry[] }> {
      const where: SQL[] = [];
      if (q.actor_user_id) where.push(eq(auditLog.actor_user_id, q.actor_user_id));
      if (q.action) where.push(eq(auditLog.action, q.action));
      if (q.entity_type) where.push(eq(auditLog.entity_type, q.entity_type));
      if (q.entity_id) where.push(eq(auditLog.entity_id, q.entity_id));
      if (q.from) where.push(gte(auditLog.created_on, istDayStart(q.from)));
      if (q.to) where.push(lt(auditLog.created_on, new Date(istDayStart(q.to).getTime() + 86_400_000)));
      const cond = where.length ? and(...where) : undefined;
      const rows = await db
        .select()
        .from(auditLog)
        .where(cond)
        .orderBy(desc(auditLog.audit_id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      const [total] = await db.select({ n: count() }).from(auditLog).where(cond);
      const actors = await deps.users.contacts([...new Set(rows.flatMap((a) => (a.actor_user_id === null ? [] : [a.actor_user_id])))]);
      return {
        count: total?.n ?? 0,
        rows: rows.map((a) => ({
          audit_id: a.audit_id,
          actor_user_id: a.actor_user_id,
          actor_name: a.actor_user_id === null ? 'System' : (actors.get(a.actor_user_id)?.first_name ?? null),
          action: a.action,
          entity_type: a.entity_type,
          entity_id: a.entity_id,
          before: a.before ?? null,
          after: a.after ?? null,
          created_on: a.created_on.toISOString(),
        })),
      };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
