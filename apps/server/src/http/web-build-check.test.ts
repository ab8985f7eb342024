import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { makeWebBuild } from '../../test/web-build';
import { WEB_BUILD_INFO, webBuildProblem } from './web-build-check';

const made: string[] = [];
const build = (files: Record<string, string>) => {
  const dir = makeWebBuild(files);
  made.push(dir);
  return dir;
};
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

const production = JSON.stringify({ mode: 'production' });
// React's own runtimes are bundled into the server-rendering modules, development one included: only the page's calls tell.
const ssrProd = 'function jsxDEV(type, config, maybeKey, source){}export function render(){return e("main",{})}';
const ssrDev =
  'export function render(){return jsxDEV("main",{},void 0,false,{fileName:"/app/src/page.tsx",lineNumber:12,columnNumber:5},this)}';

it('starts on a production web build', () => {
  expect(
    webBuildProblem(build({ [WEB_BUILD_INFO]: production, '.ssr/utm.js': ssrProd, '.ssr/assets/page-1.js': ssrProd }), 'production'),
  ).toBeNull();
});

it('refuses a web build made in development mode, with what to do', () => {
  const dir = build({ [WEB_BUILD_INFO]: JSON.stringify({ mode: 'development' }), '.ssr/utm.js': ssrDev });
  for (const env of ['production', 'development']) {
    expect(webBuildProblem(dir, env)).toBe(
      `The web build at ${dir} was made in development mode, not for production. Run \`npm run build\` (it always makes the production build), then start again.`,
    );
  }
});

it("refuses server-rendering modules compiled with React's development JSX, whatever the marker says", () => {
  const dir = build({ [WEB_BUILD_INFO]: production, '.ssr/utm.js': ssrProd, '.ssr/assets/card-2.js': ssrDev });
  expect(webBuildProblem(dir, 'production')).toMatch(
    /^The web build's server-rendering module \.ssr\/assets\/card-2\.js uses React's development JSX/,
  );
});

it('in production refuses a build without the marker (made before it, or by hand); elsewhere a stand-in without one is taken', () => {
  const dir = build({ '.ssr/utm.js': ssrProd });
  expect(webBuildProblem(dir, 'production')).toMatch(/has no build-info\.json: it was not made by this version's build for production/);
  expect(webBuildProblem(dir, 'test')).toBeNull();
  expect(webBuildProblem(build({ [WEB_BUILD_INFO]: '{not json' }), 'test')).toMatch(/unreadable build-info\.json/);
});

it('needs nothing of a folder without a web build (the API alone)', () => {
  expect(webBuildProblem('/nonexistent/web/dist', 'production')).toBeNull();
});
