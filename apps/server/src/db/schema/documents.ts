// Owned by modules/documents.
import { index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { files } from './files';
import { users } from './users';
import { DOCUMENT_STATUS } from '@pmw/contract/kyc';

const createdOn = () => timestamp('created_on', { withTimezone: true }).notNull().defaultNow();
const modifiedOn = () => timestamp('modified_on', { withTimezone: true }).notNull().defaultNow();

/** KYC and business documents. Numbers are encrypted; last4 is kept for masked display. */
export const documents = pgTable(
  'documents',
  {
    document_id: integer('document_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.user_id),
    type: text('type').notNull(),
    number_enc: text('number_enc').notNull(),
    number_last4: text('number_last4').notNull(),
    /** HMAC of the number, so a lead's PAN can be matched to its holder without decrypting every row. */
    number_hash: text('number_hash'),
    file_id: integer('file_id').references(() => files.file_id),
    file_id2: integer('file_id2').references(() => files.file_id),
    description: text('description'),
    /** 0 submitted, 1 verified, 2 rejected. */
    status: smallint('status').notNull().default(DOCUMENT_STATUS.submitted),
    reject_reason: text('reject_reason'),
    created_on: createdOn(),
    modified_on: modifiedOn(),
  },
  (t) => [uniqueIndex('documents_user_type_idx').on(t.user_id, t.type), index('documents_number_hash_idx').on(t.type, t.number_hash)],
);
