import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HIRING_CATEGORY_ID, INSURANCE_CATEGORY_ID, REFERENCE_CATEGORIES } from '@pmw/contract/catalogue';
import { HIDDEN_MOBILE_CATEGORIES } from '@pmw/contract/partner';
import { openPglite, type Database } from './client';
import { appMeta, employers, jobCategories, jobs, opsAgents } from './schema/index';

// A fresh install: migrated, no demo data.
let database: Database;
beforeAll(async () => {
  database = await openPglite(undefined);
  await database.migrate();
});
afterAll(async () => database.close());

it('a migrated database without demo data has the categories the rules name, with their titles', async () => {
  const rows = await database.db
    .select({ job_category_id: jobCategories.job_category_id, title: jobCategories.title, retired: jobCategories.retired })
    .from(jobCategories)
    .orderBy(asc(jobCategories.job_category_id));
  expect(rows).toEqual(REFERENCE_CATEGORIES.map((c) => ({ ...c, retired: false })));
  expect(rows.map((r) => r.job_category_id)).toEqual(expect.arrayContaining([HIRING_CATEGORY_ID, ...HIDDEN_MOBILE_CATEGORIES]));
  // Nothing of the demo came with it.
  expect(await database.db.select().from(employers)).toEqual([]);
  expect(await database.db.select().from(jobs)).toEqual([]);
  expect(await database.db.select().from(opsAgents)).toEqual([]);
  expect(await database.db.select().from(appMeta)).toEqual([]);
});

it('the reference SQL inserts exactly the contract’s categories', () => {
  const file = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'sql/reference-data.sql'), 'utf8');
  const inserted = [...file.matchAll(/\((\d+),\s*'([^']*)'\)/g)].map((m) => ({ job_category_id: Number(m[1]), title: m[2] }));
  expect(inserted).toEqual([...REFERENCE_CATEGORIES]);
  expect(REFERENCE_CATEGORIES.map((c) => c.job_category_id)).toEqual([INSURANCE_CATEGORY_ID, HIRING_CATEGORY_ID]);
});

it('a category ops add takes an id above the reserved ones', async () => {
  const [row] = await database.db.insert(jobCategories).values({ title: 'Gold Loans' }).returning();
  expect(row!.job_category_id).toBeGreaterThanOrEqual(10000);
});
