/** The tickets list's browser-local choices (docs/product/tickets.md#the-tickets-screen): the tab and the show-all toggle. */

export const LIST_TABS = ['open', 'pending', 'group', 'closed', 'search'] as const;
export type ListTab = (typeof LIST_TABS)[number];

const TAB_KEY = 'selectedTab';
const SHOW_ALL_KEY = 'showAllTickets';

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Private mode or a full quota: the choice lasts for this page view only.
  }
}

/** The remembered tab; open when none (or an unknown one) is stored. */
export function readSelectedTab(): ListTab {
  const saved = read(TAB_KEY);
  return (LIST_TABS as readonly string[]).includes(saved ?? '') ? (saved as ListTab) : 'open';
}

export const writeSelectedTab = (tab: ListTab) => write(TAB_KEY, tab);

/** The remembered show-all toggle (the lineage stores it as JSON text). */
export const readShowAll = () => read(SHOW_ALL_KEY) === 'true';

export const writeShowAll = (on: boolean) => write(SHOW_ALL_KEY, on ? 'true' : 'false');
