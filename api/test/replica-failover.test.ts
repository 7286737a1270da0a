import net from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from './support/api-process.js';
import { DEMO_ADMIN } from './support/api.js';
import { createTestDatabase } from './support/database.js';

/**
 * Two api processes over one database behind a failover address, as an ingress or a Service
 * in front of replicas (docs/operations.md#api-replicas): console sockets connected through it
 * to replica A follow when A is SIGKILLed, reconnect to B, and get B's pushes; what B wrote
 * while they were away is what the REST read returns. Pushes cross processes through the
 * Socket.IO PostgreSQL adapter (a write on B reaches a socket on A).
 */
let db: { url: string; drop: () => Promise<void> };
let a: ApiProcess;
let b: ApiProcess;
let proxy: net.Server;
let proxyUrl: string;
/** Connections the proxy made, by replica: shows who served each socket. */
const served = { a: 0, b: 0 };

/** Polls `check` until it returns a value; fails after `ms` (a bound, not a measure). */
async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A TCP proxy that sends every new connection to A, or to B when A refuses: the failover an
 * ingress does when a backend dies. Each connection stays on the replica it reached.
 */
function startFailoverProxy(): Promise<net.Server> {
  const server = net.createServer((client) => {
    client.pause();
    const tryReplica = (which: 'a' | 'b') => {
      const upstream = net.connect((which === 'a' ? a : b).port, '127.0.0.1');
      upstream.once('connect', () => {
        served[which]++;
        client.pipe(upstream).pipe(client);
        client.resume();
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
      });
      upstream.once('error', () => {
        if (which === 'a') tryReplica('b');
        else client.destroy();
      });
    };
    tryReplica('a');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  db = await createTestDatabase();
  // One after the other: the first migrates and seeds, the second finds it done.
  a = await startApiProcess(db.url);
  b = await startApiProcess(db.url);
  proxy = await startFailoverProxy();
  proxyUrl = `http://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
}, 240_000);

afterAll(async () => {
  await new Promise<void>((r) => (proxy ? proxy.close(() => r()) : r()));
  await a?.stop('SIGKILL');
  await b?.stop();
  await db?.drop();
});

interface TagPush {
  action: string;
  tag?: { id: number; name: string };
}

describe('an api replica killed under connected sockets', () => {
  it('moves its sockets to the other replica, which pushes and serves the current state', async () => {
    const login = await fetch(`${b.url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(DEMO_ADMIN),
    });
    expect(login.status).toBe(200);
    const { token, user } = (await login.json()) as {
      token: string;
      user: { id: number; companyId: number };
    };
    const onB = (method: string, path: string, body?: unknown) =>
      fetch(`${b.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    const createTag = async (body: { name: string; color: string }) => {
      const res = await onB('POST', '/tags', body);
      expect(res.ok, await res.text()).toBe(true);
    };

    // Console sockets as web/src/lib/realtime/socket.ts opens them: default transports
    // (long-polling, then the websocket upgrade), reconnecting without end.
    const sockets: Socket[] = [0, 1].map(() =>
      io(`${proxyUrl}/${user.companyId}`, {
        auth: (cb) => cb({ token }),
        query: { userId: String(user.id) },
        reconnection: true,
        reconnectionDelay: 200,
        reconnectionDelayMax: 1_000,
        reconnectionAttempts: Infinity,
        forceNew: true,
      }),
    );
    const pushes: TagPush[][] = sockets.map(() => []);
    const reconnects = sockets.map(() => 0);
    sockets.forEach((s, i) => {
      s.on(`company-${user.companyId}-tag`, (p: TagPush) => pushes[i]!.push(p));
      s.io.on('reconnect', () => reconnects[i]!++);
    });
    const pushed = (name: string) => () =>
      pushes.every((list) => list.some((p) => p.action === 'create' && p.tag?.name === name))
        ? true
        : undefined;

    try {
      await until('the sockets to connect', () =>
        sockets.every((s) => s.connected) ? true : undefined,
      );
      expect(served.b).toBe(0);

      // Before the kill: a write on B reaches the sockets held by A (across processes).
      await createTag({ name: 'antes', color: '#112233' });
      await until('the push of B to sockets on A', pushed('antes'));

      a.child.kill('SIGKILL');
      await until('replica A to die', () => (a.alive() ? undefined : true));
      // B writes while the sockets are away or coming back: the REST read shows it.
      await createTag({ name: 'durante', color: '#445566' });

      await until('the sockets to reconnect through B', () =>
        sockets.every((s, i) => s.connected && reconnects[i]! > 0) ? true : undefined,
      );
      expect(served.b).toBeGreaterThan(0);

      // After reconnecting: B's pushes arrive again…
      await createTag({ name: 'depois', color: '#778899' });
      await until('the push of B after the failover', pushed('depois'));
      // …and the console's refetch reads the current state, the write made meanwhile included.
      const list = await fetch(`${proxyUrl}/tags`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(list.status).toBe(200);
      const names = ((await list.json()) as { tags: { name: string }[] }).tags.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['antes', 'durante', 'depois']));
      expect(b.alive(), b.output()).toBe(true);
    } finally {
      for (const s of sockets) s.close();
    }
  }, 120_000);
});
