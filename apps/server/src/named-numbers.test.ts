import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A status, a type, a source or a direction is named once, in the contract
 * (`LEAD_STATUS.approved`, `DOCUMENT_STATUS.rejected`, `TICKET_SOURCE.web`),
 * and code compares with the name. This lists any comparison of such a field
 * with a bare number left in the server, the web app or the contract, in
 * TypeScript and in the SQL written inside it. HTTP statuses are not these.
 */
const repo = path.resolve(import.meta.dirname, '../../..');
const roots = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'seed' ? [] : files(full);
    return /\.tsx?$/.test(name) && !/\.test(-helper)?\.tsx?$/.test(name) ? [full] : [];
  });

const FIELD = String.raw`(?:status|sub_status|archive_status|action_status|application_archive_status|ticket_type|ticket_source|direction|type)`;
const PATTERNS = [
  // `x.status === 1`, `status <= 3`, SQL's `type = 1`
  new RegExp(String.raw`(?<!\bres\.)\b${FIELD}\s*(?:===|!==|==|!=|<=|>=|<>|=|<|>)\s*\d`, 'i'),
  // Drizzle's `eq(table.status, 1)`
  new RegExp(String.raw`\beq\([\w.]*\.${FIELD},\s*\d+\)`),
  // a zod literal of a number: `z.literal(2)`
  /\bz\s*\.\s*literal\(\d+\)/,
];
/** Lines that compare a number that is not one of these, each with why. */
const ALLOWED: { file: string; text: string; why: string }[] = [
  { file: 'apps/server/src/modules/ops/payouts.service.ts', text: 'at.status < 0', why: 'a column index of the bank file, not a status' },
  { file: 'apps/server/src/modules/feedback/feedback.page.ts', text: 'status', why: 'the HTTP status of the answer' },
  { file: 'apps/server/src/http/area-logins.ts', text: 'status', why: 'the HTTP status of the answer' },
  { file: 'apps/server/src/http/public-pages.ts', text: 'status = 200', why: 'the HTTP status of the page' },
  { file: 'apps/web/src/features/feedback/feedback-page.tsx', text: 'status ===', why: 'the HTTP status of the answer' },
  { file: 'apps/server/src/modules/data-download/xlsx-rows.ts', text: 'type: attributes.t', why: "a spreadsheet cell's type" },
];

describe('named numbers', () => {
  it('compares no status, type, source or direction with a bare number', () => {
    const found: string[] = [];
    for (const root of roots) {
      for (const file of files(path.join(repo, root))) {
        const rel = path.relative(repo, file).split(path.sep).join('/');
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
            if (!PATTERNS.some((p) => p.test(line))) return;
            if (ALLOWED.some((a) => a.file === rel && line.includes(a.text))) return;
            found.push(`${rel}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(found).toEqual([]);
  });
});
