import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A team of field agents under a manager (a partner); the manager is shown as a label only. */
export const teams = pgTable('teams', {
  team_id: integer('team_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
  /** Kept upper case; /mt/{team_code} is matched case-insensitively. */
  team_code: text('team_code').notNull().unique(),
  manager_user_id: integer('manager_user_id')
    .notNull()
    .references(() => users.user_id),
  /** 'open': any number joins at its first login; 'invite_only': ops add members first. */
  join_policy: text('join_policy', { enum: ['open', 'invite_only'] })
    .notNull()
    .default('invite_only'),
  created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
});

/** A person's membership of a team, made at their first login; blocked members are refused on every request. */
export const teamMembers = pgTable(
  'team_members',
  {
    team_id: integer('team_id')
      .notNull()
      .references(() => teams.team_id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    blocked: boolean('blocked').notNull().default(false),
    created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    modified_on: timestamp('modified_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.team_id, t.user_id] }), index('team_members_user_idx').on(t.user_id)],
);
