import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
} from '@whiskeysockets/baileys';
import type { Logger } from 'pino';
import type { InternalApi } from './internal-api.js';

/** The creds row key; signal keys are `<type>-<id>` (the protocol's naming). */
const CREDS = 'creds';
/** Keys per read: the api takes at most 2000 per call. */
const READ_BATCH = 500;
/** Per write: at most this many keys and this many JSON bytes (the api's bodies stop at 1 MB). */
export const WRITE_KEYS = 500;
export const WRITE_BYTES = 512 * 1024;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Splits encoded values into writes of at most `maxKeys` keys and about `maxBytes` of JSON (a
 * value bigger than that goes alone). Counting keys was not enough: a few hundred sessions
 * with their chains pass 1 MB and the api refuses the whole write.
 */
export function writeBatches(
  values: Map<string, unknown>,
  maxKeys = WRITE_KEYS,
  maxBytes = WRITE_BYTES,
): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  let batch: Record<string, unknown> = {};
  let keys = 0;
  let bytes = 0;
  for (const [key, value] of values) {
    const size = key.length + (JSON.stringify(value, BufferJSON.replacer)?.length ?? 4) + 6;
    if (keys && (keys >= maxKeys || bytes + size > maxBytes)) {
      out.push(batch);
      batch = {};
      keys = 0;
      bytes = 0;
    }
    batch[key] = value;
    keys++;
    bytes += size;
  }
  if (keys) out.push(batch);
  return out;
}

export interface ApiAuthState {
  state: AuthenticationState;
  /** Queues the creds for writing (call on every `creds.update`); the latest always lands last. */
  saveCreds: () => void;
  /** Resolves once every queued write reached the api, or after `ms` (false then). */
  flush: (ms: number) => Promise<boolean>;
  /** Drops queued writes (the auth state is being wiped) and stops writing. */
  discard: () => void;
  /** True when no creds existed and new ones were made (a QR login follows). */
  fresh: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Baileys' auth state kept by the api (encrypted at rest in that connection's own rows), so a
 * restarted process or a rescheduled pod resumes without a new QR code. Loading throws when the
 * api cannot answer: starting over with new creds would silently log the phone out.
 *
 * Writes go through one queue, in order, latest value per key: Baileys' `creds.update` and key
 * writes can fire many times a second, and two concurrent writes used to land in either order
 * (an older `nextPreKeyId` last breaks decryption after a restart). A write never fails back
 * into Baileys: the values are served from memory until the api has them, and the queue
 * retries through an api outage, so a message decrypted during one is not lost with its keys.
 */
export async function apiAuthState(
  api: InternalApi,
  o: { logger?: Logger; retryMs?: (attempt: number) => number } = {},
): Promise<ApiAuthState> {
  const stored = (await api.readAuth([CREDS]))[CREDS] as AuthenticationCreds | null | undefined;
  const creds = stored ?? initAuthCreds();
  // Kept at once: a restart before the first login then shows the same identity, not a new one.
  if (!stored) await api.writeAuth({ [CREDS]: creds });

  /** Key → value not yet written (null = delete); CREDS means "the current creds". */
  const pending = new Map<string, unknown>();
  let writing: Promise<void> | null = null;
  let discarded = false;
  const idle: (() => void)[] = [];
  const retryMs =
    o.retryMs ?? ((attempt: number) => Math.min(30_000, 500 * 2 ** Math.min(attempt, 6)));

  const run = async () => {
    let attempt = 0;
    while (pending.size && !discarded) {
      const taken = new Map(pending);
      pending.clear();
      // The creds object is Baileys' live one: written as it is now, so the newest wins.
      if (taken.has(CREDS)) taken.set(CREDS, creds);
      const batches = writeBatches(taken);
      try {
        for (const [i, batch] of batches.entries()) {
          try {
            await api.writeAuth(batch);
          } catch (err) {
            // What did not land goes back under anything newer queued meanwhile.
            for (const b of batches.slice(i))
              for (const [k, v] of Object.entries(b)) if (!pending.has(k)) pending.set(k, v);
            throw err;
          }
        }
        attempt = 0;
      } catch (err) {
        const delay = retryMs(attempt++);
        o.logger?.warn({ err: String(err), retryInMs: delay }, 'auth write failed; retrying');
        await sleep(delay);
      }
    }
    writing = null;
    for (const f of idle.splice(0)) f();
  };
  const queue = (key: string, value: unknown) => {
    if (discarded) return;
    pending.set(key, value);
    writing ??= run();
  };

  const state: AuthenticationState = {
    creds,
    keys: {
      get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
        const values: Record<string, unknown> = {};
        const missing: string[] = [];
        for (const id of ids) {
          const key = `${type}-${id}`;
          if (pending.has(key)) values[key] = pending.get(key);
          else missing.push(key);
        }
        for (const batch of chunks(missing, READ_BATCH)) {
          Object.assign(values, await api.readAuth(batch));
        }
        const out: { [id: string]: SignalDataTypeMap[T] } = {};
        for (const id of ids) {
          let value = values[`${type}-${id}`] ?? null;
          // Stored as plain JSON; Baileys expects the protobuf object for these.
          if (
            type === 'app-state-sync-key' &&
            value &&
            !(value instanceof proto.Message.AppStateSyncKeyData)
          ) {
            value = proto.Message.AppStateSyncKeyData.fromObject(value as object);
          }
          if (value !== null) out[id] = value as SignalDataTypeMap[T];
        }
        return out;
      },
      set: (data: SignalDataSet) => {
        for (const type of Object.keys(data) as (keyof SignalDataSet)[]) {
          for (const [id, value] of Object.entries(data[type] ?? {})) {
            queue(`${type}-${id}`, value ?? null);
          }
        }
      },
    },
  };
  return {
    state,
    saveCreds: () => queue(CREDS, creds),
    flush: async (ms) => {
      if (!writing) return true;
      let timer: NodeJS.Timeout | undefined;
      const done = await Promise.race([
        new Promise<boolean>((resolve) => idle.push(() => resolve(true))),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
      ]);
      clearTimeout(timer);
      return done;
    },
    discard: () => {
      discarded = true;
      pending.clear();
    },
    fresh: !stored,
  };
}
