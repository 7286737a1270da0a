import { act } from '@testing-library/react';
import type { Socket } from 'socket.io-client';

type Handler = (...args: unknown[]) => void;

function emitter() {
  const handlers = new Map<string, Set<Handler>>();
  return {
    on(event: string, handler: Handler) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
    },
    off(event: string, handler?: Handler) {
      if (handler) handlers.get(event)?.delete(handler);
      else handlers.delete(event);
    },
    emit(event: string, ...args: unknown[]) {
      for (const handler of [...(handlers.get(event) ?? [])]) handler(...args);
    },
  };
}

/**
 * A stand-in for the company socket and its manager: the page subscribes as it would to
 * socket.io, the test delivers pushes and drops and restores the connection (the manager's
 * `reconnect`, as after the api replica the socket was on went away).
 */
export function fakeCompanySocket() {
  const events = emitter();
  const manager = emitter();
  const socket = {
    connected: true,
    on(event: string, handler: Handler) {
      events.on(event, handler);
      return socket;
    },
    off(event: string, handler?: Handler) {
      events.off(event, handler);
      return socket;
    },
    emit: () => socket,
    io: {
      on(event: string, handler: Handler) {
        manager.on(event, handler);
        return socket.io;
      },
      off(event: string, handler?: Handler) {
        manager.off(event, handler);
        return socket.io;
      },
    },
  };
  return {
    socket: socket as unknown as Socket,
    /** A push from the api. */
    deliver: (event: string, payload: unknown) => act(() => events.emit(event, payload)),
    /** The connection is lost: pushes sent now never arrive. */
    drop: () =>
      act(() => {
        socket.connected = false;
        events.emit('disconnect', 'transport close');
      }),
    /** The manager got a new connection (to another replica). */
    reconnect: () =>
      act(() => {
        socket.connected = true;
        manager.emit('reconnect', 1);
        events.emit('connect');
      }),
  };
}
