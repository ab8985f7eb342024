/*
 * COPY takes no parameters, so a query built with Drizzle (whose values are
 * bound as $1, $2, ...) is turned into one statement with its values written
 * in as literals. See README.md in this folder.
 */

/** A value as an SQL literal, for statements that take no parameters (COPY). */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('not a finite number');
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  const text = value instanceof Date ? value.toISOString() : String(value);
  if (text.includes('\u0000')) throw new Error('NUL in a literal');
  // E'' with quotes and backslashes escaped, whatever standard_conforming_strings says.
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * A Drizzle query as one statement for COPY: each `$n` becomes the literal of
 * its value. It relies on Drizzle writing every value as a parameter, so the
 * only `$n` in the text are its placeholders (identifiers are quoted by
 * Drizzle and never hold one; `sql.raw` numbers hold no `$`).
 */
export function inlineParams(query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => sqlLiteral(query.params[Number(n) - 1]));
}
