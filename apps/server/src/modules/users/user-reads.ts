import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/users';

/**
 * People's names and mobiles for other modules that show them, read the
 * users module's way, in the caller's database or transaction (the users
 * service's `contacts` answers the same).
 */

/** Name and mobile of each person asked for, by user id (absent ids are left out). */
export async function userContacts(
  db: DbOrTx,
  userIds: readonly number[],
): Promise<Map<number, { first_name: string | null; mobile: string }>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ id: users.user_id, first_name: users.first_name, mobile: users.mobile })
    .from(users)
    .where(inArray(users.user_id, [...userIds]));
  return new Map(rows.map((r) => [r.id, { first_name: r.first_name, mobile: r.mobile }]));
}

export interface PersonRow {
  first_name: string | null;
  last_name: string | null;
  mobile: string;
  blocked: boolean;
}

/** Names, mobile and blocked flag of each person asked for, by user id (absent ids are left out). */
export async function people(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, PersonRow>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ id: users.user_id, first_name: users.first_name, last_name: users.last_name, mobile: users.mobile, blocked: users.blocked })
    .from(users)
    .where(inArray(users.user_id, [...userIds]));
  return new Map(rows.map(({ id, ...person }) => [id, person]));
}

/** The people asked for, ordered by first name (the database's collation), then user id. */
export async function peopleByName(db: DbOrTx, userIds: readonly number[]): Promise<(PersonRow & { user_id: number })[]> {
  if (!userIds.length) return [];
  return db
    .select({
      user_id: users.user_id,
      first_name: users.first_name,
      last_name: users.last_name,
      mobile: users.mobile,
      blocked: users.blocked,
    })
    .from(users)
    .where(inArray(users.user_id, [...userIds]))
    .orderBy(asc(users.first_name), asc(users.user_id));
}

/** Whether there is a person with this user id. */
export async function userExists(db: DbOrTx, userId: number): Promise<boolean> {
  const [user] = await db.select({ id: users.user_id }).from(users).where(eq(users.user_id, userId)).limit(1);
  return Boolean(user);
}
