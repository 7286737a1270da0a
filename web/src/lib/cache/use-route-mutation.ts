import type { CallInput, CallOutput } from '@atendo/api-client';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../api';
import { invalidatedBy, type RouteName } from './route-invalidations';

type Options<K extends RouteName> = Omit<
  UseMutationOptions<CallOutput<K>, unknown, CallInput<K>>,
  'mutationFn'
>;

/**
 * A write through contract route `route` (params, body and answer typed from the contract): on
 * success the queries its ROUTE_INVALIDATIONS entry names are refetched, before `onSuccess` and
 * before `mutateAsync` resolves, so a page's success toast already sees the refetch under way.
 */
export function useRouteMutation<K extends RouteName>(route: K, options: Options<K> = {}) {
  const client = useQueryClient();
  return useMutation<CallOutput<K>, unknown, CallInput<K>>({
    ...options,
    mutationFn: (input) => api.call(route, input),
    onSuccess: (data, input, result, context) => {
      for (const queryKey of invalidatedBy(route, input))
        void client.invalidateQueries({ queryKey });
      return options.onSuccess?.(data, input, result, context);
    },
  });
}
