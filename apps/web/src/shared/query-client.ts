import { onlineManager, QueryClient } from '@tanstack/react-query';

/** The query cache every entry of the app starts with (one per page load). */
export const createQueryClient = () => {
  // A page opened with no signal (a phone's second visit, from the service
  // worker's cache) fires no 'offline' event: start from what the browser
  // knows. Each query still runs once (offlineFirst), so what the phone kept
  // answers; a query that needs the network then waits for it and runs again
  // when it returns, instead of failing at once.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000, networkMode: 'offlineFirst' },
    },
  });
};
