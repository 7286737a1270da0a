import type { RealtimeRawPayload } from '@atendo/api-client';
import type { AnnouncementView } from '@atendo/domain';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket } from '@/lib/realtime/realtime-provider';
import { onRawEvent } from '@/lib/realtime/socket';
import { announcementKeys } from './queries';

type ForCompany = { records: AnnouncementView[]; count?: number; hasMore: boolean };

/** A `company-announcement` push: `{action: create|update, record}` or `{action: delete, id}`. */
export type AnnouncementPush = RealtimeRawPayload<'companyAnnouncement'>;

/** The top bar's order: priority 1 first, then the newest. */
export function byImportance(a: AnnouncementView, b: AnnouncementView): number {
  if (a.priority !== b.priority) return a.priority - b.priority;
  const at = String(a.createdAt ?? '');
  const bt = String(b.createdAt ?? '');
  return at === bt ? b.id - a.id : bt.localeCompare(at);
}

/**
 * The top bar's list after a push (docs/product/internal-chat-and-announcements.md: create and update insert or replace, delete
 * removes; an inactive one is removed too).
 */
export function applyAnnouncementPush(
  records: AnnouncementView[],
  push: AnnouncementPush,
): AnnouncementView[] {
  if (push.action === 'delete') return records.filter((r) => r.id !== push.id);
  const record = push.record;
  const rest = records.filter((r) => r.id !== record.id);
  return record.status ? [...rest, record].sort(byImportance) : rest;
}

/** Applies a push to the cache: the top bar's list in place, the admin pages read again. */
export function applyAnnouncementPushToCache(client: QueryClient, push: AnnouncementPush): void {
  client.setQueryData<ForCompany>(announcementKeys.forCompany(), (data) => {
    if (!data) return data;
    const records = applyAnnouncementPush(data.records, push);
    const delta = records.length - data.records.length;
    return { ...data, records, count: data.count === undefined ? undefined : data.count + delta };
  });
  void client.invalidateQueries({ queryKey: announcementKeys.pages() });
}

/**
 * Keeps the announcements live on every page (the top bar is always there): the platform's
 * `company-announcement` reaches every company's namespace. After a reconnect the list is
 * read again, since pushes may have been missed.
 */
export function useAnnouncementsLive(): void {
  const socket = useSocket();
  const client = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const offPush = onRawEvent(socket, 'companyAnnouncement', [], (payload) =>
      applyAnnouncementPushToCache(client, payload),
    );
    const onReconnect = () => void client.invalidateQueries({ queryKey: announcementKeys.all });
    socket.io.on('reconnect', onReconnect);
    return () => {
      offPush();
      socket.io.off('reconnect', onReconnect);
    };
  }, [socket, client]);
}
