import { QueryClient } from '@tanstack/react-query';

/**
 * The spec's data-loading defaults (section 9): no refetch interval or on focus, never stale, no retries. Every
 * query brings its own function (the features' query options, lib/api.ts).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
