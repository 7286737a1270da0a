import { io } from 'socket.io-client';

/** Socket reconnect delay and online-status period (docs/product/realtime.md). */
export const SOCKET_RECONNECT_DELAY_MS = 1000;
export const USER_STATUS_INTERVAL_MS = 300_000;
/** Delay before the console reloads after another login took the account (docs/product/realtime.md). */
export const OTHER_LOGIN_RELOAD_DELAY_MS = 1000;

/** The part of a socket.io client the session handlers use. */
export interface RealtimeSocket {
  on(event: string, listener: (...args: never[]) => void): unknown;
  off(event: string, listener?: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  disconnect(): unknown;
}

interface ConnectOptions {
  apiUrl: string;
  companyId: number;
  userId: number;
  /** Read on every (re)connect, so a refreshed access token is used after a drop. */
  getToken: () => string | null;
}

/** Opens the company's namespace, authenticated with the token and the user id. */
export function connectCompanySocket({ apiUrl, companyId, userId, getToken }: ConnectOptions) {
  return io(`${apiUrl}/${companyId}`, {
    auth: (cb) => cb({ token: getToken() }),
    query: { userId: String(userId) },
    reconnection: true,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionAttempts: Infinity,
  });
}

interface SessionHandlers {
  companyId: number;
  userId: number;
  /** Another login took this account: warn, then end this session. */
  onOtherLogin: () => void;
  /** Clock seams for tests. */
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

interface AuthEvent {
  action?: string;
  user?: { id?: number };
}

/**
 * The session's realtime duties: join the notification room on every (re)connect, report
 * online status every 5 minutes, and react when the account is logged in elsewhere.
 * Returns the cleanup.
 */
export function attachSessionHandlers(
  socket: RealtimeSocket,
  options: SessionHandlers,
): () => void {
  const every = options.setInterval ?? ((fn, ms) => globalThis.setInterval(fn, ms));
  const stop =
    options.clearInterval ?? ((h) => globalThis.clearInterval(h as ReturnType<typeof setInterval>));
  const authEvent = `company-${options.companyId}-auth`;

  const onConnect = () => socket.emit('joinNotification');
  const onAuth = (data: AuthEvent) => {
    if (data?.action === 'update' && data.user?.id === options.userId) options.onOtherLogin();
  };
  socket.on('connect', onConnect);
  socket.on(authEvent, onAuth);
  const timer = every(() => socket.emit('userStatus'), USER_STATUS_INTERVAL_MS);

  return () => {
    stop(timer);
    socket.off('connect', onConnect);
    socket.off(authEvent, onAuth);
  };
}
