// Bundles one of the server's TypeScript entry points with esbuild and runs it
// from apps/server (so migrations and node_modules resolve as for the server),
// with DATA_DIR defaulting to ./data; answers the script's exit code.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');

export async function runServerScript(entry) {
  const outfile = path.join(server, `.${path.basename(entry, '.ts')}-${process.pid}.mjs`);
  try {
    await build({
      entryPoints: [path.join(server, entry)],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      packages: 'external',
      alias: { '@pmw/contract': path.join(root, 'packages/contract/src') },
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
      logLevel: 'warning',
    });
    const r = spawnSync(process.execPath, [outfile], {
      cwd: server,
      stdio: 'inherit',
      env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') },
    });
    return r.status ?? 2;
  } finally {
    rmSync(outfile, { force: true });
  }
}
