// Builds the browser app (the SPA and one light entry per public page), then
// the bundle the server renders public pages with, into OUT/.ssr.
import path from 'node:path';
import { build } from 'vite';
import { enforceBudgets } from './budget.mjs';

/** Each server-rendered page's module (`.ssr/{page}.js`, exporting `render(locale, data)`). */
const SERVER_PAGES = {
  utm: 'src/features/campaign/page.server.tsx',
  application: 'src/features/candidate/page.server.tsx',
  fb: 'src/features/feedback/page.server.tsx',
};

const i = process.argv.indexOf('--outDir');
const outDir = path.resolve(i > 0 ? process.argv[i + 1] : 'dist');
const logLevel = process.argv.includes('--quiet') ? 'warn' : 'info';

await build({ logLevel, build: { outDir, emptyOutDir: true } });
await build({
  logLevel,
  publicDir: false,
  build: { ssr: true, outDir: path.join(outDir, '.ssr'), emptyOutDir: false, manifest: false, rollupOptions: { input: SERVER_PAGES, output: { entryFileNames: '[name].js' } } },
});

// The size budgets of the pages people open from a link: over one, the build fails.
enforceBudgets(outDir);
