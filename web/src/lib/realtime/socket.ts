import { companyEvent, rawEventNames } from '@atendo/domain';
import type {
  RealtimeEntity,
  RealtimePayload,
  RealtimeRawEvent,
  RealtimeRawPayload,
} from '@atendo/api-client';
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

/**
 * Listens to `company-{id}-{entity}`, handing the listener the payload the event's declaration
 * gives (docs/product/realtime.md#events). Returns the cleanup.
 */
export function onCompanyEvent<E extends RealtimeEntity>(
  socket: Pick<RealtimeSocket, 'on' | 'off'>,
  companyId: number,
  entity: E,
  listener: (payload: RealtimePayload<E>) => void,
): () => void {
  const event = companyEvent(companyId, entity);
  socket.on(event, listener);
  return () => void socket.off(event, listener);
}

/**
 * Listens to a raw event (its name built from `args`: the company, and a user's or a chat's id),
 * handing the listener its declared payload. Returns the cleanup.
 */
export function onRawEvent<R extends RealtimeRawEvent>(
  socket: Pick<RealtimeSocket, 'on' | 'off'>,
  event: R,
  args: Parameters<(typeof rawEventNames)[R]>,
  listener: (payload: RealtimeRawPayload<R>) => void,
): () => void {
  const name = (rawEventNames[event] as (companyId: number, key?: number) => string)(
    ...(args as [number, number?]),
  );
  socket.on(name, listener);
  return () => void socket.off(name, listener);
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
    // Straight to a websocket, one connection held by one api replica. Socket.IO's default
    // starts with long-polling, whose requests must all reach the replica that opened the
    // session: behind the chart's Service (two replicas at least, no affinity) they would not
    // (docs/operations.md#api-replicas).
    transports: ['websocket'],
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
  const onConnect = () => socket.emit('joinNotification');
  socket.on('connect', onConnect);
  const offAuth = onCompanyEvent(socket, options.companyId, 'auth', (data) => {
    if (data?.action === 'update' && data.user?.id === options.userId) options.onOtherLogin();
  });
  const timer = every(() => socket.emit('userStatus'), USER_STATUS_INTERVAL_MS);

  return () => {
    stop(timer);
    socket.off('connect', onConnect);
    offAuth();
  };
}
