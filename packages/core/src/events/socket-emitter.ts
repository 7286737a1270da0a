import { decode, encode } from '@msgpack/msgpack';
import { Emitter } from '@socket.io/postgres-emitter';
import pg from 'pg';
import { realtimeEventName, realtimeRawEventName } from '@atendo/contract';
import type { Pushes } from './pushes.js';

/**
 * Socket pushes from a process that serves no socket (the worker). The api's Socket.IO servers
 * use the PostgreSQL adapter (realtime/server.ts): an emit here is a NOTIFY on the channel of
 * the company's namespace (`/{companyId}`), which every api process relays to its clients in
 * the named rooms, exactly as if the api had emitted it.
 */
export interface SocketEmitter extends Pushes {
  close(): Promise<void>;
}

type Query = (text: string, params?: unknown[]) => Promise<pg.QueryResult>;

/**
 * The emitter's messages carry their namespace only inside the packet, while the adapter
 * (0.4 and later) routes a message by its top-level `nsp` and drops one without it. The pool
 * an emitter of namespace `nsp` gets stamps it on what the emitter publishes: the NOTIFY
 * payload, and the msgpack attachment of a payload too large for NOTIFY.
 */
function stampNamespace(query: Query, nsp: string): { query: Query } {
  return {
    query: (text, params = []) => {
      if (text.startsWith('SELECT pg_notify')) {
        const [channel, payload] = params as [string, string];
        return query(text, [channel, JSON.stringify({ ...JSON.parse(payload), nsp })]);
      }
      if (text.startsWith('INSERT INTO') && params[0] instanceof Uint8Array) {
        const message = decode(params[0]) as Record<string, unknown>;
        return query(text, [Buffer.from(encode({ ...message, nsp }))]);
      }
      return query(text, params);
    },
  };
}

/** An emitter over its own small pool (NOTIFY needs no long-lived connection). */
export function createSocketEmitter(databaseUrl: string): SocketEmitter {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // An idle client's error must not crash the process; the next emit gets a fresh client.
  pool.on('error', () => {});
  const query = pool.query.bind(pool) as Query;
  const emitters = new Map<number, Emitter>();
  const emitterOf = (companyId: number): Emitter => {
    let emitter = emitters.get(companyId);
    if (!emitter) {
      const nsp = `/${companyId}`;
      emitter = new Emitter(stampNamespace(query, nsp), nsp);
      emitters.set(companyId, emitter);
    }
    return emitter;
  };
  return {
    emit(companyId, entity, rooms, payload, except = []) {
      if (rooms.length === 0) return;
      emitterOf(companyId)
        .to(rooms)
        .except(except)
        .emit(realtimeEventName(companyId, entity), payload);
    },
    emitRaw(companyId, event, rooms, payload, ...key) {
      if (rooms.length === 0) return;
      emitterOf(companyId)
        .to(rooms)
        .emit(realtimeRawEventName(companyId, event, ...key), payload);
    },
    close: () => pool.end(),
  };
}
