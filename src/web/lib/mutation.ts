import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

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
