import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { migrationsFolder } from './client';

const sqlFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sql');
const sqlFiles = (folder: string) => readdirSync(folder).filter((f) => f.endsWith('.sql'));

// The SQL Drizzle cannot express is kept in src/db/sql and reaches databases only through a migration:
// one that is edited without its migration (or the other way round) would differ between a fresh database and the source.
it.each(sqlFiles(sqlFolder))('%s is in a migration, as it reads', (file) => {
  const text = readFileSync(path.join(sqlFolder, file), 'utf8');
  const migrations = sqlFiles(migrationsFolder()).filter((m) => readFileSync(path.join(migrationsFolder(), m), 'utf8').includes(text));
  expect(migrations).not.toHaveLength(0);
});
