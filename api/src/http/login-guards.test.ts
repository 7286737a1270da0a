import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type RequestHandler } from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pacedLane, type PacedLaneOptions } from './login-guards.js';

/**
 * The paced lane behind a stand-in for the per-IP limiter (`?used=` past a limit of 0, keyed by
 * `?ip=`) and a stand-in for the password check that counts how many run at once per address.
 */
function harness(o: PacedLaneOptions) {
  const running = new Map<string, number>();
  const most = new Map<string, number>();
  const checked: string[] = [];
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const budget: RequestHandler = (req, _res, next) => {
    const used = Number(req.query.used ?? 1);
    Object.assign(req, { loginIpBudget: { limit: 0, used, key: String(req.query.ip) } });
    next();
  };
  const check: RequestHandler = async (req, res) => {
    const ip = String(req.query.ip);
    checked.push(String(req.query.id));
    running.set(ip, (running.get(ip) ?? 0) + 1);
    most.set(ip, Math.max(most.get(ip) ?? 0, running.get(ip)!));
    await gate;
    running.set(ip, running.get(ip)! - 1);
    res.json({ ok: true });
  };
  const app = express();
  app.get('/login', budget, pacedLane(o), check);
  const server: Server = app.listen(0, '127.0.0.1');
  servers.push(server);
  const url = new Promise<string>((resolve) =>
    server.once('listening', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
  return {
    most,
    checked,
    /** Lets every check that waits (and every later one) finish. */
    open: () => open(),
    async attempt(ip: string, id: string, used = 1, signal?: AbortSignal) {
      const started = Date.now();
      const res = await fetch(`${await url}/login?ip=${ip}&id=${id}&used=${used}`, { signal });
      return { status: res.status, ms: Date.now() - started };
    },
  };
}

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the paced lane of addresses past their login budget', () => {
  it('checks one attempt at a time per address, and other addresses beside it', async () => {
    const h = harness({ pauseMs: () => 10, maxWaiting: 10 });
    const attempts = [
      ...Array.from({ length: 5 }, (_, i) => h.attempt('a', `a${i}`)),
      ...Array.from({ length: 3 }, (_, i) => h.attempt('b', `b${i}`)),
    ];
    // One check per address starts (on a busy machine, later than at once); the rest wait for
    // it, not for the other address.
    await vi.waitFor(() => expect(h.checked.length).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
    await settle(50);
    expect(h.checked).toHaveLength(2);
    h.open();
    expect((await Promise.all(attempts)).map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(h.most.get('a')).toBe(1);
    expect(h.most.get('b')).toBe(1);
  });

  it('lets attempts within the budget straight through, side by side', async () => {
    const h = harness({ pauseMs: () => 1000, maxWaiting: 10 });
    const attempts = Array.from({ length: 3 }, (_, i) => h.attempt('a', `a${i}`, 0));
    await vi.waitFor(() => expect(h.checked).toHaveLength(3), { timeout: 5_000 });
    h.open();
    for (const a of await Promise.all(attempts)) expect(a).toMatchObject({ status: 200 });
  });

  it('pauses each attempt by how far its address is past the budget', async () => {
    const h = harness({ pauseMs: (past) => Math.min(300, 100 * past), maxWaiting: 10 });
    h.open();
    expect((await h.attempt('a', 'a1', 1)).ms).toBeGreaterThanOrEqual(95);
    expect((await h.attempt('a', 'a2', 2)).ms).toBeGreaterThanOrEqual(195);
    expect((await h.attempt('a', 'a9', 9)).ms).toBeGreaterThanOrEqual(295);
  });

  it('refuses at once, unchecked, what would wait past the queue', async () => {
    const h = harness({ pauseMs: () => 0, maxWaiting: 2 });
    const answered: number[] = [];
    const attempts = Array.from({ length: 5 }, (_, i) =>
      h.attempt('a', `a${i}`).then((r) => answered.push(r.status)),
    );
    // One is being checked and two wait behind it: the other two were refused, unchecked.
    await vi.waitFor(() => expect(answered).toEqual([429, 429]), { timeout: 5_000 });
    expect(h.checked).toHaveLength(1);
    h.open();
    await Promise.all(attempts);
    expect(answered.slice(2)).toEqual([200, 200, 200]);
    expect(h.checked).toHaveLength(3);
  });

  it('never checks an attempt whose client left while it waited, and keeps the lane moving', async () => {
    const h = harness({ pauseMs: () => 0, maxWaiting: 10 });
    const first = h.attempt('a', 'first');
    const leaving = new AbortController();
    const left = h.attempt('a', 'left', 1, leaving.signal).catch(() => 'aborted');
    await vi.waitFor(() => expect(h.checked).toEqual(['first']), { timeout: 5_000 });
    await settle(50); // 'left' reaches the lane and waits there
    leaving.abort();
    expect(await left).toBe('aborted');
    await settle(50);
    h.open();
    expect((await first).status).toBe(200);
    expect((await h.attempt('a', 'after')).status).toBe(200);
    expect(h.checked).toEqual(['first', 'after']);
  });
});
