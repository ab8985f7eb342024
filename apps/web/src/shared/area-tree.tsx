import { Component, StrictMode, Suspense, useEffect, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PageLoader } from './loader';
import { ErrorScreen } from './error-screen';
import { MessageBarReset } from './message-bar-reset';

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
 * An area's screens under its router and query cache: the same tree in the
 * browser (`BrowserRouter`) and on the server (`StaticRouter`, for the
 * login in the first response), so hydration finds what the server drew.
 */
export function AreaTree({
  client,
  router: Router,
  routes,
  otherPaths,
}: {
  client: QueryClient;
  router: (props: { children: ReactNode }) => ReactNode;
  routes: ReactNode;
  otherPaths?: ReactNode;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <Router>
          <AreaError>
            <Suspense fallback={<PageLoader />}>
              <Routes>
                {routes}
                <Route path="*" element={otherPaths ?? <OtherArea />} />
              </Routes>
            </Suspense>
          </AreaError>
          <MessageBarReset />
        </Router>
      </QueryClientProvider>
    </StrictMode>
  );
}
