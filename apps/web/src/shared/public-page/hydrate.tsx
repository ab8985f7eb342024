import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadCatalogues, loadContractTexts } from '../i18n';
import { adoptLocale } from '../locale-choice';
import { MessageBar } from '../message-bar';
import { captureTrackingId } from '../tracking';
import { whenIdle } from '../when-idle';
import { readPageData } from './page-data';
import { hydratingServerHtml } from './before-hydration';
import '../styles.css';

/** Marks the document once the page is live (`<html data-hydrated>`), for tests and the phone bench. */
export function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <>{children}</>;
}

/**
 * The browser half of a server-rendered public page: the language the server
 * rendered in, its texts, then hydration of the same components over the
 * server's HTML. The message bar has a root of its own (nothing of it is in
 * the server's HTML).
 */
export function hydratePage<T>(render: (data: T) => ReactNode, before?: (data: T) => Promise<unknown>): T {
  captureTrackingId();
  const { locale, data } = readPageData<T>();
  adoptLocale(locale);
  // `before` loads what the server rendered open (a product's form), so hydration finds it at once.
  // The contract's texts (validation messages in the page's language) are not on the first screen: they follow when the browser is idle.
  void Promise.resolve(before?.(data))
    .then(() => loadCatalogues(locale, { contract: false }))
    .then(() => {
      hydratingServerHtml();
      hydrateRoot(
        document.getElementById('root')!,
        <StrictMode>
          <Hydrated>{render(data)}</Hydrated>
        </StrictMode>,
      );
      const bar = document.body.appendChild(document.createElement('div'));
      createRoot(bar).render(<MessageBar />);
      whenIdle(() => loadContractTexts(locale));
    });
  return data;
}

export { whenIdle } from '../when-idle';
