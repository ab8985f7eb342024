import { boolean, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const createdOn = () => timestamp('created_on', { withTimezone: true }).notNull().defaultNow();
const modifiedOn = () => timestamp('modified_on', { withTimezone: true }).notNull().defaultNow();

/** Everyone who logs in with a mobile: partners, workers, candidates, team members, ops agents. */
export const users = pgTable('users', {
  user_id: integer('user_id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
  mobile: text('mobile').notNull().unique(),
  first_name: text('first_name'),
  last_name: text('last_name'),
  email: text('email'),
  gender: smallint('gender'),
  zip_code: text('zip_code'),
  city: text('city'),
  state: text('state'),
  permanent_address: text('permanent_address'),
  location_coords: text('location_coords'),
  profile_picture_key: text('profile_picture_key'),
  blocked: boolean('blocked').notNull().default(false),
  created_on: createdOn(),
  modified_on: modifiedOn(),
});
