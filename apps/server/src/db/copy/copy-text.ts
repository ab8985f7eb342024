/**
 * The rows of `COPY ... TO STDOUT` in PostgreSQL's text format: a row a line,
 * fields split by tabs, NULL as \N, and a backslash before a backslash, a tab
 * or a line break inside a value (written as \\, \t, \n, \r, and \b, \f, \v
 * for those control characters). Real tabs and line breaks only ever separate,
 * so a line is split on them first and a field is unescaped only when it holds
 * a backslash.
 */
export function copyTextRows(text: string): (string | null)[][] {
  const rows: (string | null)[][] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    rows.push(text.slice(start, end).split('\t').map(copyTextField));
    start = end + 1;
  }
  return rows;
}

const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };

function copyTextField(field: string): string | null {
  if (field === '\\N') return null;
  if (!field.includes('\\')) return field;
  // Any other escaped character stands for itself (a backslash, or the delimiter).
  return field.replace(/\\(.)/gs, (_, c: string) => ESCAPES[c] ?? c);
}
