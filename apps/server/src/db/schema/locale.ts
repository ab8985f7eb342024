// Owned by modules/locale.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const modifiedOn = () => timestamp('modified_on', { withTimezone: true }).notNull().defaultNow();

/**
 * The language a mobile's owner chose (customer, partner, worker, field agent
 * alike), so texts sent to that mobile are in it.
 */
export const mobileLocales = pgTable('mobile_locales', {
  mobile: text('mobile').primaryKey(),
  locale: text('locale').notNull(),
  modified_on: modifiedOn(),
});
