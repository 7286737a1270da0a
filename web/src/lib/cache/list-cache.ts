/** A record's identity in a cached list. */
export type RecordId = string | number;
export type IdOf<T> = (record: T) => RecordId;

/** Where a record new to a list goes. */
export type InsertAt = 'start' | 'end';

/**
 * How a cached list is shaped: a plain array (`field` undefined), or a page object holding the
 * array under `field` with an optional `count` of every match (e.g. `{ users, count, hasMore }`).
 */
export interface ListShape<T> {
  idOf: IdOf<T>;
  field?: string;
  insertAt?: InsertAt;
}

type Page = Record<string, unknown> & { count?: unknown };

function itemsOf<T>(data: unknown, field: string | undefined): T[] | undefined {
  if (field === undefined) return Array.isArray(data) ? (data as T[]) : undefined;
  const items = (data as Page | null)?.[field];
  return Array.isArray(items) ? (items as T[]) : undefined;
}

function withItems<T>(
  data: unknown,
  field: string | undefined,
  items: T[],
  delta: number,
): unknown {
  if (field === undefined) return items;
  const page = data as Page;
  const count = typeof page.count === 'number' ? { count: page.count + delta } : {};
  return { ...page, [field]: items, ...count };
}

/** The list with `record` merged over its old copy, or added when absent; other data unchanged. */
export function upsertRecord<T>(data: unknown, record: T, shape: ListShape<T>): unknown {
  const items = itemsOf<T>(data, shape.field);
  if (!items) return data;
  const id = shape.idOf(record);
  const index = items.findIndex((item) => shape.idOf(item) === id);
  if (index >= 0) {
    const next = items.slice();
    next[index] = { ...items[index], ...record };
    return withItems(data, shape.field, next, 0);
  }
  const next = shape.insertAt === 'end' ? [...items, record] : [record, ...items];
  return withItems(data, shape.field, next, 1);
}

/** The list without the record of `id`; other data unchanged. */
export function removeRecord<T>(data: unknown, id: RecordId, shape: ListShape<T>): unknown {
  const items = itemsOf<T>(data, shape.field);
  if (!items) return data;
  const next = items.filter((item) => shape.idOf(item) !== id);
  if (next.length === items.length) return data;
  return withItems(data, shape.field, next, -1);
}
