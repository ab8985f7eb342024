#!/usr/bin/env node
// Screenshots of pages at phone and desktop widths, for looking at what we built.
//   node scripts/screenshot.mjs http://127.0.0.1:3000/partner/ .tmp/shots/login
// writes login-390.png and login-1280.png.
import { chromium } from 'playwright-core';

const [url, out] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node scripts/screenshot.mjs URL OUT_PREFIX');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
    '--disable-quic',
  ],
});
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 800 } });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.screenshot({ path: `${out}-${width}.png`, fullPage: true });
  await page.close();
}
await browser.close();
