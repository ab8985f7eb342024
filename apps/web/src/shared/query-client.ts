import { QueryClient } from '@tanstack/react-query';

/** The query cache every entry of the app starts with (one per page load). */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 },
    },
  });
