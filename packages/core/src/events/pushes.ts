import {
  checkRealtimePayload,
  companyEvents,
  rawEvents,
  type RealtimeEntity,
  type RealtimeInput,
  type RealtimeRawEvent,
  type RealtimeRawInput,
  type RealtimeRawKey,
} from '@atendo/contract';

/**
 * What listeners that only push need: the api's Socket.IO server, or the worker's PostgreSQL
 * emitter (events/socket-emitter.ts), which reaches the same clients in the same rooms. Only
 * the events declared in packages/contract/src/realtime.ts, with their payloads, can be sent
 * (docs/product/realtime.md#events).
 */
export interface Pushes {
  /**
   * Sends `company-{id}-{entity}` with its declared payload to the given rooms of that company,
   * except sockets in any of the `except` rooms.
   */
  emit<E extends RealtimeEntity>(
    companyId: number,
    entity: E,
    rooms: string[],
    payload: RealtimeInput<E>,
    except?: string[],
  ): void;
  /** Sends a declared raw event (e.g. importMessages-{id}) to rooms of a company. */
  emitRaw<R extends RealtimeRawEvent>(
    companyId: number,
    event: R,
    rooms: string[],
    payload: RealtimeRawInput<R>,
    ...key: RealtimeRawKey<R>
  ): void;
}

/**
 * Whether every push is checked against its declaration (CHECK_REALTIME): on under
 * NODE_ENV=test unless set, as CHECK_SQL_JSON is.
 */
export function realtimeCheckOn(config: { CHECK_REALTIME?: string; NODE_ENV: string }): boolean {
  return (config.CHECK_REALTIME ?? String(config.NODE_ENV === 'test')) === 'true';
}

const mismatches: Error[] = [];

/**
 * The mismatches CHECK_REALTIME met in this process since the last call (then forgotten): the
 * api's test support fails a suite that left any, so a push a listener made (whose error the
 * event bus only logs) still fails its test.
 */
export function takeRealtimeMismatches(): Error[] {
  return mismatches.splice(0);
}

/**
 * Checks every payload against its event's declaration before it leaves
 * (docs/product/realtime.md#events): a mismatch is not sent; it is recorded and thrown to the
 * caller.
 */
export function withRealtimeCheck<P extends Pushes>(pushes: P): P {
  const fail = (err: unknown): never => {
    const error = err instanceof Error ? err : new Error(String(err));
    mismatches.push(error);
    throw error;
  };
  const emit: Pushes['emit'] = (companyId, entity, targets, payload, except) => {
    const def = companyEvents[entity];
    if (!def) fail(new Error(`realtime event company-{id}-${String(entity)} is not declared`));
    try {
      checkRealtimePayload(def, payload);
    } catch (err) {
      fail(err);
    }
    pushes.emit(companyId, entity, targets, payload, except);
  };
  const emitRaw: Pushes['emitRaw'] = (companyId, event, targets, payload, ...key) => {
    const def = rawEvents[event];
    if (!def) fail(new Error(`realtime event ${String(event)} is not declared`));
    try {
      checkRealtimePayload(def, payload);
    } catch (err) {
      fail(err);
    }
    pushes.emitRaw(companyId, event, targets, payload, ...key);
  };
  return { ...pushes, emit, emitRaw };
}
