import type { RealtimeEntity, RealtimePayload } from '@atendo/api-client';
import type { CompanyEventEntity } from '@atendo/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  removeRecord,
  upsertRecord,
  type IdOf,
  type InsertAt,
  type ListShape,
  type RecordId,
} from '../cache/list-cache';
import { loadedRows, patchPagedList } from '../cache/paged-list';

/** A company event as the api sends it: `{ action, <record or id fields> }`. */
export interface SocketPayload {
  action?: string;
  [field: string]: unknown;
}

/** One event read through its binding. */
export interface SocketCacheEvent<T> {
  action: string;
  /** The record carried by create/update (absent when the payload has none). */
  record?: T;
  /** The record's id (from the record, or the delete's id field). */
  id?: RecordId;
}

/** Who is listening: lets a binding touch the session's own data (e.g. its user). */
export interface SocketCacheContext {
  client: QueryClient;
  companyId: number;
  userId: number;
}

/**
 * How one entity's events `company-{id}-{entity}` change the cache. `merge` writes the payload
 * into the cached lists and detail at once; `invalidate` refetches them instead (for lists the
 * client cannot rebuild alone, e.g. filtered or sorted server-side).
 */
export interface SocketCacheBinding<T = Record<string, unknown>> {
  entity: CompanyEventEntity;
  /** Payload field holding the record on create/update, e.g. `user` (none: ids only). */
  recordField?: string;
  /** Payload field holding the id on delete, e.g. `userId` (else the record's id). */
  idField?: string;
  /** The record's id; `record.id` when omitted. */
  idOf?: IdOf<T>;
  /** Key prefixes of the cached lists holding these records, and their shape. */
  lists?: { queryKey: QueryKey; field?: string; insertAt?: 'start' | 'end' }[];
  /**
   * Key prefixes of the paged lists (a page object, or the pages of an infinite query) holding
   * these records: updated and deleted rows are patched in the loaded pages, anything else refetches.
   */
  pages?: PagedListBinding<T>[];
  /** The detail query of one record. */
  detail?: (id: RecordId) => QueryKey;
  /** Refetched on every event of the entity (data derived from it). */
  invalidate?: QueryKey[];
  strategy?: 'merge' | 'invalidate';
  /** Refetched after a reconnect besides the lists above (e.g. details on screen). */
  reconnect?: QueryKey[];
  /** Whatever else one event must change. */
  onEvent?: (event: SocketCacheEvent<T>, context: SocketCacheContext) => void;
}

/**
 * One paged list a binding keeps in step: `{ [field]: rows, count?, hasMore? }` pages, either one
 * page per query or the `pages` of an infinite query. Sorting and searching are the server's,
 * so only what cannot move a row is done in place; counts are left to the next fetch.
 */
export interface PagedListBinding<T> {
  queryKey: QueryKey;
  /** The page field holding the rows, e.g. `tags`. */
  field: string;
  /**
   * Whether an update can be merged into the loaded rows (`loaded`: every cached copy of the
   * record, none when it is not on screen); false refetches the lists. Default: always.
   */
  inPlace?: (loaded: readonly Partial<T>[], record: T) => boolean;
  /** The row a record becomes (a list row is often narrower than the event's view). */
  toRow?: (record: T) => object;
  /**
   * A create: added at the start of the first page or the end of the last, refetched (default:
   * where it lands is the server's sort), or left to `onEvent` (`ignore`).
   */
  onCreate?: InsertAt | 'refetch' | 'ignore';
  /** A delete removes the row in place (default) or refetches the lists. */
  onDelete?: 'remove' | 'refetch';
}

const defaultIdOf = (record: unknown) => (record as { id: RecordId }).id;

/** Reads a payload through its binding: the action, the record and its id. */
export function readSocketEvent<T>(
  binding: SocketCacheBinding<T>,
  payload: SocketPayload,
): SocketCacheEvent<T> {
  const idOf = binding.idOf ?? defaultIdOf;
  const raw = binding.recordField ? payload?.[binding.recordField] : undefined;
  const record = raw !== null && typeof raw === 'object' ? (raw as T) : undefined;
  const carried = binding.idField ? payload?.[binding.idField] : undefined;
  const id =
    typeof carried === 'string' || typeof carried === 'number'
      ? carried
      : record
        ? idOf(record)
        : undefined;
  return { action: String(payload?.action ?? ''), record, id };
}

function invalidateAll(client: QueryClient, keys: (QueryKey | undefined)[]): void {
  for (const queryKey of keys) if (queryKey) void client.invalidateQueries({ queryKey });
}

/**
 * Applies one event to the cache: create/update upserts the record into every cached list and
 * sets its detail, delete removes it from both, and any other action (reload…) or a payload
 * the binding cannot read refetches the entity's queries.
 */
export function applySocketEvent<T>(
  binding: SocketCacheBinding<T>,
  payload: SocketPayload,
  context: SocketCacheContext,
): SocketCacheEvent<T> {
  const { client } = context;
  const event = readSocketEvent(binding, payload);
  const idOf = binding.idOf ?? (defaultIdOf as IdOf<T>);
  const lists = binding.lists ?? [];
  const shape = (list: (typeof lists)[number]): ListShape<T> => ({
    idOf,
    field: list.field,
    insertAt: list.insertAt,
  });
  const detailKey = event.id !== undefined ? binding.detail?.(event.id) : undefined;
  const isWrite = event.action === 'create' || event.action === 'update';
  const isDelete = event.action === 'delete';
  const readable = (isWrite && event.record) || (isDelete && event.id !== undefined);

  if (!readable || binding.strategy === 'invalidate') {
    if (isDelete && detailKey) client.removeQueries({ queryKey: detailKey, exact: true });
    invalidateAll(client, [...lists.map((l) => l.queryKey), isDelete ? undefined : detailKey]);
  } else if (isWrite && event.record) {
    const record = event.record;
    for (const list of lists)
      client.setQueriesData({ queryKey: list.queryKey }, (data: unknown) =>
        upsertRecord(data, record, shape(list)),
      );
    if (detailKey)
      client.setQueryData(detailKey, (old: unknown) =>
        old && typeof old === 'object' ? { ...old, ...record } : record,
      );
  } else if (event.id !== undefined) {
    const id = event.id;
    for (const list of lists)
      client.setQueriesData({ queryKey: list.queryKey }, (data: unknown) =>
        removeRecord(data, id, shape(list)),
      );
    if (detailKey) client.removeQueries({ queryKey: detailKey, exact: true });
  }
  for (const list of binding.pages ?? []) applyToPages(client, list, event, binding, idOf);
  invalidateAll(client, binding.invalidate ?? []);
  binding.onEvent?.(event, context);
  return event;
}

/** One event on one paged list: patched in place when it cannot move a row, else refetched. */
function applyToPages<T>(
  client: QueryClient,
  list: PagedListBinding<T>,
  event: SocketCacheEvent<T>,
  binding: SocketCacheBinding<T>,
  idOf: IdOf<T>,
): void {
  const { record, id, action } = event;
  const refetch = () => void client.invalidateQueries({ queryKey: list.queryKey });
  const rowOf = (r: T) => (list.toRow ? (list.toRow(r) as T) : r);
  const shape = { idOf, field: list.field };
  if (binding.strategy === 'invalidate') return refetch();
  if (action === 'update' && record) {
    const loaded = loadedRows<T>(client, list.queryKey, list.field, idOf, idOf(record));
    if (!(list.inPlace?.(loaded, record) ?? true)) return refetch();
    patchPagedList(client, list.queryKey, shape, { upsert: rowOf(record), insert: false });
  } else if (action === 'create' && record && list.onCreate && list.onCreate !== 'refetch') {
    if (list.onCreate === 'ignore') return;
    patchPagedList(client, list.queryKey, shape, { upsert: rowOf(record), insert: list.onCreate });
  } else if (action === 'delete' && id !== undefined && list.onDelete !== 'refetch') {
    patchPagedList(client, list.queryKey, shape, { remove: id });
  } else refetch();
}

/** The payload members of entity `E` (docs/product/realtime.md#events). */
type Payload<E extends RealtimeEntity> = RealtimePayload<E>;
type KeysOf<P> = P extends unknown ? keyof P : never;
type RecordIn<P, F extends PropertyKey> = P extends { [K in F]: infer R }
  ? Extract<R, object>
  : never;

/** The payload fields of `E` that carry a record (an object) in some action. */
export type RecordFieldOf<E extends RealtimeEntity> = {
  [F in KeysOf<Payload<E>>]: [RecordIn<Payload<E>, F>] extends [never] ? never : F;
}[KeysOf<Payload<E>>];

/** The record `E`'s payload carries under `F`, as the contract declares it. */
export type EventRecord<E extends RealtimeEntity, F extends RecordFieldOf<E>> = RecordIn<
  Payload<E>,
  F
>;

/** A binding declared from the contract: entity, record and id fields checked against the payload. */
export type EventBinding<E extends RealtimeEntity, F extends RecordFieldOf<E>> = Omit<
  SocketCacheBinding<EventRecord<E, F>>,
  'entity' | 'recordField' | 'idField'
> & {
  entity: E;
  /** Omitted for events carrying ids only (they refetch). */
  recordField?: F;
  /** The payload field holding the id on delete. */
  idField?: Exclude<KeysOf<Payload<E>>, 'action'>;
};

/**
 * Declares how event `company-{id}-{entity}` patches the cache, typed from its payload schema in
 * packages/contract/src/realtime.ts: `eventBinding({ entity: 'tag', recordField: 'tag', … })`
 * hands `tag: TagView` to every callback and rejects a field the payload does not have.
 */
export function eventBinding<
  const E extends RealtimeEntity & CompanyEventEntity,
  const F extends RecordFieldOf<E> = never,
>(binding: EventBinding<E, F>): SocketCacheBinding<EventRecord<E, F>> {
  return binding as SocketCacheBinding<EventRecord<E, F>>;
}

/** Every key prefix a binding touches: what a reconnect must refetch. */
export function boundQueryKeys(binding: SocketCacheBinding<never>): QueryKey[] {
  return [
    ...(binding.lists ?? []).map((l) => l.queryKey),
    ...(binding.pages ?? []).map((l) => l.queryKey),
    ...(binding.invalidate ?? []),
    ...(binding.reconnect ?? []),
  ];
}

/** Declares a binding with its record type checked (`SocketCacheBinding<T>` kept precise). */
export function socketBinding<T>(binding: SocketCacheBinding<T>): SocketCacheBinding<T> {
  return binding;
}
