import {
  type QueryKey,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest, readQuery } from './api.ts';

/**
 * A request that changes something on the server. When it settles (done or refused), the reads it may have
 * changed are marked stale by their query keys (the scheme in api.ts), so every screen showing them asks again;
 * `onSuccess` puts an answer that is already the new state straight into its read.
 */
export function useChange<TData, TVariables = void>(options: {
  mutationFn(variables: TVariables): Promise<TData>;
  stale: readonly QueryKey[] | ((variables: TVariables) => readonly QueryKey[]);
  onSuccess?(data: TData, variables: TVariables, queryClient: ReturnType<typeof useQueryClient>): void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: (data, variables) => options.onSuccess?.(data, variables, queryClient),
    onSettled: (_data, _error, variables) =>
      Promise.all(
        (typeof options.stale === 'function' ? options.stale(variables) : options.stale).map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** One of the owner's settings: its read, and its save (`createSetting`). */
export type Setting<TSaved, TInput = TSaved> = {
  /** Its read's key, for a change made elsewhere that leaves it stale. */
  queryKey: readonly unknown[];
  useRead(): UseQueryResult<TSaved>;
  useSave(): UseMutationResult<TSaved, Error, TInput>;
};

/**
 * A setting the owner reads at one address and saves by PUT to the same address, which answers the saved state:
 * its read, and its save, which puts that answer straight into the read and marks `stale` the other reads the
 * change may alter (the go-live checklist, the activity log).
 */
export function createSetting<TSaved, TInput = TSaved>(
  queryKey: readonly unknown[],
  url: string,
  stale: () => readonly QueryKey[],
): Setting<TSaved, TInput> {
  const query = () => readQuery<TSaved>(queryKey, url);
  return {
    queryKey,
    useRead: () => useQuery(query()),
    useSave: () =>
      useChange({
        mutationFn: (input: TInput) => apiRequest<TSaved>('PUT', url, input),
        onSuccess: (saved, _variables, queryClient) => queryClient.setQueryData(query().queryKey, saved),
        stale,
      }),
  };
}
