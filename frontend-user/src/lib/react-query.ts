import { QueryClient } from '@tanstack/react-query';

/** One client for the app; features add one query-options function per endpoint in their api/. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      retry: false,
      staleTime: 60_000,
    },
  },
});
