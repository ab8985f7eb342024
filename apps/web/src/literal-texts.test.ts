import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every word a person reads on a screen comes from a catalogue by its key.
 * This lists any word written straight into a component: JSX text, the
 * literal of an attribute a person reads or hears (aria-label, placeholder,
 * title, alt), and a text handed to the message bar as a literal or as one of
 * the contract's English constants (`messages.networkError`), which the bar
 * shows as it is. Not words (symbols, names of the product) are allowed
 * below, each with its reason.
 */
const root = path.resolve(import.meta.dirname);
/** Attributes and props a person reads or hears: aria-label, placeholder, title, alt, and a component's label, title, subtitle, message… */
const READ_ATTRIBUTE =
  /^(aria-label|aria-description|aria-placeholder|aria-roledescription|placeholder|alt)$|label|title|text|message|hint|caption|heading|description/i;
/** Calls whose text argument is put on screen as it is. */
const SHOWN_CALLS = new Set(['showSuccess', 'showMessage', 'showError']);
/** The contract's objects that name texts by their English words (`messages`, `profileMessages`, `supportTexts`). */
const ENGLISH_CONSTANTS = /^(messages|\w+Messages|\w+Texts)$/;
/** Attributes that name an id, a key or a keyboard hint, not words. */
const NOT_READ = /labelledby|describedby|id$|Id$|Key$|keyhint/i;
const WORD = /[A-Za-z]{2,}|\p{Script=Devanagari}/u;

const allowed: { text: string; reason: string }[] = [
  { text: 'PickMyWork', reason: "the product's name, written the same in every language" },
  { text: 'PMW', reason: "the prefix of a person's id (PMW204), the same in every language" },
  { text: 'PMW101', reason: "an example of a person's id, as ops type it" },
  { text: '#1d4ed8', reason: 'an example of a colour code' },
  { text: 'Name,Mobile Rohit Sharma,9811122233', reason: "an example of the customers file: the file's own column names and a row" },
  {
    text: 'mobile,account_number,amount,date 9876500101,9876500101,239,2026-01-15',
    reason: "an example of the recharges file: the file's own column names and a row",
  },
];

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.tsx?$/.test(full) && !/\.test\.tsx?$/.test(full) && !/messages(\.\w+)?\.ts$/.test(full) ? [full] : [];
  });

/** The words of a literal expression (a string, a template's fixed parts, either side of a condition). */
function literalWords(node: ts.Node): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
  if (ts.isConditionalExpression(node)) return [...literalWords(node.whenTrue), ...literalWords(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind !== ts.SyntaxKind.PlusToken) return literalWords(node.right);
  if (ts.isParenthesizedExpression(node)) return literalWords(node.expression);
  return [];
}

/** The contract's English constants an expression says (`profileMessages.updated`, either side of a condition or an `||`). */
function englishConstants(node: ts.Node): string[] {
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && ENGLISH_CONSTANTS.test(node.expression.text))
    return [node.getText()];
  if (ts.isConditionalExpression(node)) return [...englishConstants(node.whenTrue), ...englishConstants(node.whenFalse)];
  if (ts.isBinaryExpression(node)) return [...englishConstants(node.left), ...englishConstants(node.right)];
  if (ts.isParenthesizedExpression(node)) return englishConstants(node.expression);
  return [];
}

export function literalTexts(file: string, source: string): string[] {
  const found: string[] = [];
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const note = (node: ts.Node, text: string) => {
    const words = text.replace(/\s+/g, ' ').trim();
    if (!WORD.test(words) || allowed.some((a) => a.text === words)) return;
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    found.push(`${path.relative(root, file)}:${line + 1}: ${words}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) note(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent)) {
      for (const words of literalWords(node.expression)) note(node, words);
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && SHOWN_CALLS.has(node.expression.text)) {
      const text = node.arguments[node.expression.text === 'showMessage' ? 1 : 0];
      if (text) for (const words of [...literalWords(text), ...englishConstants(text)]) note(node, words);
    } else if (
      ts.isJsxAttribute(node) &&
      READ_ATTRIBUTE.test(node.name.getText(sf)) &&
      !NOT_READ.test(node.name.getText(sf)) &&
      node.initializer
    ) {
      const init = node.initializer;
      const expr = ts.isJsxExpression(init) ? init.expression : init;
      if (expr) for (const words of literalWords(expr)) note(node, words);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('words on screen', () => {
  // Reading every source file takes a few seconds, more on a busy machine.
  it('come from catalogues: no literal text in a component', () => {
    const found = files(root).flatMap((file) => literalTexts(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  }, 120_000);

  it('notices a literal text, a read attribute and a condition', () => {
    const source = `export const A = () => <p title="Open menu">Hello {x ? 'Yes' : t('no')}<i aria-label={\`Close \${n}\`} />→ {'·'}</p>; showSuccess('Saved'); showError(r.message || messages.networkError); showSuccess(res.message);`;
    expect(literalTexts(path.join(root, 'a.tsx'), source).map((s) => s.replace(/^.*?: /, ''))).toEqual([
      'Open menu',
      'Hello',
      'Yes',
      'Close',
      'Saved',
      'messages.networkError',
    ]);
  });
});
