import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { attachSessionHandlers, USER_STATUS_INTERVAL_MS, type RealtimeSocket } from './socket';

type Listener = (...args: unknown[]) => void;

function fakeSocket() {
  const incoming = new EventEmitter();
  const emitted: unknown[][] = [];
  const socket: RealtimeSocket = {
    on: (e, l) => incoming.on(e, l as Listener),
    off: (e, l) => (l ? incoming.off(e, l as Listener) : incoming.removeAllListeners(e)),
    emit: (...args) => emitted.push(args),
    disconnect: () => undefined,
  };
  return { socket, incoming, emitted };
}

describe('attachSessionHandlers', () => {
  it('joins notifications on connect and reports status every 5 minutes', () => {
    vi.useFakeTimers();
    const { socket, incoming, emitted } = fakeSocket();
    const cleanup = attachSessionHandlers(socket, {
      companyId: 2,
      userId: 7,
      onOtherLogin: () => undefined,
    });
    incoming.emit('connect');
    expect(emitted).toEqual([['joinNotification']]);
    vi.advanceTimersByTime(USER_STATUS_INTERVAL_MS);
    expect(emitted).toEqual([['joinNotification'], ['userStatus']]);
    cleanup();
    vi.advanceTimersByTime(USER_STATUS_INTERVAL_MS * 2);
    expect(emitted).toHaveLength(2);
    vi.useRealTimers();
  });

  it('ends the session only when this user logged in elsewhere', () => {
    const { socket, incoming } = fakeSocket();
    const onOtherLogin = vi.fn();
    const cleanup = attachSessionHandlers(socket, {
      companyId: 2,
      userId: 7,
      onOtherLogin,
      setInterval: () => 0,
      clearInterval: () => undefined,
    });
    incoming.emit('company-2-auth', { action: 'update', user: { id: 8 } });
    incoming.emit('company-2-auth', { action: 'delete', user: { id: 7 } });
    incoming.emit('company-3-auth', { action: 'update', user: { id: 7 } });
    expect(onOtherLogin).not.toHaveBeenCalled();
    incoming.emit('company-2-auth', { action: 'update', user: { id: 7 } });
    expect(onOtherLogin).toHaveBeenCalledTimes(1);
    cleanup();
  });
});
