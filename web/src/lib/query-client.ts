import { ApiError } from '@atendo/api-client';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { toastError } from './errors';

declare module '@tanstack/react-query' {
  interface Register {
    /**
     * `toastError: true` shows a failed read or write through the console's one error toast;
     * `public: true` marks data readable without signing in, kept across login and logout.
     */
    queryMeta: { toastError?: boolean; public?: boolean };
    mutationMeta: { toastError?: boolean };
  }
}

/** A 4xx answer will not change on retry; network errors and 5xx get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** The console's cache: data stays fresh 30 s, errors opted in by `meta.toastError` are toasted. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.toastError) toastError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.toastError) toastError(error);
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache (tests make their own with createQueryClient). */
export const queryClient = createQueryClient();

/**
 * Forgets everything one sign-in read or wrote (on login, logout and 401), so the next user
 * never sees the previous one's data; public data (settings read before login) stays.
 */
export function clearSignInCache(client: QueryClient): void {
  const signedInQuery = (query: { meta?: { public?: boolean } }) => !query.meta?.public;
  void client.cancelQueries({ predicate: signedInQuery });
  client.removeQueries({ predicate: signedInQuery });
  client.getMutationCache().clear();
}
