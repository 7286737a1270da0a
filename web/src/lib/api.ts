import { createApiClient, type ApiClient } from '@atendo/api-client';
import { config } from './config';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/** Looks fetch up on every call, so a fetch handler installed later (tests) sees each request. */
const lateFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Subscribes to "the api answered 401": the sign-in is over. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * The logged-in client: bearer token from local storage, one refresh-and-retry on 403 through
 * the httpOnly refresh cookie, and a 401 clears the token and ends the sign-in.
 */
export const api: ApiClient = createApiClient({
  baseUrl: config.apiUrl,
  fetch: lateFetch,
  credentials: 'include',
  refreshOn403: true,
  getToken: () => readStorage(STORAGE_KEYS.token),
  setToken: (token) => writeStorage(STORAGE_KEYS.token, token),
  onUnauthorized: () => {
    writeStorage(STORAGE_KEYS.token, null);
    for (const listener of unauthorizedListeners) listener();
  },
});

/** The unauthenticated client for public settings and the public plan list. */
export const publicApi: ApiClient = createApiClient({ baseUrl: config.apiUrl, fetch: lateFetch });
