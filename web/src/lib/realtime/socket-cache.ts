import type { CompanyEventEntity } from '@atendo/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  removeRecord,
  upsertRecord,
  type IdOf,
  type ListShape,
  type RecordId,
} from '../cache/list-cache';

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
  /** Payload field holding the record on create/update, e.g. `user`. */
  recordField: string;
  /** Payload field holding the id on delete, e.g. `userId` (else the record's id). */
  idField?: string;
  /** The record's id; `record.id` when omitted. */
  idOf?: IdOf<T>;
  /** Key prefixes of the cached lists holding these records, and their shape. */
  lists?: { queryKey: QueryKey; field?: string; insertAt?: 'start' | 'end' }[];
  /** The detail query of one record. */
  detail?: (id: RecordId) => QueryKey;
  /** Refetched on every event of the entity (data derived from it). */
  invalidate?: QueryKey[];
  strategy?: 'merge' | 'invalidate';
  /** Whatever else one event must change. */
  onEvent?: (event: SocketCacheEvent<T>, context: SocketCacheContext) => void;
}

const defaultIdOf = (record: unknown) => (record as { id: RecordId }).id;

/** Reads a payload through its binding: the action, the record and its id. */
export function readSocketEvent<T>(
  binding: SocketCacheBinding<T>,
  payload: SocketPayload,
): SocketCacheEvent<T> {
  const idOf = binding.idOf ?? defaultIdOf;
  const raw = payload?.[binding.recordField];
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
  invalidateAll(client, binding.invalidate ?? []);
  binding.onEvent?.(event, context);
  return event;
}

/** Declares a binding with its record type checked (`SocketCacheBinding<T>` kept precise). */
export function socketBinding<T>(binding: SocketCacheBinding<T>): SocketCacheBinding<T> {
  return binding;
}
