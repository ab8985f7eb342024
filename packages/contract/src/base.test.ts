import { describe, expect, it } from 'vitest';
import { INT4_MAX, coerceInt, int, isWebUrl, queryIntList, searchedId, text, webUrl } from './base';
import { allRoutes } from './routes';
import { inputFields } from './schema-fields';

const NUL = 'a\u0000b';
const TOO_BIG = 2 ** 31;

describe('the base schemas', () => {
  it('refuse a NUL in text and integers outside int4', () => {
    expect(text().safeParse(NUL).success).toBe(false);
    expect(text().safeParse('fine').success).toBe(true);
    expect(int().safeParse(INT4_MAX).success).toBe(true);
    expect(int().safeParse(TOO_BIG).success).toBe(false);
    expect(int().safeParse(-TOO_BIG - 1).success).toBe(false);
    expect(coerceInt().safeParse(String(TOO_BIG)).success).toBe(false);
    expect(coerceInt().safeParse('\u0000').success).toBe(false);
    expect(queryIntList.safeParse(`1,${TOO_BIG}`).success).toBe(false);
    expect(queryIntList.safeParse('1,2').data).toEqual([1, 2]);
  });

  it('read a search text as an id only when it fits an id column', () => {
    expect(searchedId('201')).toBe(201);
    expect(searchedId(String(INT4_MAX))).toBe(INT4_MAX);
    expect(searchedId(String(TOO_BIG))).toBeUndefined();
    expect(searchedId('9876500001')).toBeUndefined();
    expect(searchedId('0')).toBeUndefined();
    expect(searchedId('12a')).toBeUndefined();
    expect(searchedId('')).toBeUndefined();
  });

  it('keep their rules apart when one is narrowed or given its own messages', () => {
    const short = text().max(3);
    const optional = int().nullable();
    expect(short.safeParse('abcd').success).toBe(false);
    expect(text().safeParse('abcd').success).toBe(true);
    expect(short.safeParse(NUL).success).toBe(false);
    expect(optional.safeParse(null).success).toBe(true);
    expect(int().safeParse(null).success).toBe(false);
    expect(optional.safeParse(TOO_BIG).success).toBe(false);
    const named = text({ error: 'Name is required' });
    expect(named.safeParse(undefined).error?.issues[0]?.message).toBe('Name is required');
    expect(text().safeParse(undefined).error?.issues[0]?.message).not.toBe('Name is required');
    expect(named.safeParse(NUL).success).toBe(false);
  });

  it('take only http and https links', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'ftp://x.in/a',
      '//x.in',
      '/path',
      'https://x.in/\u0000',
    ]) {
      expect(webUrl().safeParse(bad).success, bad).toBe(false);
    }
    expect(webUrl().safeParse('https://x.in/a?b=1').success).toBe(true);
    expect(isWebUrl('http://x.in', { allowHttp: true })).toBe(true);
    expect(isWebUrl('http://x.in', { allowHttp: false })).toBe(false);
    expect(isWebUrl('https://x.in', { allowHttp: false })).toBe(true);
  });
});

describe('every field of every route', () => {
  const fields = allRoutes().flatMap(({ group, name, def }) =>
    (['params', 'query', 'body'] as const).flatMap((where) =>
      inputFields(def[where]).map((f) => ({ at: `${group}.${name} ${where}.${f.path.join('.')}`, ...f })),
    ),
  );

  it('are found', () => {
    expect(fields.length).toBeGreaterThan(200);
  });

  it('refuse a NUL in text', () => {
    const taking = fields.filter((f) => f.kinds.has('string') && f.schema.safeParse(NUL).success).map((f) => f.at);
    expect(taking).toEqual([]);
  });

  it('refuse integers past int4', () => {
    const taking = fields
      .filter((f) => f.kinds.has('int') && (f.schema.safeParse(TOO_BIG).success || f.schema.safeParse(String(TOO_BIG)).success))
      .map((f) => f.at);
    expect(taking).toEqual([]);
  });
});
