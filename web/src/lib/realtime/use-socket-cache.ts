import { companyEvent } from '@atendo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentUser } from '../auth/auth-provider';
import { useSocket } from './realtime-provider';
import { applySocketEvent, type SocketCacheBinding, type SocketPayload } from './socket-cache';

/**
 * Keeps the cache in step with the company's socket for the given bindings (pass a stable,
 * module-level array). After a reconnect, events may have been missed, so every bound list
 * and derived query is refetched.
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
    const onReconnect = () => {
      for (const binding of bindings)
        for (const queryKey of [
          ...(binding.lists ?? []).map((l) => l.queryKey),
          ...(binding.invalidate ?? []),
        ])
          void client.invalidateQueries({ queryKey });
    };
    socket.io.on('reconnect', onReconnect);
    return () => {
      for (const off of handlers) off();
      socket.io.off('reconnect', onReconnect);
    };
  }, [socket, client, companyId, userId, bindings]);
}
