#!/usr/bin/env node
// The five pages people open on a cheap phone, against plain HTML. For each
// page: the gzip -9 size of the JS and CSS it loads before anyone touches it
// (the build's own budget figures), the requests it made until usable, and the
// time until usable beside a static "limit" page with the same content, both
// measured in the same run in headless Chromium at each network profile
// (latency per request, download and upload throughput) with a 4× slower CPU,
// median of `--runs` (3).
//
//   node bench/phone.mjs [--runs 3] [--profiles 400,2000] [--only utm,fb] [--locale hi-IN]
//
// `--locale`: the browser's language (Accept-Language), so the server draws
// its pages in it (`hi-IN`: Hindi).
//
// The limit pages are the server's own HTML for the page with every script and
// stylesheet removed (the campaign's product links lead to the same stripped
// product page), served by a bare Node HTTP server; /mt and /partner, whose login the
// server draws, are compared with a plain login form.
// Needs a build (npm run build).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { arg, figure, freePort, launchChromium, numArg, root, startServer } from './lib.mjs';
import { checkBudgets, gzipSize } from '../apps/web/budget.mjs';

const runs = numArg('runs', 3);
const profiles = arg('profiles', '400,2000').split(',').map(Number);
const only = arg('only', undefined)?.split(',');
const locale = arg('locale', 'en-IN');
const KBIT = 400;
const CPU_SLOWDOWN = 4;

const FEEDBACK = '/fb/5001/OTg3NjUxMjM0NQ%3D%3D/MTAx/NDMyMQ%3D%3D';
const JOB = '/application/MjYx/MjYxMQ/MTAx';
const LOGIN_FORM =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Login</title></head><body><main><h1>Login</h1><form method="post"><label>Mobile Number <input type="tel" name="mobile" required></label><button type="submit">Login</button></form></main></body></html>';

/**
 * Each page: where it starts, what a person does, and when it is usable.
 * `budget` names the build's budget row whose size is reported.
 */
/**
 * Usable means seen as well as present: after the element is there, one
 * animation frame, which the browser runs only once it may paint (never while
 * a render-blocking stylesheet is still loading), on both sides alike.
 */
const painted = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));

const pages = [
  {
    id: 'utm',
    budget: '/utm/{code}',
    path: '/utm/asha01',
    limitPaths: ['/utm/asha01', '/utm/asha01/400'],
    label: "until a product's lead form is visible",
    async use(page) {
      // The product's name is the one ops wrote in the page's language.
      await page
        .getByRole('link', { name: /Sahyog Millennia Credit Card|सहयोग मिलेनिया क्रेडिट कार्ड/ })
        .first()
        .click();
      await page.getByRole('heading', { name: /Apply for Sahyog Millennia Credit Card|सहयोग मिलेनिया क्रेडिट कार्ड के लिए आवेदन करें/ }).waitFor();
      await painted(page);
    },
  },
  {
    id: 'fb',
    budget: '/fb/...',
    path: FEEDBACK,
    limitPaths: [FEEDBACK],
    label: 'until Submit Feedback can be pressed',
    // The form is a plain form post (it works before any script runs), on both sides.
    async use(page) {
      await page
        .getByRole('button', { name: /Submit Feedback|फ़ीडबैक भेजें/ })
        .or(page.getByRole('link', { name: /^(Join Now|अभी जुड़ें)$/ }))
        .first()
        .waitFor();
      await painted(page);
    },
  },
  {
    id: 'application',
    budget: '/application/...',
    path: JOB,
    limitPaths: [JOB],
    label: 'until Apply Now works (a link to the next step)',
    async use(page) {
      await page.getByRole('link', { name: /^(Apply Now|अभी आवेदन करें)$/ }).waitFor();
      await painted(page);
    },
  },
  {
    id: 'mt',
    budget: '/mt/...',
    path: '/mt/TEAM01',
    limitPaths: ['/mt/TEAM01'],
    limitHtml: LOGIN_FORM,
    label: 'until the login form works (its button posts without script)',
    async use(page) {
      await page.locator('form[method="post"] button[type="submit"]:not([disabled])').first().waitFor();
      await painted(page);
    },
  },
  {
    id: 'partner',
    budget: '/partner/',
    path: '/partner/',
    limitPaths: ['/partner/'],
    limitHtml: LOGIN_FORM,
    label: 'until the login form works (its button posts without script)',
    async use(page) {
      await page.locator('form[method="post"] button[type="submit"]:not([disabled])').first().waitFor();
      await painted(page);
    },
  },
].filter((p) => !only || only.includes(p.id));

/**
 * /mt and /partner draw their login on the server as a plain form the server
 * answers: usable is that form on the screen with its button enabled (a tap
 * posts it); live is the page's script running, reported beside it.
 */
const live = (page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
for (const p of pages) if (p.id === 'mt' || p.id === 'partner') p.live = live;

/** The server's HTML without any script, module preload or stylesheet: what plain HTML would send. */
const strip = (html) =>
  html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<link\b[^>]*rel="(?:modulepreload|stylesheet)"[^>]*>/g, '');

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function measure(browser, base, p, rtt, limit) {
  const context = await browser.newContext({
    baseURL: base,
    locale,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  // A 2,000 ms round trip makes the app areas take far longer than a test's usual wait.
  page.setDefaultTimeout(180_000);
  page.setDefaultNavigationTimeout(180_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const bytesPerSecond = (KBIT * 1000) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: rtt,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let requests = 0;
  page.on('request', () => requests++);
  const t0 = performance.now();
  await page.goto(p.path, { waitUntil: 'commit' });
  await p.use(page, limit);
  const ms = performance.now() - t0;
  if (!limit && p.live) await p.live(page);
  const liveMs = performance.now() - t0;
  await context.close();
  return { ms, requests, liveMs };
}

const server = await startServer();
const dist = process.env.PMW_BUILD_DIR ? path.join(process.env.PMW_BUILD_DIR, 'web') : path.join(root, 'apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const sizes = new Map(checkBudgets(manifest, gzipSize(dist)).pages.map((b) => [b.page, b]));

// The limit pages, made from the server's own HTML of this run.
const limitPages = new Map();
for (const p of pages) {
  for (const url of p.limitPaths) limitPages.set(url, p.limitHtml ?? strip(await (await fetch(server.base + url)).text()));
}
const limitPort = await freePort();
// The static pages' plain forms post somewhere real: any POST answers a page, as a form handler would.
const POSTED =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Thank you</title></head><body><main><h1>Thank you for your valuable feedback</h1></main></body></html>';
const limitServer = createServer((req, res) => {
  if (req.method === 'POST') {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(POSTED));
    return;
  }
  const html = limitPages.get(req.url ?? '');
  res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html ?? '');
});
await new Promise((r) => limitServer.listen(limitPort, '127.0.0.1', r));
const limitBase = `http://127.0.0.1:${limitPort}`;

const browser = await launchChromium();
const rows = [];
try {
  for (const rtt of profiles) {
    for (const p of pages) {
      const product = [];
      const plain = [];
      for (let i = 0; i < runs; i++) {
        plain.push(await measure(browser, limitBase, p, rtt, true));
        product.push(await measure(browser, server.base, p, rtt, false));
      }
      const size = sizes.get(p.budget);
      const row = {
        page: p.path,
        rtt,
        jsCss: size?.bytes ?? 0,
        files: size?.requests ?? 0,
        requests: median(product.map((r) => r.requests)),
        productMs: median(product.map((r) => r.ms)),
        limitMs: median(plain.map((r) => r.ms)),
        liveMs: p.live ? median(product.map((r) => r.liveMs)) : undefined,
      };
      rows.push(row);
      console.log(
        `${p.id} @ ${rtt} ms RTT: ${kb(row.jsCss)} JS+CSS (gzip -9, ${row.files} files), ${row.requests} requests; ${p.label}: ${Math.round(row.productMs)} ms vs ${Math.round(row.limitMs)} ms static, ${(row.productMs / row.limitMs).toFixed(2)}×${row.liveMs === undefined ? '' : `; script live at ${Math.round(row.liveMs)} ms, ${(row.liveMs / row.limitMs).toFixed(2)}×`}`,
      );
      figure({
        bench: 'phone',
        name: `${p.path} ${p.label}, ${rtt} ms RTT, ${KBIT} kbit/s, ${CPU_SLOWDOWN}× CPU (median of ${runs})${locale === 'en-IN' ? '' : `, ${locale}`}`,
        db: '—',
        product: row.productMs,
        raw: row.limitMs,
        unit: 'ms',
        rawLabel: 'static HTML limit page',
        target: 1.5,
      });
    }
  }
} finally {
  await browser.close();
  limitServer.close();
  await server.stop();
}

console.log(`\n${locale}`);
console.log('\n| Page | RTT | JS+CSS gzip -9 | Requests | Time to usable | Static limit | Ratio | Script live |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.page} | ${r.rtt} ms | ${kb(r.jsCss)} | ${r.requests} | ${Math.round(r.productMs)} ms | ${Math.round(r.limitMs)} ms | ${(r.productMs / r.limitMs).toFixed(2)}× | ${r.liveMs === undefined ? '—' : `${Math.round(r.liveMs)} ms (${(r.liveMs / r.limitMs).toFixed(2)}×)`} |`,
  );
}
