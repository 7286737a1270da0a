import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { IdOf, InsertAt, RecordId } from './list-cache';

/** A page of a list as the api answers it: `{ [field]: rows, count?, hasMore? }`. */
type Page = Record<string, unknown>;

/** How the rows sit in a paged list's pages. */
export interface PagedShape<T> {
  idOf: IdOf<T>;
  /** The page field holding the rows, e.g. `tags`. */
  field: string;
}

/** One change to a paged list. */
export type PagedChange<T> =
  /** Merge `upsert` over its loaded row; when absent, add it (`insert`) or leave the list. */
  | { upsert: T; insert: InsertAt | false }
  /** Drop the row of `remove`. */
  | { remove: RecordId };

function isInfinite(data: unknown): data is InfiniteData<Page> {
  const d = data as Partial<InfiniteData<Page>> | null;
  return !!d && Array.isArray(d.pages) && Array.isArray(d.pageParams);
}

/** The cached pages of one query: the infinite query's pages, or the one page it holds. */
function pagesOf(data: unknown): Page[] {
  if (isInfinite(data)) return data.pages;
  return data && typeof data === 'object' ? [data as Page] : [];
}

function rowsOf<T>(page: Page, field: string): T[] | undefined {
  const rows = page?.[field];
  return Array.isArray(rows) ? (rows as T[]) : undefined;
}

/** Every cached copy of the record `id` in the lists under `queryKey`. */
export function loadedRows<T>(
  client: QueryClient,
  queryKey: QueryKey,
  field: string,
  idOf: IdOf<T>,
  id: RecordId,
): Partial<T>[] {
  const found: Partial<T>[] = [];
  for (const [, data] of client.getQueriesData({ queryKey }))
    for (const page of pagesOf(data))
      for (const row of rowsOf<T>(page, field) ?? []) if (idOf(row) === id) found.push(row);
  return found;
}

/** One query's data with `change` applied; the same object when nothing changed. */
export function changePages<T>(data: unknown, shape: PagedShape<T>, change: PagedChange<T>) {
  const pages = pagesOf(data);
  if (pages.length === 0) return data;
  const { field, idOf } = shape;
  let touched = false;
  const next = pages.map((page) => {
    const rows = rowsOf<T>(page, field);
    if (!rows) return page;
    let changed: T[];
    if ('remove' in change) changed = rows.filter((row) => idOf(row) !== change.remove);
    else {
      const id = idOf(change.upsert);
      changed = rows.map((row) => (idOf(row) === id ? { ...row, ...change.upsert } : row));
    }
    if (changed.some((row, i) => row !== rows[i]) || changed.length !== rows.length) {
      touched = true;
      return { ...page, [field]: changed };
    }
    return page;
  });
  if (!touched && 'upsert' in change && change.insert) {
    const at = change.insert === 'start' ? 0 : next.length - 1;
    const rows = rowsOf<T>(next[at]!, field) ?? [];
    next[at] = {
      ...next[at],
      [field]: change.insert === 'start' ? [change.upsert, ...rows] : [...rows, change.upsert],
    };
    touched = true;
  }
  if (!touched) return data;
  return isInfinite(data) ? { ...data, pages: next } : next[0];
}

/** Applies `change` to every cached list under `queryKey` (each page of each query). */
export function patchPagedList<T>(
  client: QueryClient,
  queryKey: QueryKey,
  shape: PagedShape<T>,
  change: PagedChange<T>,
): void {
  client.setQueriesData({ queryKey }, (data: unknown) => changePages(data, shape, change));
}
