// Owned by modules/ops-auth.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

const createdOn = () => timestamp('created_on', { withTimezone: true }).notNull().defaultNow();

/** People who run the marketplace: 'support' sees the support inbox, 'admin' everything. */
export const opsAgents = pgTable('ops_agents', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.user_id),
  role: text('role').notNull(),
  created_on: createdOn(),
});
