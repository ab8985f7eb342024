import { eq } from 'drizzle-orm';
import type { SessionUser } from '@pmw/contract/auth';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/index';
import { notFound } from '../../errors';

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
    async updateName(userId: number, firstName: string, tx: DbOrTx = db): Promise<void> {
      await tx.update(users).set({ first_name: firstName, modified_on: new Date() }).where(eq(users.user_id, userId));
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
      if (!row) throw notFound('User not found');
      return this.toSessionUser(row);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
