import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every text the server answers a person with is said by its message code
 * (`say('team.inviteOnly')`), so it is rendered in the reader's language by
 * the code. This lists any literal words handed to an error, an answer or a
 * localized text instead. A 500's text is never shown (the handler answers
 * "Something went wrong"), so `AppError('INTERNAL', …)` may keep its English
 * for the log.
 */
const root = path.resolve(import.meta.dirname);
const WORD = /[A-Za-z]{2,}|\p{Script=Devanagari}/u;
/** The functions whose argument a person reads, and which argument. */
const SPOKEN: Record<string, number> = {
  badRequest: 0,
  notFound: 0,
  forbidden: 0,
  unauthorized: 0,
  conflict: 0,
  answer: 1,
  speak: 1,
  localize: 0,
  AppError: 1,
  // Words marked as not ours come from a person (a job's closing message), never from the code.
  asTyped: 0,
};

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return full.endsWith('.ts') && !full.endsWith('.test.ts') ? [full] : [];
  });

function literalWords(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
  if (ts.isConditionalExpression(node)) return [...literalWords(node.whenTrue), ...literalWords(node.whenFalse)];
  if (ts.isBinaryExpression(node)) return [...literalWords(node.left), ...literalWords(node.right)];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) return literalWords(node.expression);
  return [];
}

export function literalTexts(file: string, source: string): string[] {
  const found: string[] = [];
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const visit = (node: ts.Node) => {
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text;
      const at = SPOKEN[name];
      const args = node.arguments ?? ts.factory.createNodeArray();
      const internal = name === 'AppError' && args[0] && ts.isStringLiteral(args[0]) && args[0].text === 'INTERNAL';
      const arg = at === undefined || internal ? undefined : args[at];
      for (const words of arg ? literalWords(arg) : []) {
        if (!WORD.test(words)) continue;
        const { line } = sf.getLineAndCharacterOfPosition(arg!.getStart(sf));
        found.push(`${path.relative(root, file)}:${line + 1}: ${words.trim()}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe("the server's words", () => {
  // Reading every source file takes a few seconds, more on a busy machine.
  it('are said by code: no literal text handed to an error or an answer', () => {
    const found = files(root).flatMap((file) => literalTexts(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  }, 120_000);

  it('notices a literal, a template and either side of a condition', () => {
    const source = [
      "throw notFound('Lead not found');",
      'throw new AppError(`CONFLICT`, `File ${id} is taken`);',
      "return answer(r, ok ? say('x.y') : 'Not done');",
      "throw new AppError('INTERNAL', 'Response does not match the contract');",
      "throw badRequest(say('common.invalidRequest'));",
    ].join('\n');
    expect(literalTexts(path.join(root, 'a.ts'), source).map((s) => s.replace(/^.*?: /, ''))).toEqual([
      'Lead not found',
      'File',
      'is taken',
      'Not done',
    ]);
  });
});
