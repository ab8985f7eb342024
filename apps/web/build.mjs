// Builds the browser app (the SPA and one light entry per public page), then
// the bundle the server renders public pages with, into OUT/.ssr.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { enforceBudgets } from './budget.mjs';

/** Each server-rendered page's module (`.ssr/{page}.js`, exporting `render(locale, data)`). */
const SERVER_PAGES = {
  utm: 'src/features/campaign/page.server.tsx',
  application: 'src/features/candidate/page.server.tsx',
  fb: 'src/features/feedback/page.server.tsx',
  team: 'src/features/team/page.server.tsx',
  partner: 'src/features/partner/page.server.tsx',
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

// Hashed assets precompressed once, here (the server sends .br or .gz as the browser accepts, immutable).
const assets = path.join(outDir, 'assets');
for (const name of readdirSync(assets).filter((f) => /\.(js|css|svg)$/.test(f))) {
  const file = path.join(assets, name);
  const bytes = readFileSync(file);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
}

// The size budgets of the pages people open from a link: over one, the build fails.
enforceBudgets(outDir);
