import { useCallback, useState } from 'react';

/** The browser-local key of the announcements a user has seen (ids). */
export const readKey = (userId: number) => `announcementsRead:${userId}`;

function load(userId: number): Set<number> {
  try {
    const raw = globalThis.localStorage?.getItem(readKey(userId));
    const ids: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(ids) ? ids.filter((id) => typeof id === 'number') : []);
  } catch {
    return new Set();
  }
}

/**
 * Which announcements this user has seen, kept in this browser per user. `markRead` keeps
 * only the ids still shown, so the stored list never grows past the active announcements.
 */
export function useAnnouncementReadState(userId: number) {
  const [read, setRead] = useState(() => load(userId));
  const markRead = useCallback(
    (ids: number[]) => {
      const next = new Set(ids);
      setRead(next);
      try {
        globalThis.localStorage?.setItem(readKey(userId), JSON.stringify([...next]));
      } catch {
        // Private mode or a full quota: read state lasts for this page view only.
      }
    },
    [userId],
  );
  return { read, markRead };
}
