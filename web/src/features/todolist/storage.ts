/** One to-do entry (docs/product/campaigns.md#entities, local only): its text and when it was created and last edited. */
export interface TodoEntry {
  text: string;
  /** ISO timestamps. */
  createdAt: string;
  updatedAt: string;
}

/**
 * The browser-local key of a user's to-do list (docs/product/campaigns.md#limits-and-defaults leaves the key open): one list per
 * user of this device, so people sharing a computer do not see each other's tasks.
 */
export const todoStorageKey = (userId: number) => `todolist:${userId}`;

const isEntry = (value: unknown): value is TodoEntry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TodoEntry).text === 'string' &&
  typeof (value as TodoEntry).createdAt === 'string' &&
  typeof (value as TodoEntry).updatedAt === 'string';

/** The saved entries; none when nothing (or something unreadable) is stored. */
export function readTodos(key: string): TodoEntry[] {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

/** Saves the entries (silently kept in memory only when storage is unavailable or full). */
export function writeTodos(key: string, entries: readonly TodoEntry[]): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(entries));
  } catch {
    // Private mode or a full quota: the list still works for this page view.
  }
}
