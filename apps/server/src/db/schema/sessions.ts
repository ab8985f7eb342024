// Owned by modules/sessions.
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const createdOn = () => timestamp('created_on', { withTimezone: true }).notNull().defaultNow();

/** Server-side sessions; the cookie carries a token whose SHA-256 is the key. */
export const sessions = pgTable(
  'sessions',
  {
    session_hash: text('session_hash').primaryKey(),
    kind: text('kind').notNull(),
    subject_id: integer('subject_id').notNull(),
    context: jsonb('context').$type<Record<string, string | number>>().notNull().default({}),
    created_on: createdOn(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_subject_idx').on(t.kind, t.subject_id)],
);
