/**
 * Text the product writes into a spreadsheet (CSV or xlsx) is defused so a
 * spreadsheet program never runs it as a formula (OWASP "CSV injection").
 *
 * The rule, byte for byte, for every text cell of every file the product
 * writes: when the text's first character is one of
 *   =  +  -  @  TAB (U+0009)  CR (U+000D)
 * a single quote (') is put in front of it; nothing else changes. Numbers
 * written as numbers are left alone (-5 stays -5); the same value written as
 * text ("-5") is defused. CSV quoting (RFC 4180) comes after: a field holding
 * a comma, a double quote, CR or LF is put in double quotes with its double
 * quotes doubled. In SQL the same rule is
 *   CASE WHEN v ~ '^[=+\-@\t\r]' THEN '''' || v ELSE v END
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV field: text defused, then quoted when it must be; numbers as they are; null empty. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const s = typeof value === 'string' ? defuseFormula(value) : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV line ending in CRLF. */
export const csvLine = (fields: readonly (string | number | null | undefined)[]) => `${fields.map(csvField).join(',')}\r\n`;
