import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Written by apps/web/build.mjs into the web build once it passed its budgets. */
export const WEB_BUILD_INFO = 'build-info.json';

/**
 * What React's development JSX leaves at every element: the source position
 * as literal numbers. React's own code (bundled with both of its runtimes)
 * never has them, so only a page compiled for development matches.
 */
const DEV_JSX_SOURCE = /lineNumber:\s*\d+,\s*columnNumber:\s*\d+/;

/**
 * Why the server must not start on the web build in `dist`, or null. A build
 * made in development mode renders the public pages with React's development
 * JSX, which fails under a production server (/utm, /fb and /application
 * answer 500): the build says its mode in build-info.json, and the
 * server-rendering modules must not use the development runtime. Production
 * needs the marker; elsewhere a folder without one (a test's stand-in) is
 * taken, but never a build that says, or shows, development mode.
 */
export function webBuildProblem(dist: string, env: string): string | null {
  if (!existsSync(path.join(dist, 'index.html'))) return null;
  const rebuild = 'Run `npm run build` (it always makes the production build), then start again.';
  const infoFile = path.join(dist, WEB_BUILD_INFO);
  if (existsSync(infoFile)) {
    let mode: unknown;
    try {
      mode = (JSON.parse(readFileSync(infoFile, 'utf8')) as { mode?: unknown }).mode;
    } catch {
      return `The web build at ${dist} has an unreadable ${WEB_BUILD_INFO}. ${rebuild}`;
    }
    if (mode !== 'production') return `The web build at ${dist} was made in ${String(mode)} mode, not for production. ${rebuild}`;
  } else if (env === 'production') {
    return `The web build at ${dist} has no ${WEB_BUILD_INFO}: it was not made by this version's build for production. ${rebuild}`;
  }
  const ssr = path.join(dist, '.ssr');
  if (existsSync(ssr)) {
    // A few small files (about 100 KB in all): read once at start.
    for (const name of readdirSync(ssr, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(path.join(ssr, name), 'utf8');
      if (DEV_JSX_SOURCE.test(code)) {
        return `The web build's server-rendering module .ssr/${name} uses React's development JSX: it was not made for production. ${rebuild}`;
      }
    }
  }
  return null;
}
