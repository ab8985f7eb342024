import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A page's shell as the web build writes it (the SPA's index.html, a public page's template). */
export const PAGE_SHELL = '<!doctype html><html lang="en"><head><title>PickMyWork</title></head><body><div id="root"></div></body></html>';

/**
 * A stand-in for the web build (WEB_DIST_DIR) in a temporary folder: the SPA's
 * index.html and the files given, by their path in the build. For server tests
 * that need pages: the unit tests run before the web app is built.
 */
export function makeWebBuild(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pmw-web-'));
  for (const [name, content] of Object.entries({ 'index.html': PAGE_SHELL, ...files })) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  return dir;
}

/**
 * A server-rendered page's module (`.ssr/{page}.js`) that prints the data the
 * page would render from (the real one is React's, tested in the browser tests).
 */
export const PAGE_MODULE_STAND_IN =
  'export const render = async (locale, data) => ({ html: "", dataScript: `<script type="application/json" id="pmw-page-data">${JSON.stringify({ locale, data }).replace(/</g, "\\\\u003c")}</script>` });\n';

/** A stand-in web build with one server-rendered public page (`fb`, `utm`, `application`). */
export const makePageBuild = (page: string) =>
  makeWebBuild({ [`pages/${page}.html`]: PAGE_SHELL, [`.ssr/${page}.js`]: PAGE_MODULE_STAND_IN });
