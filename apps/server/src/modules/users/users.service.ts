import { count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@pmw/contract/auth';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/users';
import { userContacts } from './user-reads';
import { notFound } from '../../errors';
import { say } from '@pmw/contract/texts/said';

export type UserRow = typeof users.$inferSelect;

export const pmwId = (userId: number) => `PMW${userId}`;

/** Owns the users table; other modules ask it for people. */
export function createUsersService(deps: { db: Db; pictureUrl: (key: string) => Promise<string | null> }) {
  const { db } = deps;
  return {
    async byId(userId: number, tx: DbOrTx = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.user_id, userId)).limit(1);
      return row;
    },
    /** First and last names of several people, for lists that show who did what. */
    async names(userIds: number[]): Promise<Map<number, string | null>> {
      if (!userIds.length) return new Map();
      const rows = await db
        .select({ user_id: users.user_id, first_name: users.first_name, last_name: users.last_name })
        .from(users)
        .where(inArray(users.user_id, userIds));
      return new Map(rows.map((r) => [r.user_id, [r.first_name, r.last_name].filter(Boolean).join(' ') || null]));
    },

    async byMobile(mobile: string, tx: DbOrTx = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.mobile, mobile)).limit(1);
      return row;
    },
    /** The person behind a mobile, created on first login. */
    async findOrCreateByMobile(mobile: string, firstName?: string): Promise<UserRow> {
      const existing = await this.byMobile(mobile);
      if (existing) return existing;
      const [created] = await db
        .insert(users)
        .values({ mobile, first_name: firstName ?? null })
        .onConflictDoNothing({ target: users.mobile })
        .returning();
      return created ?? (await this.byMobile(mobile))!;
    },
    /** A new person with a mobile (and a name), in the caller's transaction; fails when the mobile has one. */
    async create(input: { mobile: string; first_name: string | null }, tx: DbOrTx = db): Promise<UserRow> {
      const [created] = await tx.insert(users).values({ mobile: input.mobile, first_name: input.first_name }).returning();
      return created!;
    },
    /** The user id of each mobile that has one. */
    async idsByMobile(mobiles: readonly string[], tx: DbOrTx = db): Promise<Map<string, number>> {
      if (!mobiles.length) return new Map();
      const rows = await tx
        .select({ user_id: users.user_id, mobile: users.mobile })
        .from(users)
        .where(inArray(users.mobile, [...mobiles]));
      return new Map(rows.map((r) => [r.mobile, r.user_id]));
    },
    /** Name and mobile of each person asked for, by user id (absent ids are left out). */
    async contacts(userIds: readonly number[], tx: DbOrTx = db): Promise<Map<number, { first_name: string | null; mobile: string }>> {
      return userContacts(tx, userIds);
    },
    async updateName(userId: number, firstName: string, tx: DbOrTx = db): Promise<void> {
      await tx.update(users).set({ first_name: firstName, modified_on: new Date() }).where(eq(users.user_id, userId));
    },
    /** The partner portal's Personal Details; a field left undefined keeps its value. */
    async updateProfile(
      userId: number,
      fields: Partial<
        Pick<
          UserRow,
          | 'first_name'
          | 'email'
          | 'gender'
          | 'zip_code'
          | 'city'
          | 'state'
          | 'permanent_address'
          | 'location_coords'
          | 'profile_picture_key'
        >
      >,
    ): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ ...fields, modified_on: new Date() })
        .where(eq(users.user_id, userId))
        .returning();
      if (!row) throw notFound(say('common.userNotFound'));
      return row;
    },
    async toSessionUser(row: UserRow): Promise<SessionUser> {
      return {
        user_id: row.user_id,
        pmw_id: pmwId(row.user_id),
        mobile: row.mobile,
        first_name: row.first_name,
        email: row.email,
        profile_picture_url: row.profile_picture_key ? await deps.pictureUrl(row.profile_picture_key) : null,
      };
    },
    async sessionUser(userId: number): Promise<SessionUser> {
      const row = await this.byId(userId);
      if (!row) throw notFound(say('common.userNotFound'));
      return this.toSessionUser(row);
    },
    /** Ops search: by user id, mobile (or its digits), or name. */
    async search(q: {
      userId?: number | undefined;
      text: string;
      limit: number;
      offset: number;
    }): Promise<{ count: number; rows: UserRow[] }> {
      const text = q.text.trim();
      const conds: SQL[] = [];
      if (q.userId !== undefined) conds.push(eq(users.user_id, q.userId));
      if (text) {
        const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conds.push(
          ilike(users.mobile, like),
          ilike(sql`coalesce(${users.first_name}, '') || ' ' || coalesce(${users.last_name}, '')`, like),
        );
      }
      const where = conds.length ? or(...conds) : undefined;
      const rows = await db.select().from(users).where(where).orderBy(desc(users.user_id)).limit(q.limit).offset(q.offset);
      const [total] = await db.select({ n: count() }).from(users).where(where);
      return { count: total?.n ?? 0, rows };
    },
    async setBlocked(userId: number, blocked: boolean, tx: DbOrTx = db): Promise<UserRow | undefined> {
      const [row] = await tx.update(users).set({ blocked, modified_on: new Date() }).where(eq(users.user_id, userId)).returning();
      return row;
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
