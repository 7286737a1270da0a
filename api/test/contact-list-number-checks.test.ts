import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberCheckPacing } from '@atendo/core/modules/contacts/check-number.js';
import { DEMO_ADMIN, startTestApi, type TestApi, type TestClient } from './support/api.js';
import { sql } from './support/sql.js';
import { postFile } from './support/upload.js';

/**
 * Issue 24, defect 9: list imports check their numbers on WhatsApp in paced batches (one
 * query per 50 numbers, calls spaced per connection), never one query per row. The real api
 * and its session adapter run against a stand-in session control server that records each
 * call and when it arrived.
 */

const INTERNAL = 'internal-service-token-for-tests';
const CONTROL_KEY = 'control-key-of-the-checking-session-0123456789';
/** The pacing under test: a call waits PAUSE ms after the previous one was answered. */
const PAUSE = 50;

type Logged = TestClient & { user: { id: number; companyId: number } };

/** Which numbers WhatsApp knows: not those ending in 0, 3 or 6. */
const exists = (n: string) => !/[036]$/.test(n);
/** WhatsApp's own form: numbers ending in 11 are known without Brazil's ninth digit. */
const canonical = (n: string) =>
  n.endsWith('11') && n.length === 13 ? n.slice(0, 4) + n.slice(5) : n;

interface Call {
  path: string;
  body: { numbers?: string[]; lids?: boolean; number?: string };
  /** When it arrived, and when it was answered (performance.now()). */
  at: number;
  answered: number;
}

/** A stand-in control server answering /check-numbers and /check-number like the session. */
function controlServer() {
  const calls: Call[] = [];
  let down = false;
  const server = http.createServer((req, res) => {
    const at = performance.now();
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Call['body'];
      const call: Call = { path: req.url ?? '', body, at, answered: at };
      calls.push(call);
      const answer = (status: number, value: unknown) => {
        call.answered = performance.now();
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
      };
      if (req.headers.authorization !== `Bearer ${CONTROL_KEY}`)
        return answer(401, { error: 'ERR_SESSION_EXPIRED' });
      if (down) return answer(503, { error: 'ERR_WAPP_NOT_INITIALIZED' });
      if (req.url === '/check-numbers') {
        const numbers = body.numbers ?? [];
        if (!numbers.length || numbers.length > 50) return answer(400, { error: 'ERR_VALIDATION' });
        return answer(200, {
          results: numbers.map((input) =>
            exists(input)
              ? { input, exists: true, number: canonical(input), lid: null }
              : { input, exists: false, number: null, lid: null },
          ),
        });
      }
      if (req.url === '/check-number') {
        const n = String(body.number);
        return answer(200, { exists: exists(n), number: exists(n) ? canonical(n) : null });
      }
      answer(404, { error: 'ERR_NOT_FOUND' });
    });
  });
  return {
    calls,
    setDown: (d: boolean) => void (down = d),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const control = controlServer();
let t: TestApi;
let admin: Logged;
const pacing = { ...numberCheckPacing };

/** A CSV list of `count` distinct Brazilian mobiles from `first` on, with a header row. */
const numbersFrom = (first: number, count: number) =>
  Array.from({ length: count }, (_, i) => `55119${String(first + i).padStart(8, '0')}`);
const csv = (rows: string[][]) => ['Nome;Número', ...rows.map((r) => r.join(';'))].join('\n');

async function importList(name: string, rows: string[][]) {
  const list = await admin.call('contactListsCreate', { body: { name } });
  const res = await postFile(admin, `/contact-lists/${list.id}/upload`, {
    field: 'file',
    name: 'lista.csv',
    type: 'text/csv',
    bytes: csv(rows),
  });
  expect(res.status).toBe(200);
  return { listId: list.id, report: (await res.json()) as Record<string, unknown> };
}

const checksSince = (from: number) =>
  control.calls.slice(from).filter((c) => c.path === '/check-numbers');

/**
 * Each call arrived at least the pause after the previous one was answered (less 1 ms: timers
 * count whole milliseconds), so the calls are at most one per pause.
 */
function expectPaced(calls: Call[]) {
  const gaps = calls.slice(1).map((c, i) => c.at - calls[i]!.answered);
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(PAUSE - 1);
  expect(calls.at(-1)!.at - calls[0]!.at).toBeGreaterThanOrEqual((calls.length - 1) * (PAUSE - 1));
}

beforeAll(async () => {
  numberCheckPacing.pauseMs = PAUSE;
  t = await startTestApi({ INTERNAL_TOKEN: INTERNAL });
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const service = t.client(INTERNAL);
  const { id } = await service.call('internalConnectionRegister', {
    body: {
      companyId: admin.user.companyId,
      resourceName: 'checagem',
      displayName: 'Checagem',
      channel: 'whatsapp',
    },
  });
  const { token } = await service.call('internalSessionCredentials', { params: { id } });
  const endpoint = await control.start();
  const res = await fetch(`${t.url}/internal/sessions/me/status`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ status: 'CONNECTED', endpoint, controlKey: CONTROL_KEY }),
  });
  expect(res.status).toBe(200);
}, 60_000);
afterAll(async () => {
  Object.assign(numberCheckPacing, pacing);
  await control.stop();
  await t?.close();
});

describe('checking list numbers on WhatsApp (issue 24, defect 9)', () => {
  it('imports 5,000 numbers with at most 100 calls of at most 50 numbers, paced, each row marked', async () => {
    const numbers = numbersFrom(0, 5000);
    // Ten numbers again, typed another way: skipped, and not asked twice.
    const again = numbers
      .slice(0, 10)
      .map((n) => `(${n.slice(2, 4)}) ${n.slice(4, 9)}-${n.slice(9)}`);
    const from = control.calls.length;
    const { listId, report } = await importList('Cinco mil', [
      ...numbers.map((n, i) => [`Cliente ${i}`, n]),
      ...again.map((n) => ['Repetido', n]),
    ]);

    const calls = checksSince(from);
    expect(calls.length).toBeLessThanOrEqual(100);
    expect(calls.length).toBe(100);
    for (const c of calls) {
      expect(c.body.numbers!.length).toBeLessThanOrEqual(50);
      // Lists keep no LID: the session is not asked to look them up.
      expect(c.body.lids).toBe(false);
    }
    const asked = calls.flatMap((c) => c.body.numbers!);
    expect(asked).toHaveLength(5000);
    expect(new Set(asked)).toEqual(new Set(numbers));
    expect(control.calls.slice(from).filter((c) => c.path !== '/check-numbers')).toEqual([]);
    expectPaced(calls);

    const valid = numbers.filter(exists);
    expect(report).toEqual({ created: 5000, skipped: 10, valid: valid.length, failed: [] });
    const rows = await sql<{ number: string; isWhatsappValid: boolean }>(
      t.databaseUrl,
      `SELECT number, "isWhatsappValid" FROM contact_list_items WHERE "contactListId" = $1`,
      [listId],
    );
    const stored = new Map(rows.map((r) => [r.number, r.isWhatsappValid]));
    expect(stored.size).toBe(5000);
    for (const n of numbers) {
      // Existing: valid, in WhatsApp's form (ninth digit); absent: invalid, as typed.
      if (exists(n)) expect(stored.get(canonical(n)), n).toBe(true);
      else expect(stored.get(n), n).toBe(false);
    }
    expect(numbers.filter((n) => canonical(n) !== n && exists(n)).length).toBeGreaterThan(0);
  }, 120_000);

  it('paces the calls per connection across imports running at once', async () => {
    const from = control.calls.length;
    const [a, b] = await Promise.all([
      importList(
        'Ao mesmo tempo A',
        numbersFrom(100_000, 120).map((n) => ['Cliente A', n]),
      ),
      importList(
        'Ao mesmo tempo B',
        numbersFrom(200_000, 120).map((n) => ['Cliente B', n]),
      ),
    ]);
    const calls = checksSince(from);
    expect(calls).toHaveLength(6);
    expectPaced(calls);
    expect(a.report).toMatchObject({ created: 120, skipped: 0, failed: [] });
    expect(b.report).toMatchObject({ created: 120, skipped: 0, failed: [] });
  }, 60_000);

  it('stops asking once the session fails, leaving the rest unchecked', async () => {
    control.setDown(true);
    try {
      const from = control.calls.length;
      const { report } = await importList(
        'Sem sessão',
        numbersFrom(300_000, 200).map((n) => ['Cliente C', n]),
      );
      expect(checksSince(from)).toHaveLength(1);
      expect(report).toEqual({ created: 200, skipped: 0, valid: 0, failed: [] });
    } finally {
      control.setDown(false);
    }
  });

  it('checks a typed item alone, with the single check', async () => {
    const list = await admin.call('contactListsCreate', { body: { name: 'Digitada' } });
    const from = control.calls.length;
    const item = await admin.call('contactListItemsCreate', {
      body: { contactListId: list.id, name: 'Ana', number: '5511900000011' },
    });
    expect(item).toMatchObject({ number: '551100000011', isWhatsappValid: true });
    expect(control.calls.slice(from).map((c) => [c.path, c.body])).toEqual([
      ['/check-number', { number: '5511900000011' }],
    ]);
  });
});
