import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPglite, type Database } from '../client';
import { copyTextRows } from './copy-text';

let database: Database;
beforeAll(async () => {
  database = await openPglite(undefined);
});
afterAll(async () => database.close());

async function copied(select: string): Promise<(string | null)[][]> {
  const parts: Uint8Array[] = [];
  for await (const chunk of database.copyOut(`(${select}) TO STDOUT`)) parts.push(chunk);
  return copyTextRows(Buffer.concat(parts).toString('utf8'));
}

it('reads back every value PostgreSQL writes, escapes and NULL included', async () => {
  const values = [
    'plain',
    'tab\there',
    'line\nbreak',
    'carriage\rreturn',
    'back\\slash',
    '\\N',
    'नेहा गुप्ता',
    '',
    'bell\x07 and \b\f\v',
    'ends with \\',
  ];
  const rows = await copied(
    `select v, null::text, length(v) from unnest(array[${values.map((v) => `E'${v.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(',')}]) with ordinality as t(v, n) order by n`,
  );
  expect(rows).toEqual(values.map((v) => [v, null, String([...v].length)]));
});

it('answers no rows for an empty result', async () => {
  expect(await copied('select 1 where false')).toEqual([]);
});
