import type { WhatsappView } from '@atendo/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { connectionKeys } from '@/features/connections/queries';
import { flattenChats, unreadsOf, useChatsInfinite } from '@/features/chats/queries';
import { useChatListRealtime } from '@/features/chats/realtime';
import { api } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth/auth-provider';
import { useCompany } from './use-company';

/** Connection statuses the drawer warns about (docs/product/overview.md#console-routes-and-shell Drawer content). */
export const WARNING_STATUSES: readonly string[] = [
  'qrcode',
  'PAIRING',
  'DISCONNECTED',
  'TIMEOUT',
  'OPENING',
];

/** How long a connection must stay in a warning status before the drawer shows it (docs/product/tickets.md#limits-and-constants). */
export const CONNECTION_WARNING_DELAY_MS = 2000;

/** Whether any connection is in a status the drawer warns about. */
export function needsAttention(connections: readonly Pick<WhatsappView, 'status'>[]): boolean {
  return connections.some((c) => WARNING_STATUSES.includes(c.status));
}

/**
 * `value`, but turning true only once it has stayed true for `delayMs` (it turns false at
 * once): a connection passing through OPENING on a quick reconnect never flashes the warning.
 */
export function useDelayedTrue(value: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!value) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return value && shown;
}

/**
 * The drawer's connection warning: the company's connections (the same cache the connections
 * page reads, kept live by the shell's socket bindings) checked after 2000 ms. Reads nothing
 * while `enabled` is false (a user without the connections entry).
 */
export function useConnectionWarning(enabled: boolean): boolean {
  const { data } = useQuery({
    queryKey: connectionKeys.list(),
    queryFn: ({ signal }) => api.call('whatsappIndex', { signal }),
    enabled,
  });
  return useDelayedTrue(enabled && needsAttention(data ?? []), CONNECTION_WARNING_DELAY_MS);
}

/** Whether the router is on the internal chat page (which keeps the chat lists live itself). */
function useOnChatPage(): boolean {
  const { pathname } = useLocation();
  return pathname === '/chats' || pathname.startsWith('/chats/');
}

/**
 * Keeps the chat lists live from the socket for the top bar and the drawer, once for the whole
 * shell; the chat page does it itself while it is open.
 */
export function useShellChatsRealtime(): void {
  const { plan } = useCompany();
  const onChatPage = useOnChatPage();
  useChatListRealtime(plan.useInternalChat === true && !onChatPage);
}

/**
 * The caller's internal chats as the top bar and the drawer show them: the first page of
 * GET /chats (latest activity first) and their unread total (live through
 * useShellChatsRealtime). Nothing is read when the plan has no internal chat.
 */
export function useShellChats() {
  const me = useCurrentUser();
  const { plan } = useCompany();
  const enabled = plan.useInternalChat === true;
  const query = useChatsInfinite('', enabled);
  const chats = enabled ? flattenChats(query.data) : [];
  const unreads = chats.reduce((sum, chat) => sum + unreadsOf(chat, me.id), 0);
  return { enabled, chats, unreads, userId: me.id };
}
