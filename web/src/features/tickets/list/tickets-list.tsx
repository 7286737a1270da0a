import { loadMoreNearBottom } from '@/lib/infinite-scroll';
import type { TicketView } from '@atendo/domain';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicketsInfinite, type TicketListFilters } from './queries';
import { TicketRow, type RowOptions } from './ticket-row';

const ROW_ESTIMATE_PX = 92;

/**
 * A tab's tickets: one virtualised scroll over the loaded pages (only the rows in view are in
 * the page), the next page fetched near the bottom.
 */
export function TicketsList({
  filters,
  rowOptions,
}: {
  filters: TicketListFilters;
  rowOptions: (ticket: TicketView) => RowOptions;
}) {
  const { t } = useTranslation();
  const list = useTicketsInfinite(filters);
  const scrollRef = useRef<HTMLDivElement>(null);
  const tickets = useMemo(() => {
    // A row put on top by a live push may come again in the next page: keep its first place.
    const seen = new Set<number>();
    return (list.data?.pages ?? [])
      .flatMap((p) => p.tickets)
      .filter((ticket) => !seen.has(ticket.id) && seen.add(ticket.id));
  }, [list.data]);
  const virtualizer = useVirtualizer({
    count: tickets.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 8,
    getItemKey: (index) => tickets[index]?.id ?? index,
  });

  const onScroll = loadMoreNearBottom(list);

  return (
    <div ref={scrollRef} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto">
      {list.isPending ? (
        <p className="p-4 text-sm text-muted-foreground">{t('tickets.list.loading')}</p>
      ) : tickets.length === 0 ? (
        <div className="p-6 text-center">
          <p className="font-medium">{t('tickets.list.empty.title')}</p>
          <p className="text-sm text-muted-foreground">{t('tickets.list.empty.text')}</p>
        </div>
      ) : (
        <div
          role="list"
          aria-busy={list.isFetching}
          className="relative w-full"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const ticket = tickets[item.index]!;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="absolute left-0 top-0 w-full"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <TicketRow ticket={ticket} options={rowOptions(ticket)} />
              </div>
            );
          })}
        </div>
      )}
      {list.isFetchingNextPage && (
        <p className="p-2 text-center text-xs text-muted-foreground">{t('tickets.list.loading')}</p>
      )}
    </div>
  );
}
