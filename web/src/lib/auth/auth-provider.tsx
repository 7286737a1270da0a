import { ApiError } from '@atendo/api-client';
import type { UserView } from '@atendo/domain';
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
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage';
import { landingAfterLogin } from '../subscription';

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

/** Keeps the local copies the spec lists (spec 1 §3): token, companyDueDate, profileImage. */
function storeSession(token: string | null, user: UserView | null): void {
  if (token !== null) writeStorage(STORAGE_KEYS.token, token);
  writeStorage(STORAGE_KEYS.companyDueDate, user?.company?.dueDate ?? null);
  writeStorage(STORAGE_KEYS.profileImage, user?.profileImage ?? null);
}

function clearSession(): void {
  writeStorage(STORAGE_KEYS.token, null);
  writeStorage(STORAGE_KEYS.companyDueDate, null);
  writeStorage(STORAGE_KEYS.profileImage, null);
}

/** Owns the session: restores it from the stored token, logs in and out, ends it on 401. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<Status>(() =>
    readStorage(STORAGE_KEYS.token) ? 'loading' : 'anonymous',
  );
  const [user, setUserState] = useState<UserView | null>(null);
  const [landing, setLanding] = useState<string | null>(null);

  useEffect(
    () =>
      onUnauthorized(() => {
        setUserState(null);
        setStatus('anonymous');
      }),
    [],
  );

  // A stored token is checked once; an expired access token is refreshed by the client on 403.
  useEffect(() => {
    if (status !== 'loading') return;
    let live = true;
    api
      .call('me')
      .then((me) => {
        if (!live) return;
        storeSession(null, me);
        setUserState(me);
        setStatus('authenticated');
      })
      .catch((err: unknown) => {
        if (!live) return;
        if (err instanceof ApiError) clearSession();
        setUserState(null);
        setStatus('anonymous');
      });
    return () => {
      live = false;
    };
  }, [status]);

  const login = useCallback(async (email: string, password: string) => {
    const { token, user: loggedIn } = await api.call('login', { body: { email, password } });
    storeSession(token, loggedIn);
    setLanding(landingAfterLogin(loggedIn.company?.dueDate));
    setUserState(loggedIn);
    setStatus('authenticated');
    return loggedIn;
  }, []);

  const logout = useCallback(async () => {
    try {
      await api.call('logout');
    } catch {
      // The session ends locally whatever the server says.
    }
    clearSession();
    setLanding(null);
    setUserState(null);
    setStatus('anonymous');
  }, []);

  const setUser = useCallback((next: UserView) => {
    storeSession(null, next);
    setUserState(next);
  }, []);

  const clearLanding = useCallback(() => setLanding(null), []);

  const value = useMemo(
    () => ({ status, user, landing, login, logout, setUser, clearLanding }),
    [status, user, landing, login, logout, setUser, clearLanding],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The session: status, user, login and logout. */
export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

/** The logged-in user (only inside private routes). */
export function useCurrentUser(): UserView {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser without a session');
  return user;
}
