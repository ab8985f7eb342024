import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

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
 * The built index.html, optionally with a page's own title and link-preview
 * meta tags rendered on the server (WhatsApp reads them, it runs no script).
 */
export function createSpa(dist: string) {
  let cached: string | undefined;
  const load = () => {
    if (cached === undefined) {
      const file = path.join(dist, 'index.html');
      cached = existsSync(file) ? readFileSync(file, 'utf8') : '';
    }
    return cached;
  };
  return {
    available: () => load() !== '',
    render(meta?: PageMeta, bodyHtml?: string): string {
      let html = load();
      if (meta) html = withMeta(html, meta);
      if (bodyHtml) html = html.replace('<div id="root"></div>', `<div id="root">${bodyHtml}</div>`);
      return html;
    },
  };
}
export type Spa = ReturnType<typeof createSpa>;
