import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '@pmw/contract/locale';
import { pageInLocale, requestLocale } from '../modules/locale/locale';
import { createSpa, withMeta, type PageMeta } from './spa';
import { createTextPreloads } from './text-preloads';

/**
 * The pages the web build renders on the server, each with a browser entry of
 * its own: the public pages, and the team area's and the partner portal's logins.
 */
export type PublicPage = 'utm' | 'fb' | 'application' | 'team' | 'partner';

/** What each page's server module of the web build (`.ssr/{page}.js`) offers. */
interface PageModule {
  render(locale: Locale, data: unknown): Promise<{ html: string; dataScript: string }>;
}

/**
 * Public pages rendered with React on the server: the page's built HTML (its
 * entry, modulepreload links and CSS), the rendered screen inside `#root`, the
 * data as an inert JSON script, and the page's meta tags, in the request's
 * language. Without a web build (API-only tests) `available()` is false.
 */
export function createPublicPages(dist: string) {
  const moduleFile = (page: PublicPage) => path.join(dist, '.ssr', `${page}.js`);
  const templates = new Map<PublicPage, string>();
  const modules = new Map<PublicPage, Promise<PageModule>>();
  const spa = createSpa(dist);
  const template = (page: PublicPage) => {
    let html = templates.get(page);
    if (html === undefined) {
      html = inlineStylesheets(readFileSync(path.join(dist, 'pages', `${page}.html`), 'utf8'), dist);
      templates.set(page, html);
    }
    return html;
  };
  const preloads = createTextPreloads(dist);
  /**
   * `<link rel=modulepreload>` for the texts a page loads before it hydrates
   * in a language (its areas' `messages.{locale}` chunks), so they download
   * beside the entry instead of after it. The contract's texts load after
   * hydration, when the browser is idle.
   */
  const textPreloads = (page: PublicPage, locale: Locale): string => preloads(`pages/${page}.html`, locale);
  const load = (page: PublicPage) => {
    let mod = modules.get(page);
    if (!mod) {
      mod = import(pathToFileURL(moduleFile(page)).href) as Promise<PageModule>;
      modules.set(page, mod);
    }
    return mod;
  };
  return {
    /** Loads the page modules before the first visitor needs them. */
    async warm() {
      for (const page of ['utm', 'fb', 'application', 'team', 'partner'] as const) if (existsSync(moduleFile(page))) await load(page);
    },
    available: (page: PublicPage) => existsSync(moduleFile(page)) && existsSync(path.join(dist, 'pages', `${page}.html`)),
    async render(req: FastifyRequest, page: PublicPage, data: unknown, meta: PageMeta): Promise<string> {
      const locale = requestLocale(req);
      const { html, dataScript } = await (await load(page)).render(locale, data);
      const filled = withMeta(template(page), meta)
        .replace('</head>', () => `${textPreloads(page, locale)}</head>`)
        .replace('<div id="root"></div>', () => `<div id="root">${html}</div>${dataScript}`);
      return pageInLocale(req, filled);
    },
    /** The app's own page instead (it fetches the data itself and offers a retry): when the server could not gather the data. */
    sendApp(req: FastifyRequest, reply: FastifyReply) {
      return this.send(reply, pageInLocale(req, spa.render()));
    },
    /** Sends a rendered page: it varies with the language cookie and is never cached as a whole. */
    send(reply: FastifyReply, html: string, status = 200) {
      return reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'Cookie, Accept-Language')
        .send(html);
    },
  };
}
export type PublicPages = ReturnType<typeof createPublicPages>;

/**
 * The page's own stylesheets as `<style>` in its head (the page policy allows
 * inline style, not inline script): a few KB that would otherwise block the
 * first paint for one more round trip each on a slow phone network. A sheet
 * the build did not write stays a link.
 */
export function inlineStylesheets(html: string, dist: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*? href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
    const at = path.join(dist, file);
    if (!existsSync(at)) return tag;
    return `<style>${readFileSync(at, 'utf8').replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/** A path or URL as an absolute URL on the site's origin. */
export const absoluteUrl = (origin: string, url: string) =>
  /^https?:\/\//i.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
