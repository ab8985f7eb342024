// The size budget of the pages a visitor opens from a link (public pages, and the team area and partner portal logins): the gzip -9 size
// of every JS and CSS file a page loads before anyone touches it (its entry,
// the entry's static imports, their CSS, and the texts of its language it
// loads before it shows, in English and in Hindi), from Vite's manifest. The
// build fails over a budget.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Pages, the manifest entry each loads, and the most gzip -9 bytes it may load before interaction. */
export const BUDGETS = [
  { page: '/utm/{code}', entry: 'pages/utm.html', maxBytes: 70 * 1024 },
  { page: '/fb/...', entry: 'pages/fb.html', maxBytes: 70 * 1024 },
  { page: '/application/...', entry: 'pages/application.html', maxBytes: 70 * 1024 },
  { page: '/utm/{code} in Hindi', entry: 'pages/utm.html', locale: 'hi', maxBytes: 70 * 1024 },
  { page: '/fb/... in Hindi', entry: 'pages/fb.html', locale: 'hi', maxBytes: 70 * 1024 },
  { page: '/application/... in Hindi', entry: 'pages/application.html', locale: 'hi', maxBytes: 70 * 1024 },
  // The signed-in areas a link opens, each from its own entry: the login is the first screen.
  { page: '/mt/...', entry: 'pages/team.html', maxBytes: 100 * 1024 },
  { page: '/partner/', entry: 'pages/partner.html', maxBytes: 100 * 1024 },
  { page: '/mt/... in Hindi', entry: 'pages/team.html', locale: 'hi', maxBytes: 100 * 1024 },
  { page: '/partner/ in Hindi', entry: 'pages/partner.html', locale: 'hi', maxBytes: 100 * 1024 },
];

/** The files (JS and CSS) a manifest entry loads before interaction in a language, each once. */
export function pageFiles(manifest, entry, also = [], locale = 'en') {
  const isCatalogue = (key) => key.endsWith(`messages.${locale}.ts`);
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (/\.(js|css)$/.test(chunk.file)) files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const k of chunk.imports ?? []) visit(k);
    for (const k of chunk.dynamicImports ?? []) if (isCatalogue(k)) visit(k);
  };
  visit(entry);
  for (const key of also) visit(key);
  return [...files];
}

/**
 * Each budget's page with its files and total; `over` lists the pages past
 * their budget. `sizeOf(file)` answers a file's gzip -9 size.
 */
export function checkBudgets(manifest, sizeOf, budgets = BUDGETS) {
  const pages = budgets
    .filter((b) => manifest[b.entry])
    .map((b) => {
      const files = pageFiles(manifest, b.entry, b.also, b.locale)
        .map((file) => ({ file, bytes: sizeOf(file) }))
        .sort((a, z) => z.bytes - a.bytes);
      const bytes = files.reduce((s, f) => s + f.bytes, 0);
      return { ...b, files, bytes, requests: files.length, over: bytes > b.maxBytes && b.enforced !== false };
    });
  return { pages, over: pages.filter((p) => p.over) };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** The report a person reads; a page over budget names its biggest files. */
export function budgetReport({ pages }) {
  return pages
    .map((p) => {
      const state = p.over ? 'OVER' : p.bytes > p.maxBytes ? 'over (not enforced)' : 'ok  ';
      const line = `${state} ${p.page}: ${kb(p.bytes)} of ${kb(p.maxBytes)} in ${p.requests} files`;
      return p.over
        ? `${line}\n${p.files
            .slice(0, 5)
            .map((f) => `       ${kb(f.bytes)}  ${f.file}`)
            .join('\n')}`
        : line;
    })
    .join('\n');
}

export const gzipSize = (dir) => (file) => gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;

/** Checks a built directory; throws naming every page over its budget. */
export function enforceBudgets(outDir, log = console.log) {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  const result = checkBudgets(manifest, gzipSize(outDir));
  log(budgetReport(result));
  if (result.over.length > 0)
    throw new Error(`Size budget passed: ${result.over.map((p) => `${p.page} (${kb(p.bytes)} > ${kb(p.maxBytes)})`).join(', ')}`);
  return result;
}
