import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** What onMutate hands to onError: every cached entry under the key as it was before. */
export interface OptimisticSnapshot {
  snapshot: [QueryKey, unknown][];
}

/**
 * Mutation callbacks that show a write at once: before the request, every cached query under
 * `queryKey` is changed by `apply`; a failure puts the snapshot back; either way the queries
 * are refetched so the server's answer wins. Spread into useMutation's options.
 */
export function optimisticMutation<TVariables>(
  client: QueryClient,
  queryKey: QueryKey,
  apply: (data: unknown, variables: TVariables) => unknown,
) {
  return {
    onMutate: async (variables: TVariables): Promise<OptimisticSnapshot> => {
      await client.cancelQueries({ queryKey });
      const snapshot = client.getQueriesData({ queryKey });
      client.setQueriesData({ queryKey }, (data: unknown) =>
        data === undefined ? data : apply(data, variables),
      );
      return { snapshot };
    },
    onError: (_error: unknown, _variables: TVariables, result: OptimisticSnapshot | undefined) => {
      for (const [key, data] of result?.snapshot ?? []) client.setQueryData(key, data);
    },
    onSettled: () => client.invalidateQueries({ queryKey }),
  };
}

/**
 * optimisticMutation for a contract route's write (useRouteMutation): the route's
 * ROUTE_INVALIDATIONS entry already refetches after a success, so `queryKey` is refetched here
 * only after a failure, once the snapshot is back (docs/development.md#data-layer).
 */
export function optimisticRouteMutation<TVariables>(
  client: QueryClient,
  queryKey: QueryKey,
  apply: (data: unknown, variables: TVariables) => unknown,
) {
  const { onMutate, onError } = optimisticMutation(client, queryKey, apply);
  return {
    onMutate,
    onError: (error: unknown, variables: TVariables, result: unknown) => {
      onError(error, variables, result as OptimisticSnapshot | undefined);
      return client.invalidateQueries({ queryKey });
    },
  };
}
