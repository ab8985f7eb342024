import type { z } from 'zod';

/**
 * The fields a caller fills in, read from a route's params, query or body
 * schema, and a plain value that satisfies the schema's shape. The input
 * sweeps use them to send a bad value to every field of every route without
 * a list to keep up to date.
 */

export type FieldKind = 'string' | 'int' | 'number';
export interface InputField {
  path: (string | number)[];
  kinds: Set<FieldKind>;
  schema: z.ZodType;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
  getter?: () => z.ZodType;
}
const def = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);
const num = (s: z.ZodType) => s as unknown as { isInt: boolean; minValue: number | null; maxValue: number | null };
const str = (s: z.ZodType) => s as unknown as { minLength: number | null; maxLength: number | null };

/** What kinds of value a schema takes anywhere inside it. */
function kindsOf(s: z.ZodType, out = new Set<FieldKind>(), depth = 0): Set<FieldKind> {
  if (depth > 20) return out;
  const d = def(s);
  if (d.type === 'string') out.add('string');
  else if (d.type === 'number') out.add(num(s).isInt ? 'int' : 'number');
  else if (d.type === 'object') for (const v of Object.values(d.shape ?? {})) kindsOf(v, out, depth + 1);
  for (const k of [d.innerType, d.element, d.in, d.out, d.left, d.right, d.valueType, ...(d.options ?? [])])
    if (k) kindsOf(k, out, depth + 1);
  if (d.type === 'lazy' && d.getter) kindsOf(d.getter(), out, depth + 1);
  return out;
}

function walk(s: z.ZodType, path: (string | number)[], out: InputField[], field: z.ZodType): void {
  const d = def(s);
  if (WRAPPERS.has(d.type) && d.innerType) return walk(d.innerType, path, out, field);
  if (d.type === 'object') {
    for (const [k, v] of Object.entries(d.shape ?? {})) walk(v, [...path, k], out, v);
    return;
  }
  if (d.type === 'array' && d.element) return walk(d.element, [...path, 0], out, d.element);
  if (d.type === 'intersection' && d.left && d.right) {
    walk(d.left, path, out, d.left);
    walk(d.right, path, out, d.right);
    return;
  }
  if (d.type === 'union' && d.options?.every((o) => def(o).type === 'object')) return walk(d.options[0]!, path, out, d.options[0]!);
  const kinds = kindsOf(s);
  if (kinds.size && path.length) out.push({ path, kinds, schema: field });
}

/** Every field of a schema that takes a string or a number, with its path. */
export function inputFields(schema: z.ZodType | undefined): InputField[] {
  const out: InputField[] = [];
  if (schema) walk(schema, [], out, schema);
  return out;
}

const HINTS: [RegExp, string][] = [
  [/mobile/, '9876500001'],
  [/otp$/, '1234'],
  [/pincode/, '560001'],
  [/email/, 'a@example.in'],
  [/pan/, 'ABCDE1234F'],
  [/ifsc/, 'SBIN0000001'],
  [/team_code/, 'TEAM01'],
  [/utm_code|^code$/, 'asha01'],
  [/date|_on$/, '2026-01-02'],
  [/time|start|end/, '10:30'],
  [/key$/, 'key-1234567890'],
];

/** A value of the schema's shape: required fields only, the first option of each choice. */
export function sampleValue(s: z.ZodType | undefined, name = ''): unknown {
  if (!s) return undefined;
  const d = def(s);
  switch (d.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return undefined;
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return d.innerType ? sampleValue(d.innerType, name) : undefined;
    case 'object': {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(d.shape ?? {})) {
        const value = sampleValue(v, k);
        if (value !== undefined) o[k] = value;
      }
      return o;
    }
    case 'array': {
      const min = (s as unknown as { _zod: { bag: { minimum?: number } } })._zod.bag.minimum ?? 0;
      return Array.from({ length: Math.max(min, 0) }, () => sampleValue(d.element!, name));
    }
    case 'string': {
      const hint = HINTS.find(([re]) => re.test(name))?.[1];
      if (hint) return hint;
      const { minLength, maxLength } = str(s);
      return 'a'.repeat(Math.min(Math.max(minLength ?? 0, 3), maxLength ?? 3));
    }
    case 'number': {
      const { minValue, maxValue } = num(s);
      const v = minValue != null && minValue >= 1 ? minValue : 1;
      return maxValue != null && v > maxValue ? maxValue : v;
    }
    case 'boolean':
      return false;
    case 'literal':
      return d.values?.[0];
    case 'enum':
      return Object.values(d.entries ?? {})[0];
    case 'union':
      return sampleValue(d.options![0]!, name);
    case 'pipe':
      return sampleValue(d.in!, name);
    case 'intersection':
      return { ...(sampleValue(d.left!, name) as object), ...(sampleValue(d.right!, name) as object) };
    case 'record':
      return {};
    case 'null':
      return null;
    default:
      return undefined;
  }
}

/** A copy of `value` with `path` set, making the objects and arrays on the way. */
export function withPath(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (!path.length) return leaf;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const arr = Array.isArray(value) ? [...(value as unknown[])] : [];
    arr[head] = withPath(arr[head], rest, leaf);
    return arr;
  }
  const obj = value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  obj[head!] = withPath(obj[head!], rest, leaf);
  return obj;
}
