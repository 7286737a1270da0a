import { companyEvent } from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { useCurrentUser } from '../auth/auth-provider';
import { useSocket } from './realtime-provider';
import {
  applySocketEvent,
  boundQueryKeys,
  type SocketCacheBinding,
  type SocketPayload,
} from './socket-cache';

/**
 * Calls `refetch` each time the socket is back after a drop (the api replica it was on may have
 * died): whatever was pushed meanwhile was lost (docs/product/realtime.md). Returns the cleanup.
 */
export function onReconnect(socket: Pick<Socket, 'io'>, refetch: () => void): () => void {
  socket.io.on('reconnect', refetch);
  return () => void socket.io.off('reconnect', refetch);
}

/**
 * Keeps the cache in step with the company's socket for the given bindings (pass a stable,
 * module-level array). After a reconnect, events may have been missed, so every bound list
 * (plain or paged) and derived query is refetched; only the active ones hit the api.
 */
export function useSocketCache(bindings: readonly SocketCacheBinding<never>[]): void {
  const socket = useSocket();
  const client = useQueryClient();
  const { companyId, id: userId } = useCurrentUser();

  useEffect(() => {
    if (!socket) return;
    const context = { client, companyId, userId };
    const handlers = bindings.map((binding) => {
      const event = companyEvent(companyId, binding.entity);
      const handler = (payload: SocketPayload) => applySocketEvent(binding, payload, context);
      socket.on(event, handler);
      return () => socket.off(event, handler);
    });
    const offReconnect = onReconnect(socket, () => {
      for (const binding of bindings)
        for (const queryKey of boundQueryKeys(binding)) void client.invalidateQueries({ queryKey });
    });
    return () => {
      for (const off of handlers) off();
      offReconnect();
    };
  }, [socket, client, companyId, userId, bindings]);
}
