import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '@pmw/contract/locale';

type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;

/**
 * `<link rel=modulepreload>` for the texts a built page loads before it shows
 * in a language (the `messages.{locale}` chunks its entry and the entry's
 * static imports load), so they download beside the entry instead of after
 * it has run. `entry` is the page's key in Vite's manifest (`index.html`,
 * `pages/team.html`). Nothing without a manifest.
 */
export function createTextPreloads(dist: string) {
  let manifest: Manifest | null | undefined;
  const cache = new Map<string, string>();
  return (entry: string, locale: Locale): string => {
    const key = `${entry} ${locale}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    if (manifest === undefined) {
      try {
        manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      } catch {
        manifest = null;
      }
    }
    const m = manifest;
    if (!m) return '';
    const wanted = (k: string) => k.endsWith(`/messages.${locale}.ts`);
    const files = new Set<string>();
    const seen = new Set<string>();
    const walk = (k: string, collect: boolean) => {
      if (seen.has(k) || !m[k]) return;
      seen.add(k);
      if (collect) files.add(m[k].file);
      for (const i of m[k].imports ?? []) walk(i, collect);
      if (!collect) for (const d of m[k].dynamicImports ?? []) if (wanted(d)) walk(d, true);
    };
    walk(entry, false);
    const links = [...files].map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
    cache.set(key, links);
    return links;
  };
}
