import { Component, StrictMode, Suspense, useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { loadCatalogues, loadContractTexts } from './i18n';
import { startLocale } from './locale-choice';
import { MessageBar } from './message-bar';
import { MessageBarReset } from './message-bar-reset';
import { PageLoader } from './loader';
import { createQueryClient } from './query-client';
import { ErrorScreen } from './error-screen';
import { captureTrackingId } from './tracking';
import { whenIdle } from './when-idle';
import './styles.css';

/** A screen that failed to load (a chunk on a dropped connection) or threw: the app's error screen. */
class AreaError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}

/** A link to another area: that area's own page, loaded from the server (this entry holds one area's routes). */
function OtherArea() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => window.location.replace(pathname + search + hash), [pathname, search, hash]);
  return <PageLoader />;
}

/**
 * A browser entry of the app: the language, its texts, then the routes, with
 * React Router's plain history router (no screen uses loaders or actions, so
 * the data router's code is never loaded) and a query cache. An area's own
 * entry (`/mt`, `/partner`) holds its routes only: any other path is another
 * area's page, loaded from the server (`otherPaths` says otherwise). The
 * contract's texts (validation messages) follow when the browser is idle,
 * unless `contractTextsFirst`.
 */
export function startArea(routes: ReactNode, options: { otherPaths?: ReactNode; contractTextsFirst?: boolean } = {}): void {
  captureTrackingId();
  const locale = startLocale();
  void loadCatalogues(locale, { contract: options.contractTextsFirst === true }).finally(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <QueryClientProvider client={createQueryClient()}>
          <BrowserRouter>
            <AreaError>
              <Suspense fallback={<PageLoader />}>
                <Routes>
                  {routes}
                  <Route path="*" element={options.otherPaths ?? <OtherArea />} />
                </Routes>
              </Suspense>
            </AreaError>
            <MessageBarReset />
          </BrowserRouter>
          <MessageBar />
        </QueryClientProvider>
      </StrictMode>,
    );
    whenIdle(() => loadContractTexts(locale));
  });
}
