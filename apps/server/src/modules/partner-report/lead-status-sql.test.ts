import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { LEAD_ARCHIVE_STATUS, LEAD_STATUS, leadStatusText } from '@pmw/contract/lead-status';
import { openPglite, type Database } from '../../db/client';
import { formResponses } from '../../db/schema/index';
import { leadStatusTextSql } from './csv';

let database: Database;
beforeAll(async () => {
  database = await openPglite(undefined, new Blob([readFileSync(inject('pgliteSnapshot'))]));
});
afterAll(async () => database.close());

it("the CSV's status text (SQL) names every lead as the report page does (the contract)", async () => {
  const leads = Object.values(LEAD_STATUS).flatMap((status) =>
    Object.values(LEAD_ARCHIVE_STATUS).map((archive_status) => ({ status, archive_status })),
  );
  // Every state a lead can be in, under the table's name, so the SQL reads its columns as the CSV's query does.
  const rows = (await database.db.execute(sql`
    select status, archive_status, ${leadStatusTextSql(formResponses)} as text
    from jsonb_to_recordset(${JSON.stringify(leads)}::jsonb) as form_responses(status smallint, archive_status smallint)`)) as unknown as {
    rows: { status: number; archive_status: number; text: string }[];
  };
  expect(rows.rows).toHaveLength(leads.length);
  for (const r of rows.rows) expect({ ...r, text: r.text }).toEqual({ ...r, text: leadStatusText(r) });
});
