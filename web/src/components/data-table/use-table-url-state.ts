import type {
  ColumnFiltersState,
  OnChangeFn,
  PaginationState,
  SortingState,
  Updater,
} from '@tanstack/react-table';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Page sizes a list offers; the first is the default. */
export const PAGE_SIZES = [20, 50, 100] as const;

export interface TableUrlStateOptions {
  /** Rows per page when the URL names none. */
  defaultPageSize?: number;
  /** Column filters kept in the URL, each under its column id; `multi` ones hold a list. */
  filters?: readonly { columnId: string; multi?: boolean }[];
}

/** The URL's names: ?page=2&pageSize=50&search=ana&sort=name.desc,createdAt.asc&status=open */
const PARAM = { page: 'page', pageSize: 'pageSize', search: 'search', sort: 'sort' } as const;

export interface TableUrlState {
  pagination: PaginationState;
  onPaginationChange: OnChangeFn<PaginationState>;
  globalFilter: string;
  onGlobalFilterChange: OnChangeFn<string>;
  columnFilters: ColumnFiltersState;
  onColumnFiltersChange: OnChangeFn<ColumnFiltersState>;
  sorting: SortingState;
  onSortingChange: OnChangeFn<SortingState>;
  /** Steps back to the last page when the data shrank under the page in the URL. */
  ensurePageInRange: (pageCount: number) => void;
}

function resolve<T>(updater: Updater<T>, old: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater;
}

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

function readSorting(value: string | null): SortingState {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => {
      const dot = part.lastIndexOf('.');
      const id = dot > 0 ? part.slice(0, dot) : part;
      return { id, desc: dot > 0 && part.slice(dot + 1) === 'desc' };
    })
    .filter((sort) => sort.id.length > 0);
}

function writeSorting(sorting: SortingState): string {
  return sorting.map((sort) => `${sort.id}.${sort.desc ? 'desc' : 'asc'}`).join(',');
}

/** Sets or (when empty or the default) removes one param. */
function put(params: URLSearchParams, name: string, value: string, omitWhen = ''): void {
  if (value === omitWhen) params.delete(name);
  else params.set(name, value);
}

/**
 * A list page's table state — page, page size, search, column filters, sort — kept in the URL's
 * search params, so a list can be linked, reloaded and walked with Back. Defaults stay out of
 * the URL; changing search, a filter or the sort goes back to the first page.
 */
export function useTableUrlState(options: TableUrlStateOptions = {}): TableUrlState {
  const [params, setParams] = useSearchParams();
  const defaultPageSize = options.defaultPageSize ?? PAGE_SIZES[0];
  const filterDefs = options.filters;

  const pagination = useMemo(
    () => ({
      pageIndex: positiveInt(params.get(PARAM.page), 1) - 1,
      pageSize: positiveInt(params.get(PARAM.pageSize), defaultPageSize),
    }),
    [params, defaultPageSize],
  );
  const globalFilter = params.get(PARAM.search) ?? '';
  const sorting = useMemo(() => readSorting(params.get(PARAM.sort)), [params]);
  const columnFilters = useMemo<ColumnFiltersState>(
    () =>
      (filterDefs ?? []).flatMap(({ columnId, multi }) => {
        const raw = params.get(columnId);
        if (!raw) return [];
        return [{ id: columnId, value: multi ? raw.split(',').filter(Boolean) : raw }];
      }),
    [params, filterDefs],
  );

  // Two changes in one event (reset search and filters) must both land: the second builds on
  // the first's params until the router renders them.
  const pending = useRef<{ from: URLSearchParams; value: URLSearchParams } | null>(null);

  /** Applies a change to a copy of the params; `resetPage` drops the page param. */
  const update = useCallback(
    (change: (next: URLSearchParams) => void, resetPage: boolean, replace = false) => {
      const base = pending.current?.from === params ? pending.current.value : params;
      const next = new URLSearchParams(base);
      change(next);
      if (resetPage) next.delete(PARAM.page);
      pending.current = { from: params, value: next };
      setParams(next, { replace });
    },
    [params, setParams],
  );

  const onPaginationChange = useCallback<OnChangeFn<PaginationState>>(
    (updater) => {
      const next = resolve(updater, pagination);
      const sizeChanged = next.pageSize !== pagination.pageSize;
      update((p) => {
        put(p, PARAM.page, String(sizeChanged ? 1 : next.pageIndex + 1), '1');
        put(p, PARAM.pageSize, String(next.pageSize), String(defaultPageSize));
      }, false);
    },
    [pagination, update, defaultPageSize],
  );

  const onGlobalFilterChange = useCallback<OnChangeFn<string>>(
    (updater) => {
      const next = resolve(updater, globalFilter) ?? '';
      // Typing replaces the entry, so Back does not walk through every keystroke.
      update((p) => put(p, PARAM.search, String(next)), true, true);
    },
    [globalFilter, update],
  );

  const onColumnFiltersChange = useCallback<OnChangeFn<ColumnFiltersState>>(
    (updater) => {
      const next = resolve(updater, columnFilters);
      update((p) => {
        for (const { columnId } of filterDefs ?? []) {
          const value = next.find((f) => f.id === columnId)?.value;
          put(p, columnId, Array.isArray(value) ? value.join(',') : String(value ?? ''));
        }
      }, true);
    },
    [columnFilters, filterDefs, update],
  );

  const onSortingChange = useCallback<OnChangeFn<SortingState>>(
    (updater) => {
      const next = resolve(updater, sorting);
      update((p) => put(p, PARAM.sort, writeSorting(next)), true);
    },
    [sorting, update],
  );

  const ensurePageInRange = useCallback(
    (pageCount: number) => {
      if (pageCount > 0 && pagination.pageIndex >= pageCount)
        update((p) => put(p, PARAM.page, String(pageCount), '1'), false, true);
    },
    [pagination.pageIndex, update],
  );

  return {
    pagination,
    onPaginationChange,
    globalFilter,
    onGlobalFilterChange,
    columnFilters,
    onColumnFiltersChange,
    sorting,
    onSortingChange,
    ensurePageInRange,
  };
}
