// Bundles the server into one ESM file; node_modules stay external, the
// workspace contract package is bundled in.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';

// SERVER_OUT_DIR lets several builds run side by side (e.g. parallel test runs).
const out = process.env.SERVER_OUT_DIR ?? 'dist';
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outfile: path.join(out, 'server.mjs'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: { '@pmw/contract': path.resolve('../../packages/contract/src') },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
cpSync('drizzle', path.join(out, 'drizzle'), { recursive: true });
