import { LEAD_ARCHIVE_STATUS, LEAD_STATUS, LEAD_SUB_STATUS } from '@pmw/contract/lead-status';
import { CHAT_DIRECTION, TICKET_STATUS, TICKET_TRANSITIONS } from '@pmw/contract/support';

/**
 * The contract's numbers as the database's functions read them: one
 * immutable SQL function per value (`lead_status_approved()`, which
 * PostgreSQL inlines to its constant) and the ticket's state machine as
 * `ticket_next_status(from, event)`. `npm run db:constants` writes this to
 * src/db/sql/contract-constants.sql (and `npm run db:generate` first of all),
 * and a test fails when that file and the contract disagree, so the SQL
 * under src/db/sql never writes a bare status.
 */
const groups: Record<string, Record<string, number>> = {
  lead_status: LEAD_STATUS,
  lead_sub_status: LEAD_SUB_STATUS,
  lead_archive_status: LEAD_ARCHIVE_STATUS,
  ticket_status: TICKET_STATUS,
  chat_direction: CHAT_DIRECTION,
};

const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
const int = (n: number) => {
  if (!Number.isInteger(n)) throw new Error(`not an integer: ${n}`);
  return String(n);
};

/** The name of a constant's function, e.g. `lead_status_approved`. */
export const constantFunction = (group: string, name: string) => `${group}_${snake(name)}`;

export function contractConstantsSql(): string {
  const out = [
    '-- owner: database',
    '-- Generated from packages/contract by `npm run db:constants` (apps/server/src/db/contract-constants.ts): do not edit.',
    "-- The contract's statuses and directions, one immutable function each, for the SQL in this folder to name them;",
    "-- and the support ticket's state machine (the contract's TICKET_TRANSITIONS): NULL where it refuses.",
  ];
  const statements: string[] = [];
  for (const [group, values] of Object.entries(groups)) {
    for (const [name, value] of Object.entries(values)) {
      statements.push(
        `CREATE FUNCTION "${constantFunction(group, name)}"() RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS 'SELECT ${int(value)}';`,
      );
    }
  }
  const cases = TICKET_TRANSITIONS.map((t) => `    WHEN p_from = ${int(t.from)} AND p_event = '${t.event}' THEN ${int(t.to)}`);
  statements.push(
    [
      `CREATE FUNCTION "ticket_next_status"(p_from integer, p_event text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$`,
      '  SELECT CASE',
      ...cases,
      '  END',
      '$$;',
    ].join('\n'),
  );
  return `${out.join('\n')}\n${statements.join('\n--> statement-breakpoint\n')}\n`;
}
