import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LEAD_ARCHIVE_STATUS, LEAD_STATUS, LEAD_SUB_STATUS } from '@pmw/contract/lead-status';
import { CHAT_DIRECTION, TICKET_EVENTS, TICKET_STATUS, ticketTransition } from '@pmw/contract/support';
import { constantFunction, contractConstantsSql } from './contract-constants';
import { openPglite, type Database } from './client';

const file = new URL('./sql/contract-constants.sql', import.meta.url);

it('src/db/sql/contract-constants.sql is what the contract generates (run `npm run db:constants` after changing a status)', () => {
  expect(readFileSync(file, 'utf8')).toBe(contractConstantsSql());
});

describe('the functions the migration made, run by PostgreSQL', () => {
  let database: Database;
  const pg = () => database.pglite!;
  beforeAll(async () => {
    database = await openPglite(undefined, new Blob([readFileSync(inject('pgliteSnapshot'))]));
  });
  afterAll(async () => database.close());

  const groups = {
    lead_status: LEAD_STATUS,
    lead_sub_status: LEAD_SUB_STATUS,
    lead_archive_status: LEAD_ARCHIVE_STATUS,
    ticket_status: TICKET_STATUS,
    chat_direction: CHAT_DIRECTION,
  };
  it('answer each constant its number', async () => {
    for (const [group, values] of Object.entries(groups)) {
      for (const [name, value] of Object.entries(values)) {
        const { rows } = await pg().query<{ v: number }>(`select "${constantFunction(group, name)}"() as v`);
        expect({ name: `${group}.${name}`, v: rows[0]!.v }).toEqual({ name: `${group}.${name}`, v: value });
      }
    }
  });

  it('move a ticket as the contract does, for every status and event', async () => {
    for (const from of Object.values(TICKET_STATUS)) {
      for (const event of TICKET_EVENTS) {
        const { rows } = await pg().query<{ to: number | null }>('select "ticket_next_status"($1, $2) as to', [from, event]);
        expect({ from, event, to: rows[0]!.to }).toEqual({ from, event, to: ticketTransition(from, event) });
      }
    }
  });
});
