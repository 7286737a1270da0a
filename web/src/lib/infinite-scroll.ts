import type { UIEvent } from 'react';

/** The next page loads within this distance of the bottom (docs/product/tickets.md#limits-and-constants). */
export const SCROLL_MARGIN_PX = 100;

/** What an infinite list needs of TanStack Query's infinite query. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The scroll handler of an infinitely scrolling list: fetches the next page when the view
 * comes within SCROLL_MARGIN_PX of the bottom, once at a time.
 */
export function loadMoreNearBottom(list: PagedList) {
  return (e: UIEvent<HTMLElement>) => {
    const el = e.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight > SCROLL_MARGIN_PX) return;
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  };
}
