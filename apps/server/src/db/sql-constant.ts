import { sql, type SQL } from 'drizzle-orm';

/**
 * A contract constant written into SQL as a literal, not a bound parameter:
 * the statement's text stays what it was with the bare number (the same
 * plans, and a partial index's predicate still matches), while the source
 * names the value.
 */
export const num = (value: number): SQL => sql.raw(String(Number(value)));
