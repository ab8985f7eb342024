import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Modules own their tables in raw SQL too. The lint rule (eslint.config.js) sees a module import another's
 * tables; a statement written as text names them by their SQL names (`join users u on ...` in a sql`...`
 * template, `sql.raw(...)`, a string handed to COPY, a function in src/db/sql). This reads that text and
 * lists every table or SQL function of another module it names, with its file and line:
 *
 * - a table belongs to the module whose db/schema/<module>.ts declares it; a function in src/db/sql to the
 *   module its file names on a `-- owner: <module>` line (the contract's numbers, owned by `database`,
 *   are every file's to call);
 * - a module's code (apps/server/src/modules/<module>, tests and their helpers aside) names only its own;
 *   the providers only platform's, as the lint rule lets them; the rest of the server none (db/ and the
 *   seed see every table);
 * - a read model (apps/server/read-models.json, the lint rule's list; or a SQL file with a
 *   `-- read model:` line saying why) reads other modules' tables but never writes them or calls their
 *   functions;
 * - the text read is a TypeScript file's string and template literals (comments and code left out), and a
 *   SQL file with its comments left out, so a table named as a word in a comment is no crossing.
 */
const src = import.meta.dirname;
const repo = path.resolve(src, '../../..');
const readModels = new Set(Object.keys(JSON.parse(readFileSync(path.join(src, '../read-models.json'), 'utf8')) as Record<string, string>));
const sqlFolder = path.join(src, 'db/sql');

type Owners = { tables: Map<string, string>; functions: Map<string, string> };

/** Each table's module, from db/schema/<module>.ts, and each SQL function's, from its file's owner line. */
function ownersOf(sqlFiles: { file: string; text: string }[]): Owners {
  const tables = new Map<string, string>();
  const schemaFolder = path.join(src, 'db/schema');
  for (const file of readdirSync(schemaFolder).filter((f) => f.endsWith('.ts') && f !== 'index.ts')) {
    const text = readFileSync(path.join(schemaFolder, file), 'utf8');
    for (const m of text.matchAll(/\bpg(?:Table|View|MaterializedView)\(\s*['"]([a-z_][a-z0-9_]*)['"]/g)) {
      tables.set(m[1]!, file.replace(/\.ts$/, ''));
    }
  }
  const functions = new Map<string, string>();
  for (const { text } of sqlFiles) {
    const owner = ownerLine(text);
    if (!owner || owner === 'database') continue;
    for (const m of text.matchAll(/\bcreate\s+(?:or\s+replace\s+)?function\s+"?([a-z_][a-z0-9_]*)"?/gi)) functions.set(m[1]!, owner);
  }
  return { tables, functions };
}

const ownerLine = (sqlText: string) => /^-- owner: ([a-z-]+)\s*$/m.exec(sqlText)?.[1];
const saysReadModel = (sqlText: string) => /^-- read model: \S/m.test(sqlText);

type Named = { name: string; owner: string; at: number; write: boolean; call: boolean };

/**
 * The tables and functions a piece of SQL text names: a table after from, join, update, into, table, copy,
 * truncate, setof, only, on or references (quoted or not, whole word, `public.` or not, and each table of a
 * `from a x, b y` list); a function where it is called. `at` is the offset in the text.
 */
function namedIn(text: string, owners: Owners): Named[] {
  const found = new Map<string, Named>();
  const add = (name: string, at: number, write: boolean, call: boolean) => {
    const owner = call ? owners.functions.get(name) : owners.tables.get(name);
    const key = `${at}:${name}`;
    if (owner && !found.has(key)) found.set(key, { name, owner, at, write, call });
  };
  const ident = String.raw`(?:"?public"?\s*\.\s*)?"?([a-z_][a-z0-9_]*)"?(?![\w".])`;
  // The name is looked ahead at, not taken, so `truncate table users` still finds `table users`.
  const keyword = new RegExp(
    String.raw`\b(from|join|update|into|table|copy|truncate|setof|only|on|references)\s+(?=(?:only\s+)?${ident})`,
    'gi',
  );
  for (const m of text.matchAll(keyword)) {
    const word = m[1]!.toLowerCase();
    const before = text.slice(0, m.index);
    const write =
      ['update', 'into', 'truncate'].includes(word) ||
      (word === 'table' && /\btruncate\s+$/i.test(before)) ||
      (word === 'from' && /\bdelete\s+$/i.test(before));
    add(m[2]!.toLowerCase(), text.indexOf(m[2]!, m.index + m[0].length), write, false);
  }
  // The rest of a from list: `from teams t, users u`.
  const fromList =
    /\bfrom\s+([^;()]*?)(?=\b(?:where|join|left|right|inner|full|cross|natural|group|order|limit|offset|union|returning|having|window|for|on|set)\b|[;()]|$)/gi;
  for (const m of text.matchAll(fromList)) {
    let offset = m.index + m[0].length - m[1]!.length;
    for (const item of m[1]!.split(',')) {
      const first = new RegExp(String.raw`^\s*${ident}`, 'i').exec(item);
      if (first) add(first[1]!.toLowerCase(), offset + first[0].lastIndexOf(first[1]!), false, false);
      offset += item.length + 1;
    }
  }
  for (const m of text.matchAll(/(?<![\w.])"?([a-z_][a-z0-9_]*)"?\s*\(/gi))
    add(m[1]!.toLowerCase(), m.index + m[0].indexOf(m[1]!), false, true);
  return [...found.values()];
}

/** Where each piece of SQL text of a TypeScript file starts, and its raw text (its literals; comments and code left out). */
function literalPieces(file: string, source: string): { text: string; start: number }[] {
  const pieces: { text: string; start: number }[] = [];
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      const start = node.getStart(sf);
      pieces.push({ text: source.slice(start, node.getEnd()), start });
    }
    // A bare name handed to sql.raw or sql.identifier is a table named as well: `sql.raw('users')`.
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['raw', 'identifier'].includes(node.expression.name.text)
    ) {
      const [arg] = node.arguments;
      if (arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg))) {
        pieces.push({ text: `from "${arg.text}"`, start: arg.getStart(sf) - 'from '.length });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return pieces;
}

/** SQL with its comments blanked out (offsets kept, so lines still count right). */
const withoutComments = (sqlText: string) =>
  sqlText.replace(/--[^\n]*/g, (c) => ' '.repeat(c.length)).replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));

const lineAt = (text: string, at: number) => text.slice(0, Math.max(0, at)).split('\n').length;

/** What a file may name: its module's tables and functions (undefined: none), and whether it is a read model. */
type Allowed = { owner: string | undefined; readModel: boolean };

function crossingsIn(rel: string, pieces: { text: string; start: number }[], whole: string, allowed: Allowed, owners: Owners): string[] {
  const out: string[] = [];
  for (const piece of pieces) {
    for (const n of namedIn(piece.text, owners)) {
      if (n.owner === allowed.owner) continue;
      if (allowed.readModel && !n.write && !n.call) continue;
      const what = n.call ? `${n.name}()` : n.name;
      out.push(
        `${rel}:${lineAt(whole, piece.start + n.at)}: ${what} (${n.owner}'s)${allowed.readModel ? ', written by a read model' : ''}`,
      );
    }
  }
  return out;
}

/** The crossings of one TypeScript file of the server, by where it is (path relative to the repository). */
function tsCrossings(rel: string, source: string, owners: Owners): string[] {
  const inServer = path.posix.relative('apps/server/src', rel);
  const moduleName = /^modules\/([^/]+)\//.exec(inServer)?.[1];
  const owner = moduleName ?? (inServer.startsWith('providers/') ? 'platform' : undefined);
  return crossingsIn(rel, literalPieces(rel, source), source, { owner, readModel: readModels.has(rel) }, owners);
}

/** The crossings of one SQL file of src/db/sql (or that it says no owner). */
function sqlCrossings(rel: string, text: string, owners: Owners): string[] {
  const owner = ownerLine(text);
  if (!owner) return [`${rel}:1: says no owner (a "-- owner: <module>" line at its top)`];
  const modules = new Set([...owners.tables.values()]);
  if (!modules.has(owner)) return [`${rel}:1: owner ${owner} owns no table (db/schema/${owner}.ts)`];
  const bare = withoutComments(text);
  return crossingsIn(rel, [{ text: bare, start: 0 }], text, { owner, readModel: saysReadModel(text) }, owners);
}

const serverFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return serverFiles(full);
    return full.endsWith('.ts') && !full.endsWith('.test.ts') && !full.endsWith('.test-helper.ts') ? [full] : [];
  });
const rel = (full: string) => path.relative(repo, full).split(path.sep).join('/');
const sqlFiles = readdirSync(sqlFolder)
  .filter((f) => f.endsWith('.sql'))
  .map((f) => ({ file: rel(path.join(sqlFolder, f)), text: readFileSync(path.join(sqlFolder, f), 'utf8') }));
const owners = ownersOf(sqlFiles);

describe('modules own their tables in raw SQL too', () => {
  it("finds every module's tables in the schema, and the SQL files' functions", () => {
    expect(owners.tables.get('form_responses')).toBe('leads');
    expect(owners.tables.get('users')).toBe('users');
    expect(owners.tables.get('ticket_chats')).toBe('support');
    expect(owners.functions.get('submit_lead')).toBe('leads');
    expect(owners.functions.get('add_ticket_chat')).toBe('support');
    expect(owners.functions.has('lead_status_approved')).toBe(false);
  });

  it("no server file outside db/ and the seed names another module's table or function in its SQL text", () => {
    const outside = ['db', 'seed'].map((d) => path.join(src, d) + path.sep);
    const files = serverFiles(src).filter((f) => !outside.some((d) => f.startsWith(d)));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => tsCrossings(rel(f), readFileSync(f, 'utf8'), owners))).toEqual([]);
  });

  it("each SQL file of src/db/sql says its owner and names only its tables (a read model reads others')", () => {
    expect(sqlFiles.length).toBeGreaterThan(3);
    expect(sqlFiles.flatMap((f) => sqlCrossings(f.file, f.text, owners))).toEqual([]);
  });

  it("docs/architecture.md's ownership table names every module's tables as the schema does", () => {
    const doc = readFileSync(path.join(repo, 'docs/architecture.md'), 'utf8');
    const table = doc.slice(doc.indexOf('| module | tables |'));
    const documented = new Map<string, string>();
    for (const line of table.split('\n').slice(2)) {
      const row = /^\| ([a-z-]+) \| (.+) \|$/.exec(line);
      if (!row) break;
      for (const name of row[2]!.matchAll(/`([a-z_]+)`/g)) documented.set(name[1]!, row[1]!);
    }
    expect(Object.fromEntries([...documented].sort())).toEqual(Object.fromEntries([...owners.tables].sort()));
  });

  it('each read model exists and says so at its top', () => {
    for (const file of readModels) {
      const top = readFileSync(path.join(repo, file), 'utf8').split('\n').slice(0, 20).join('\n');
      expect(top, file).toMatch(/Read model:/);
    }
  });

  describe('bites', () => {
    const team = 'apps/server/src/modules/team/lead-count.ts';
    it("refuses a module's SQL naming another module's table, quoted or not, in a from list, or through sql.raw", () => {
      const code = [
        "import { sql } from 'drizzle-orm';",
        'export const mine = sql`select count(*) from form_responses where partner_user_id = ${1}`;',
        'export const named = sql`select u.name from teams t join "users" u on u.user_id = t.manager_id`;',
        "export const listed = 'select 1 from team_members m, public.users u where u.user_id = m.user_id';",
        "export const raw = sql`select name from ${sql.raw('users')}`;",
        'export const wrote = sql`insert into "wallet_transactions" (user_id) values (1)`;',
      ].join('\n');
      expect(tsCrossings(team, code, owners)).toEqual([
        `${team}:2: form_responses (leads's)`,
        `${team}:3: users (users's)`,
        `${team}:4: users (users's)`,
        `${team}:5: users (users's)`,
        `${team}:6: wallet_transactions (wallet's)`,
      ]);
    });

    it("refuses a call of another module's SQL function", () => {
      expect(tsCrossings(team, "export const q = sql`select * from submit_lead(${'k'}::text)`;", owners)).toEqual([
        `${team}:1: submit_lead() (leads's)`,
      ]);
    });

    it('lets the owner name its tables, and reads no comment, column or word that only looks like a table', () => {
      const code = [
        '// Counts the members from users who joined from team_members (a comment).',
        'export const q = sql`select users_count, t.jobs from teams t join team_members m on m.team_id = t.team_id`;',
        "export const words = 'users';",
      ].join('\n');
      expect(tsCrossings(team, code, owners)).toEqual([]);
      expect(
        tsCrossings('apps/server/src/modules/leads/lead-count.ts', 'export const q = sql`select 1 from form_responses`;', owners),
      ).toEqual([]);
    });

    it('lets a read model read across modules, never write', () => {
      const csv = 'apps/server/src/modules/partner-report/csv.ts';
      expect(
        tsCrossings(csv, 'export const q = sql`select 1 from form_responses fr join jobs j on j.job_id = fr.job_id`;', owners),
      ).toEqual([]);
      expect(tsCrossings(csv, 'export const q = sql`update users set blocked = true`;', owners)).toEqual([
        `${csv}:1: users (users's), written by a read model`,
      ]);
    });

    it('refuses code outside the modules any table', () => {
      expect(tsCrossings('apps/server/src/http/who.ts', 'export const q = sql`select 1 from sessions`;', owners)).toEqual([
        "apps/server/src/http/who.ts:1: sessions (sessions's)",
      ]);
    });

    it("refuses a SQL file without an owner, or naming another module's table outside its comments", () => {
      const file = 'apps/server/src/db/sql/team-counts.sql';
      expect(sqlCrossings(file, 'select 1;', owners)).toEqual([`${file}:1: says no owner (a "-- owner: <module>" line at its top)`]);
      const text = ['-- owner: team', '-- Counts leads from form_responses (a comment).', 'SELECT count(*) FROM "form_responses";'].join(
        '\n',
      );
      expect(sqlCrossings(file, text, owners)).toEqual([`${file}:3: form_responses (leads's)`]);
      const readModel = [
        '-- owner: team',
        '-- read model: counts the leads in the same statement.',
        'DELETE FROM "form_responses";',
        'SELECT 1 FROM form_responses;',
      ].join('\n');
      expect(sqlCrossings(file, readModel, owners)).toEqual([`${file}:3: form_responses (leads's), written by a read model`]);
    });
  });
});
