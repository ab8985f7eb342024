// `npm start`: builds what is not built yet, then runs the server (which
// migrates, loads the demo data on the first start and prints the logins).
// With NODE_ENV=production it builds nothing and the server neither migrates
// nor seeds: `npm run build` and `npm run migrate` run once before the
// processes start, so several can start at once without racing.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { serverNodeFlags } from './server-node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const serverBundle = path.join(root, 'apps/server/dist/server.mjs');
// Written last by the web build, only when the build is whole and for production.
const webBuildInfo = path.join(root, 'apps/web/dist/build-info.json');

/** Newest modification time under a folder (sources), to rebuild after a change. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return latest;
}
const stale = (output, ...sources) => !existsSync(output) || sources.some((s) => existsSync(s) && newest(s) > statSync(output).mtimeMs);

const contract = path.join(root, 'packages/contract/src');
const builds = [
  { name: '@pmw/web', output: webBuildInfo, sources: [path.join(root, 'apps/web/src'), contract] },
  {
    name: '@pmw/server',
    output: serverBundle,
    sources: [path.join(root, 'apps/server/src'), path.join(root, 'apps/server/drizzle'), contract],
  },
];
const production = process.env.NODE_ENV === 'production';
// `npm run create-admin -- <mobile>` and `npm run migrate` need the server bundle only.
const serverOnly = process.argv.includes('--create-admin') || process.argv.includes('--migrate-only');
const needed = serverOnly ? builds.filter((b) => b.name === '@pmw/server') : builds;
if (production && !needed.every((b) => existsSync(b.output))) {
  console.error('No build found. In production run `npm run build` (and `npm run migrate`) before `npm start`.');
  process.exit(1);
}
for (const b of production ? [] : needed) {
  if (!stale(b.output, ...b.sources)) continue;
  console.log(`Building ${b.name}...`);
  // Always the production build, whatever NODE_ENV this shell has (the builds force it too).
  const r = spawnSync('npm', ['run', 'build', '-w', b.name], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const args = [serverBundle, ...process.argv.slice(2)];
const child = spawn(process.execPath, [...serverNodeFlags, ...args], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
