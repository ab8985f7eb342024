import { describe, expect, it } from 'vitest';
import { allRoutes } from './routes';

describe('the route list', () => {
  it('holds each method and path once', () => {
    const keys = allRoutes().map((r) => `${r.def.method} ${r.def.path}`);
    expect(keys.length).toBeGreaterThan(140);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('says what each route is for, in one line (the API reference shows it)', () => {
    const without = allRoutes()
      .filter(({ def }) => !def.summary?.trim() || /\n/.test(def.summary) || def.summary.length > 120)
      .map(({ group, name, def }) => `${group}.${name} ${def.method} ${def.path}`);
    expect(without).toEqual([]);
  });
});
