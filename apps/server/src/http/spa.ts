import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '@pmw/contract/locale';
import { createTextPreloads } from './text-preloads';

export interface PageMeta {
  title: string;
  description?: string;
  image?: string;
  url?: string;
  /** `noindex`: a private page search engines must not list. */
  robots?: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A page's `<title>` replaced by its title, description, robots and link-preview tags. */
export function withMeta(html: string, meta: PageMeta): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    meta.description ? `<meta name="description" content="${escapeHtml(meta.description)}">` : '',
    meta.description ? `<meta property="og:description" content="${escapeHtml(meta.description)}">` : '',
    meta.image ? `<meta property="og:image" content="${escapeHtml(meta.image)}">` : '',
    meta.url ? `<meta property="og:url" content="${escapeHtml(meta.url)}">` : '',
    meta.robots ? `<meta name="robots" content="${escapeHtml(meta.robots)}">` : '',
    '<meta property="og:type" content="website">',
  ].join('');
  return html.replace(/<title>[\s\S]*?<\/title>/, () => tags);
}

/**
 * The page of the areas with a browser entry of their own (their routes
 * only, `apps/web/pages/{area}.html`); every other address gets the app's
 * `index.html`, which holds every area's routes.
 */
export function areaTemplate(url: string): string {
  const pathname = url.split(/[?#]/)[0] ?? '';
  if (/^\/mt(\/|$)/.test(pathname)) return 'pages/team.html';
  if (/^\/partner(\/|$)/.test(pathname)) return 'pages/partner.html';
  return 'index.html';
}

/**
 * The built index.html (or an area's own page, by the address), optionally
 * with a page's own title and link-preview meta tags rendered on the server
 * (WhatsApp reads them, it runs no script).
 */
export function createSpa(dist: string) {
  const cached = new Map<string, string>();
  const load = (template = 'index.html'): string => {
    let html = cached.get(template);
    if (html === undefined) {
      const file = path.join(dist, template);
      // A build without the area's page (an older one) serves the app's index.html there.
      html = existsSync(file) ? readFileSync(file, 'utf8') : template === 'index.html' ? '' : load();
      cached.set(template, html);
    }
    return html;
  };
  const preloads = createTextPreloads(dist);
  return {
    available: () => load() !== '',
    /**
     * `request`: the address asked for, which picks the area's own page (see
     * `areaTemplate`), and the language it is served in, whose texts the page
     * preloads beside its entry.
     */
    render(meta?: PageMeta, bodyHtml?: string, request?: { url: string; locale: Locale }): string {
      const template = request === undefined ? undefined : areaTemplate(request.url);
      let html = load(template);
      if (request && template) html = html.replace('</head>', () => `${preloads(template, request.locale)}</head>`);
      if (meta) html = withMeta(html, meta);
      if (bodyHtml) html = html.replace('<div id="root"></div>', `<div id="root">${bodyHtml}</div>`);
      return html;
    },
  };
}
export type Spa = ReturnType<typeof createSpa>;
