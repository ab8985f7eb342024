// Owned by modules/files.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const createdOn = () => timestamp('created_on', { withTimezone: true }).notNull().defaultNow();

/** Uploaded objects. A row is PENDING from the signed URL until the bytes arrive. */
export const files = pgTable(
  'files',
  {
    file_id: integer('file_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    file_key: text('file_key').notNull().unique(),
    file_name: text('file_name').notNull(),
    file_purpose: text('file_purpose').notNull(),
    content_type: text('content_type').notNull(),
    size_bytes: integer('size_bytes'),
    owner_kind: text('owner_kind').notNull(),
    owner_id: integer('owner_id').notNull(),
    ticket_id: integer('ticket_id'),
    status: text('status').notNull().default('PENDING'),
    created_on: createdOn(),
  },
  (t) => [index('files_owner_idx').on(t.owner_kind, t.owner_id)],
);
