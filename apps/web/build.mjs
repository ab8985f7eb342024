// Builds the browser app (the SPA and one light entry per public page), then
// the bundle the server renders public pages with, into OUT/.ssr.
//
// Always the production build, whatever NODE_ENV the shell has: a build made
// with NODE_ENV=development renders the public pages with React's development
// JSX (they then fail under a production server) and passes every size budget
// by far. The files are made in a folder beside OUT and take its place only
// once the budgets pass; a failed build leaves no build at all for a start to
// take; OUT/build-info.json says how it was made, and the server refuses to
// start on a build that does not say production (src/http/web-build-check.ts).
import { readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { enforceBudgets } from './budget.mjs';

process.env.NODE_ENV = 'production';

/** Each server-rendered page's module (`.ssr/{page}.js`, exporting `render(locale, data)`). */
const SERVER_PAGES = {
  utm: 'src/features/campaign/page.server.tsx',
  application: 'src/features/candidate/page.server.tsx',
  fb: 'src/features/feedback/page.server.tsx',
  team: 'src/features/team/page.server.tsx',
  partner: 'src/features/partner/page.server.tsx',
};

const i = process.argv.indexOf('--outDir');
const finalDir = path.resolve(i > 0 ? process.argv[i + 1] : 'dist');
const outDir = `${finalDir}.building`;
const logLevel = process.argv.includes('--quiet') ? 'warn' : 'info';
const mode = 'production';

rmSync(outDir, { recursive: true, force: true });
try {
  await buildInto();
} catch (err) {
  // Nothing is left for a start to take: neither this build nor the one before it (older than the sources).
  rmSync(outDir, { recursive: true, force: true });
  rmSync(finalDir, { recursive: true, force: true });
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
rmSync(finalDir, { recursive: true, force: true });
renameSync(outDir, finalDir);

async function buildInto() {
  await build({ mode, logLevel, build: { outDir, emptyOutDir: true } });
  await build({
    mode,
    logLevel,
    publicDir: false,
    build: {
      ssr: true,
      outDir: path.join(outDir, '.ssr'),
      emptyOutDir: false,
      manifest: false,
      rollupOptions: { input: SERVER_PAGES, output: { entryFileNames: '[name].js' } },
    },
  });

  // Hashed assets precompressed once, here (the server sends .br or .gz as the browser accepts, immutable).
  const assets = path.join(outDir, 'assets');
  for (const name of readdirSync(assets).filter((f) => /\.(js|css|svg)$/.test(f))) {
    const file = path.join(assets, name);
    const bytes = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    );
  }

  // The size budgets of the pages people open from a link: over one, the build fails.
  enforceBudgets(outDir);
  writeFileSync(
    path.join(outDir, 'build-info.json'),
    `${JSON.stringify({ mode, node_env: process.env.NODE_ENV, built_at: new Date().toISOString() })}\n`,
  );
}
