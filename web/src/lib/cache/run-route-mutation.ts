import type { CallInput, CallOutput } from '@atendo/api-client';
import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { invalidatedBy, type RouteName } from './route-invalidations';

/**
 * useRouteMutation's write for a helper that runs outside a component and is handed the page's
 * QueryClient (e.g. saving a contact's tags, which the contact modal and the ticket drawer
 * share): the same typed call through the mutation cache, and on success the same
 * ROUTE_INVALIDATIONS refetches, started before the answer is returned
 * (docs/development.md#data-layer).
 */
export function runRouteMutation<K extends RouteName>(
  client: QueryClient,
  route: K,
  input: CallInput<K>,
): Promise<CallOutput<K>> {
  return new MutationObserver<CallOutput<K>, unknown, CallInput<K>>(client, {
    mutationFn: (variables) => api.call(route, variables),
    onSuccess: (_data, variables) => {
      for (const queryKey of invalidatedBy(route, variables))
        void client.invalidateQueries({ queryKey });
    },
  }).mutate(input);
}
