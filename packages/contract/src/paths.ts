/** Path helpers without schemas, so the app's root chunk need not load zod. */
export const API_PREFIX = '/api/v2';

/** Fills `:name` segments of a route path. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * A call a first screen makes before anyone acts (a login page's session
 * check), named without its schemas so that screen's chunk need not load zod.
 * `D` is the answer's type, from the route's schema (`import type`). The
 * browser reads the answer unparsed: the server built it from the same
 * schema. A test keeps each such call equal to its route's method and path.
 */
export interface FirstCall<D> {
  method: 'GET';
  path: string;
  /** Never set: carries the answer's type. */
  readonly answer?: D;
}
