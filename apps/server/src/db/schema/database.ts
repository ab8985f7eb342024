// The database's own facts, read and written by the seed and the start (not a module's).
import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const modifiedOn = () => timestamp('modified_on', { withTimezone: true }).notNull().defaultNow();

/** Small key-value facts about the database itself (e.g. that demo data was loaded). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  modified_on: modifiedOn(),
});

export const nowSql = sql`now()`;
