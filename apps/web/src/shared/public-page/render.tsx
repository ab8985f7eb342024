import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Locale } from '@pmw/contract/locale';
import { loadCatalogues, withLocale } from '../i18n';
import { pageDataScript } from './page-data';

/** What each page's server module answers: the HTML inside `#root` and the inert data script. */
export interface RenderedPage {
  html: string;
  dataScript: string;
}

/**
 * Renders a public page on the server in a language, with the same
 * components its browser entry hydrates, and the data they hydrate from.
 */
export async function renderPage<T>(locale: Locale, data: T, render: (data: T) => ReactNode): Promise<RenderedPage> {
  await loadCatalogues(locale);
  const html = withLocale(locale, () => renderToString(render(data)));
  return { html, dataScript: pageDataScript({ locale, data }) };
}
