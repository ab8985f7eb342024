#!/usr/bin/env node
// Prints what the team area (/mt) makes a phone download, gzip -9, from the
// build's manifest: the area's entry before anyone touches it (what the
// build's budget counts), a member's screens after the session check, the
// map picker that loads only when a lead form has a map input, and the
// service worker. Usage: node bench/team-bundle.mjs [web build dir]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { gzipSize, pageFiles } from '../apps/web/budget.mjs';

const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const size = gzipSize(dist);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const first = pageFiles(manifest, 'pages/team.html');
/** Files a lazy module adds to what is already loaded. */
const beyond = (key, loaded) => pageFiles(manifest, key).filter((f) => !loaded.includes(f));
const home = beyond('src/features/team/member-home.tsx', first);
const map = beyond('src/features/team/map-picker.tsx', [...first, ...home]);
const rows = [
  ['login, before anyone touches it (budget)', first],
  ["a member's screens, after the session check", home],
  ['map picker (Leaflet, with a map input)', map],
];
let total = 0;
for (const [label, files] of rows) {
  const bytes = files.reduce((s, f) => s + size(f), 0);
  total += bytes;
  console.log(`${label.padEnd(46)} ${kb(bytes).padStart(9)}  ${files.length} files`);
}
console.log(`${'total with the map'.padEnd(46)} ${kb(total).padStart(9)}`);
const sw = readFileSync(path.join(dist, 'mt', 'sw.js'));
console.log(`${'service worker /mt/sw.js'.padEnd(46)} ${kb(gzipSync(sw, { level: 9 }).length).padStart(9)}`);
