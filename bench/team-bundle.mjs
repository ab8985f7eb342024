#!/usr/bin/env node
// Prints what the team area (/mt) makes a phone download, gzipped: the shared
// entry, the team chunk, and the map picker chunk that loads only when a lead
// form has a map input. Usage: node bench/team-bundle.mjs [web build dir]
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'apps/web/dist');
const assets = path.join(dist, 'assets');
const files = readdirSync(assets);
const gz = (name) => gzipSync(readFileSync(path.join(assets, name)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const pick = (prefix, ext) => files.filter((f) => f.startsWith(prefix) && f.endsWith(ext));

/** The chunks a chunk imports statically, transitively (what the browser fetches with it). */
function closure(start, skip) {
  const seen = new Set();
  const walk = (name) => {
    if (seen.has(name) || skip.has(name)) return;
    seen.add(name);
    const code = readFileSync(path.join(assets, name), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) walk(m[1]);
  };
  start.forEach(walk);
  return [...seen];
}

const entry = readFileSync(path.join(dist, 'index.html'), 'utf8').match(/assets\/(index-[^"]+\.js)/)?.[1];
const rows = [
  ['entry (every page)', entry ? [entry] : []],
  ['team area JS (with its shared chunks)', closure(pick('team-area-', '.js'), new Set(entry ? [entry] : []))],
  ['team area CSS', pick('team-area-', '.css')],
  ['map picker JS (Leaflet, on demand)', closure(pick('map-picker-', '.js'), new Set([...(entry ? [entry] : []), ...closure(pick('team-area-', '.js'), new Set())]))],
  ['map picker CSS (on demand)', pick('map-picker-', '.css')],
];
let total = 0;
for (const [label, names] of rows) {
  const size = names.reduce((s, n) => s + gz(n), 0);
  total += size;
  console.log(`${label.padEnd(42)} ${kb(size).padStart(9)}  ${names.join(', ')}`);
}
console.log(`${'total with the map'.padEnd(42)} ${kb(total).padStart(9)}`);
const sw = readFileSync(path.join(dist, 'mt', 'sw.js'));
console.log(`${'service worker /mt/sw.js'.padEnd(42)} ${kb(gzipSync(sw).length).padStart(9)}`);
