import type { ScheduleView } from '@atendo/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Cache keys of the schedules feature. */
export const scheduleKeys = {
  all: ['schedules'] as const,
  ranges: () => [...scheduleKeys.all, 'range'] as const,
  range: (searchParam: string, dateFrom: string, dateTo: string) =>
    [...scheduleKeys.ranges(), searchParam, dateFrom, dateTo] as const,
  detail: (id: number) => [...scheduleKeys.all, 'detail', id] as const,
};

/** More pages than a calendar window ever holds; a runaway list stops here. */
const MAX_PAGES = 50;

/** The calendar's window as the api reads it: sendAt from (inclusive) and to (exclusive). */
export interface ScheduleWindow {
  dateFrom: Date;
  dateTo: Date;
}

/**
 * Every schedule whose send time falls in the calendar's visible window (every page of GET
 * /schedules for that window), searched by text or contact name. A calendar shows a whole
 * period at once, so the pages are read to the end rather than on scroll.
 */
export function useSchedulesInWindow(searchParam: string, window: ScheduleWindow, enabled = true) {
  const dateFrom = window.dateFrom.toISOString();
  const dateTo = window.dateTo.toISOString();
  return useQuery({
    queryKey: scheduleKeys.range(searchParam, dateFrom, dateTo),
    enabled,
    queryFn: async ({ signal }) => {
      const schedules: ScheduleView[] = [];
      for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
        const page = await api.call('schedulesIndex', {
          query: { searchParam, pageNumber, dateFrom, dateTo },
          signal,
        });
        schedules.push(...page.schedules);
        if (!page.hasMore) break;
      }
      return { schedules };
    },
    placeholderData: (previous) => previous,
  });
}

/** One schedule (the modal reads it fresh on each opening). */
export function useSchedule(id: number | null) {
  return useQuery({
    queryKey: scheduleKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.call('schedulesShow', { params: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}
