import { QueryClient, type UseMutationOptions } from '@tanstack/react-query';

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

/** What a caller may add to a feature's mutation hook (bulletproof-react's `MutationConfig`). */
export type MutationConfig<MutationFnType extends (...args: never[]) => Promise<unknown>> = Omit<
  UseMutationOptions<Awaited<ReturnType<MutationFnType>>, Error, Parameters<MutationFnType>[0]>,
  'mutationFn'
>;
