import { z } from 'zod';

/**
 * The base schemas every request schema is built from, so bad input is a 400
 * that names the field instead of an error from the database: PostgreSQL
 * refuses a NUL character in text and jsonb, and every id and count column is
 * an int4. Use these instead of `z.string()`, `z.number().int()` and
 * `z.coerce.number()`; the input sweep test sends a NUL and 2^31 to every
 * field of every route.
 */

export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

export const baseMessages = {
  nul: 'must not contain a NUL character',
  tooBig: `must be at most ${INT4_MAX}`,
  tooSmall: `must be at least ${INT4_MIN}`,
  webUrl: 'must be a web address starting with https://',
  number: 'must be a number',
} as const;

export { atMostChars, fieldWords, tooLongMessage } from './field-words';

type StringParams = Parameters<typeof z.string>[0];
type NumberParams = Parameters<typeof z.number>[0];

const hasNul = (s: string) => s.includes('\u0000');

/**
 * A schema helper that hands out one shared schema when called without params.
 * The contract calls these about 750 times at load, and every zod step
 * (string, refine, int, min, max) builds a new schema: 50-100 µs each before
 * the code is warm, on the server's start and on a phone opening the app.
 * Schemas are immutable (`.nullable()`, `.max()` and the rest return new
 * ones), so sharing the base is safe.
 */
function sharedWithoutParams<P, S>(make: (params?: P) => S): (params?: P) => S {
  const shared = make();
  return (params) => (params === undefined ? shared : make(params));
}

/** Any text: refuses NUL, which no column can store. */
export const text = sharedWithoutParams((params?: StringParams) => z.string(params).refine((s) => !hasNul(s), { error: baseMessages.nul }));

/** An integer that fits an int4 column. */
export const int = sharedWithoutParams((params?: NumberParams) =>
  z.number(params).int().min(INT4_MIN, baseMessages.tooSmall).max(INT4_MAX, baseMessages.tooBig),
);

/**
 * An integer that is never stored in an int4 (sums of money in paise, epoch
 * milliseconds): answers only, never an id or a count a caller sends.
 */
export const bigInt = sharedWithoutParams((params?: NumberParams) => z.number(params).int());

/** An integer from a query string, a path or a form field: coerced, then int4. */
export const coerceInt = sharedWithoutParams((params?: NumberParams) =>
  z.coerce.number(params).int().min(INT4_MIN, baseMessages.tooSmall).max(INT4_MAX, baseMessages.tooBig),
);

/**
 * A search text that is an id (all digits, a positive int4), or undefined: a
 * search box that also finds by id compares with an id column only then, so a
 * longer run of digits searches as text instead of failing the query.
 */
export function searchedId(search: string): number | undefined {
  if (!/^[0-9]{1,10}$/.test(search)) return undefined;
  const id = Number(search);
  return id >= 1 && id <= INT4_MAX ? id : undefined;
}

/** Query values arrive as strings; these coerce them the way forms send them. */
export const queryInt = coerceInt();

/** `a,b,c` or repeated keys, as int4 numbers. */
export const queryIntList = z
  .union([text(), z.array(text()), z.number(), z.array(z.number())])
  .transform((v) => (Array.isArray(v) ? v : String(v).split(',')).filter((s) => String(s) !== '').map(Number))
  .pipe(z.array(int()));

/** True for an absolute http(s) URL; `allowHttp` is false in production. */
export function isWebUrl(value: string, opts: { allowHttp: boolean } = { allowHttp: true }): boolean {
  if (hasNul(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (!url.hostname) return false;
  return url.protocol === 'https:' || (opts.allowHttp && url.protocol === 'http:');
}

/**
 * A link an ops user sets and a browser later opens: http or https only, never
 * `javascript:`, `data:` or anything else. The server refuses plain http in
 * production on top of this (see `isWebUrl`).
 */
export const webUrl = (message: string = baseMessages.webUrl) =>
  text()
    .trim()
    .max(2000)
    .refine((v) => isWebUrl(v), { error: message });
