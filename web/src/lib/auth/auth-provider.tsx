import { ApiError } from '@atendo/api-client';
import type { UserView } from '@atendo/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { api, onUnauthorized } from '../api';
import { useRouteMutation } from '../cache/use-route-mutation';
import { clearSignInCache } from '../query-client';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage';
import { landingAfterLogin } from '../subscription';
import { authKeys } from './keys';

type Status = 'loading' | 'authenticated' | 'anonymous';

interface AuthState {
  status: Status;
  user: UserView | null;
  /** Where a fresh login should land (consumed by the public-route guard). */
  landing: string | null;
  login: (email: string, password: string) => Promise<UserView>;
  logout: () => Promise<void>;
  /** Forgets the landing once a private page has been reached. */
  clearLanding: () => void;
  /** Replaces the current user (e.g. after a realtime update of this user). */
  setUser: (user: UserView) => void;
}

const AuthContext = createContext<AuthState | null>(null);

/** Keeps the local copies the spec lists (docs/product/users-and-auth.md#user-fields): token, companyDueDate, profileImage. */
function storeSignIn(token: string | null, user: UserView | null): void {
  if (token !== null) writeStorage(STORAGE_KEYS.token, token);
  writeStorage(STORAGE_KEYS.companyDueDate, user?.company?.dueDate ?? null);
  writeStorage(STORAGE_KEYS.profileImage, user?.profileImage ?? null);
}

function forgetSignIn(): void {
  writeStorage(STORAGE_KEYS.token, null);
  writeStorage(STORAGE_KEYS.companyDueDate, null);
  writeStorage(STORAGE_KEYS.profileImage, null);
}

/**
 * Owns the sign-in: the current user is the `me` query, read once when a token is stored (an
 * expired access token is refreshed by the client on 403). Logging in or out, or a 401, clears
 * the sign-in's cache so no data of one sign-in is shown to the next. Login and logout write
 * through useRouteMutation with no ROUTE_INVALIDATIONS entry: they clear the cache instead.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [hasToken, setHasToken] = useState(() => readStorage(STORAGE_KEYS.token) !== null);
  const [landing, setLanding] = useState<string | null>(null);

  const me = useQuery({
    queryKey: authKeys.me,
    queryFn: async ({ signal }) => {
      try {
        const user = await api.call('me', { signal });
        storeSignIn(null, user);
        return user;
      } catch (err) {
        if (err instanceof ApiError) forgetSignIn();
        throw err;
      }
    },
    enabled: hasToken,
    staleTime: Infinity,
    retry: false,
  });

  useEffect(
    () =>
      onUnauthorized(() => {
        setHasToken(false);
        clearSignInCache(queryClient);
      }),
    [queryClient],
  );

  const { mutateAsync: loginAsync } = useRouteMutation('login');

  const login = useCallback(
    async (email: string, password: string) => {
      const { token, user } = await loginAsync({ body: { email, password } });
      storeSignIn(token, user);
      clearSignInCache(queryClient);
      queryClient.setQueryData(authKeys.me, user);
      setLanding(landingAfterLogin(user.company?.dueDate));
      setHasToken(true);
      return user;
    },
    [loginAsync, queryClient],
  );

  const { mutateAsync: logoutAsync } = useRouteMutation('logout');

  const logout = useCallback(async () => {
    try {
      await logoutAsync({});
    } catch {
      // The sign-in ends locally whatever the server says.
    }
    forgetSignIn();
    setLanding(null);
    setHasToken(false);
    clearSignInCache(queryClient);
  }, [logoutAsync, queryClient]);

  const setUser = useCallback(
    (next: UserView) => {
      storeSignIn(null, next);
      queryClient.setQueryData(authKeys.me, next);
    },
    [queryClient],
  );

  const clearLanding = useCallback(() => setLanding(null), []);

  const user = hasToken ? (me.data ?? null) : null;
  const status: Status = !hasToken
    ? 'anonymous'
    : user
      ? 'authenticated'
      : me.isError
        ? 'anonymous'
        : 'loading';

  const value = useMemo(
    () => ({ status, user, landing, login, logout, setUser, clearLanding }),
    [status, user, landing, login, logout, setUser, clearLanding],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The sign-in: status, user, login and logout. */
export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

/** The logged-in user (only inside private routes). */
export function useCurrentUser(): UserView {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser without a sign-in');
  return user;
}
