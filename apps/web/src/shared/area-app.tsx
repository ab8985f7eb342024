import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { loadCatalogues, loadContractTexts } from './i18n';
import { adoptLocale, startLocale } from './locale-choice';
import { MessageBar } from './message-bar';
import { createQueryClient } from './query-client';
import { captureTrackingId } from './tracking';
import { whenIdle } from './when-idle';
import { AreaTree } from './area-tree';
import { PAGE_DATA_ID, readPageData } from './public-page/page-data';
import { hydratingServerHtml } from './public-page/before-hydration';
import { Hydrated } from './public-page/hydrate';
import './styles.css';

/**
 * A browser entry of the app: the language, its texts, then the routes, with
 * React Router's plain history router (no screen uses loaders or actions, so
 * the data router's code is never loaded) and a query cache. An area's own
 * entry (`/mt`, `/partner`) holds its routes only: any other path is another
 * area's page, loaded from the server (`otherPaths` says otherwise). The
 * contract's texts (validation messages) follow when the browser is idle,
 * unless `contractTextsFirst`.
 *
 * `serverPage`: the area's login drawn by the server (its data in the page):
 * it seeds the query cache with that data and answers whether the HTML is this
 * address's (the team app's offline copy may be another team's); if so the
 * entry hydrates it, keeping what a person typed and where they type, in the
 * language the server drew it in.
 */
export function startArea(
  routes: ReactNode,
  options: { otherPaths?: ReactNode; contractTextsFirst?: boolean; serverPage?: (client: QueryClient, data: unknown) => boolean } = {},
): void {
  captureTrackingId();
  const client = createQueryClient();
  const envelope = options.serverPage && document.getElementById(PAGE_DATA_ID) ? readPageData<unknown>() : undefined;
  const hydrate = envelope !== undefined && options.serverPage !== undefined && options.serverPage(client, envelope.data);
  const locale = hydrate ? adoptLocale(envelope.locale) : startLocale();
  void loadCatalogues(locale, { contract: options.contractTextsFirst === true }).finally(() => {
    const root = document.getElementById('root')!;
    const tree = (
      <Hydrated>
        <AreaTree client={client} router={BrowserRouter} routes={routes} otherPaths={options.otherPaths} />
      </Hydrated>
    );
    if (hydrate) {
      hydratingServerHtml();
      hydrateRoot(root, tree);
    } else {
      createRoot(root).render(tree);
    }
    // The message bar has a root of its own: nothing of it is in the server's HTML.
    createRoot(document.body.appendChild(document.createElement('div'))).render(<MessageBar />);
    whenIdle(() => loadContractTexts(locale));
  });
}
