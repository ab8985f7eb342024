import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The lint rule that lets only a module import its own tables (eslint.config.js), run as `npm run lint` runs it.
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });
const fixture = readFileSync(path.join(import.meta.dirname, '../test/fixtures/cross-module-import.ts.txt'), 'utf8');

async function wallErrors(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// The first lint loads the whole config with its plugins: seen at 30 s beside a second test suite on two cores.
describe('modules own their tables', { timeout: 90_000 }, () => {
  it("refuses a module's import of another module's tables", async () => {
    expect(await wallErrors(fixture, 'apps/server/src/modules/team/lead-count.ts')).toEqual([
      "'../../db/schema/leads' import is restricted from being used by a pattern. A module imports only its own tables (db/schema/team); ask the owning module's service for the rest.",
    ]);
  });

  it('lets the owning module import the same tables', async () => {
    expect(await wallErrors(fixture, 'apps/server/src/modules/leads/lead-count.ts')).toEqual([]);
  });

  it('refuses the whole schema to a module, and any table to code outside the modules', async () => {
    const whole = fixture.replace("'../../db/schema/leads'", "'../../db/schema/index'");
    expect(await wallErrors(whole, 'apps/server/src/modules/leads/lead-count.ts')).toHaveLength(1);
    const outside = fixture.replace("'../../db/schema/leads'", "'../db/schema/leads'").replace("'../../db/client'", "'../db/client'");
    expect(await wallErrors(outside, 'apps/server/src/http/lead-count.ts')).toHaveLength(1);
  });

  it("refuses lead risk's service the leads' tables: it asks their owners or its read model", async () => {
    expect(await wallErrors(fixture, 'apps/server/src/modules/risk/risk.service.ts')).toEqual([
      "'../../db/schema/leads' import is restricted from being used by a pattern. A module imports only its own tables (db/schema/risk); ask the owning module's service for the rest.",
    ]);
  });

  it('lets a read model and a test read across modules', async () => {
    expect(await wallErrors(fixture, 'apps/server/src/modules/partner-report/csv.ts')).toEqual([]);
    expect(await wallErrors(fixture, 'apps/server/src/modules/team/lead-count.test.ts')).toEqual([]);
  });
});
