import pg from 'pg';
import { TENANT_CACHE_CHANNEL } from './migrations/1796600000000-tenant-cache-notify.js';

/**
 * What the request path reads of a company on every request — the caller (authenticate) and
 * the user view (GET /auth/me) — kept in this process between requests, so a request costs no
 * database round trip when nothing changed.
 *
 * It can never serve what a committed change replaced for longer than it takes the change to
 * reach this process:
 * - **Any process's write** (another api replica, the worker's billing, the CLI, psql) to the
 *   tables these reads come from fires a trigger that NOTIFYs the company's id at commit (the
 *   TenantCacheNotify migration); this process LISTENs and drops the company's entries.
 * - **This process's own writes** also drop them synchronously, through the domain events the
 *   use cases publish after commit, before they answer; so a password reset's answer is never
 *   followed by the old token working here.
 * - A read that ran while a change landed is not stored (the company's generation moved).
 * - Without a live LISTEN connection (not yet connected, lost) nothing is cached, and what was
 *   is dropped.
 * - `ttlMs` bounds every entry anyway.
 */
export interface TenantCache {
  /** The cached value of `key` in `companyId`, else `load()`'s (stored when it is not undefined). */
  get<T>(
    companyId: number,
    key: string,
    load: () => Promise<T | undefined>,
  ): Promise<T | undefined>;
  /** Drops everything cached of the company. */
  invalidate(companyId: number): void;
  close(): Promise<void>;
}

/**
 * Domain events after which a company's callers or user views may read differently: whoever
 * builds the cache drops the company's entries on each (server.ts).
 */
export const TENANT_CACHE_EVENTS = [
  'user.created',
  'user.updated',
  'user.deleted',
  'user.logged_in',
  'user.signed_out_everywhere',
  'user.presence_changed',
  'company.updated',
  'company.deleted',
  'invoice.paid',
  'setting.updated',
  'whatsapp.created',
  'whatsapp.updated',
  'whatsapp.deleted',
  'queue.updated',
  'queue.deleted',
] as const;

/** A cache that caches nothing (ttlMs 0, the worker, tests that write behind the api's back). */
export const noTenantCache: TenantCache = {
  get: (_companyId, _key, load) => load(),
  invalidate: () => {},
  close: async () => {},
};

export function startTenantCache(o: {
  /** A connection string for the LISTEN client (a pooled connection cannot hold LISTEN). */
  databaseUrl: string;
  ttlMs: number;
  /** Entries kept at most; past it, everything is dropped and refilled. */
  maxEntries?: number;
  onError: (err: unknown) => void;
}): TenantCache {
  if (o.ttlMs <= 0) return noTenantCache;
  const maxEntries = o.maxEntries ?? 20_000;
  const companies = new Map<number, Map<string, { value: unknown; expires: number }>>();
  /** Per company, bumped by every invalidation: a read that saw it move is not stored. */
  const generations = new Map<number, number>();
  /** Bumped when everything is dropped (listener lost or restarted). */
  let epoch = 0;
  let size = 0;
  let listening = false;
  let closed = false;

  const generation = (companyId: number) => generations.get(companyId) ?? 0;
  function invalidate(companyId: number): void {
    generations.set(companyId, generation(companyId) + 1);
    size -= companies.get(companyId)?.size ?? 0;
    companies.delete(companyId);
  }
  function clear(): void {
    epoch++;
    companies.clear();
    size = 0;
  }

  let listener: pg.Client | null = null;
  let reconnect: NodeJS.Timeout | undefined;
  const gone = new WeakSet<pg.Client>();
  function lost(client: pg.Client, err: unknown): void {
    // An error and the end that follows it, or a failed connect's error and its rejection,
    // report the same loss once.
    if (gone.has(client)) return;
    gone.add(client);
    o.onError(err);
    if (listener === client) listener = null;
    listening = false;
    clear();
    void client.end().catch(() => {});
    if (!closed) reconnect = setTimeout(() => void listen(), 1_000).unref();
  }
  async function listen(): Promise<void> {
    if (closed) return;
    const client = new pg.Client({ connectionString: o.databaseUrl });
    client.on('notification', (n) => {
      const companyId = Number(n.payload);
      if (Number.isSafeInteger(companyId)) invalidate(companyId);
      else clear();
    });
    client.on('error', (err) => lost(client, err));
    client.on('end', () => {
      if (!closed && listener === client) lost(client, new Error('tenant cache listener ended'));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${TENANT_CACHE_CHANNEL}`);
      if (closed) return void (await client.end());
      listener = client;
      // Whatever was read before LISTEN began may already be stale: start empty.
      clear();
      listening = true;
    } catch (err) {
      lost(client, err);
    }
  }
  void listen();

  return {
    async get<T>(companyId: number, key: string, load: () => Promise<T | undefined>) {
      if (!listening) return load();
      const now = Date.now();
      const hit = companies.get(companyId)?.get(key);
      if (hit && hit.expires > now) return hit.value as T;
      const before = generation(companyId);
      const beforeEpoch = epoch;
      const value = await load();
      if (value === undefined || !listening) return value;
      if (generation(companyId) !== before || epoch !== beforeEpoch) return value;
      if (size >= maxEntries) clear();
      let entries = companies.get(companyId);
      if (!entries) companies.set(companyId, (entries = new Map()));
      if (!entries.has(key)) size++;
      entries.set(key, { value, expires: Date.now() + o.ttlMs });
      return value;
    },
    invalidate,
    async close() {
      closed = true;
      listening = false;
      clearTimeout(reconnect);
      clear();
      await listener?.end().catch(() => {});
      listener = null;
    },
  };
}
