import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { openScopedDataSource } from '@atendo/core/db/data-source.js';
import { enqueueOutbox, startOutboxDrain, type OutboxDrain } from '@atendo/core/events/outbox.js';
import { createTestDatabase } from './support/database.js';
import { sql } from './support/sql.js';

let url: string;
let drop: () => Promise<void>;
let ds: DataSource;
const drains: OutboxDrain[] = [];

beforeAll(async () => {
  ({ url, drop } = await createTestDatabase());
  ds = await openScopedDataSource(url);
});
afterAll(async () => {
  await Promise.all(drains.map((d) => d.close()));
  await ds?.destroy();
  await drop?.();
});

async function until(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}

/** Writes one side effect the way a use case does: inside its transaction. */
const enqueue = (companyId: number) =>
  ds.transaction((manager) => enqueueOutbox(manager, 'company.deactivated', { companyId }));

describe('transactional outbox', () => {
  it('carries out every committed row exactly once across competing api processes, never a rolled-back one', async () => {
    const handled: { drain: number; companyId: number }[] = [];
    const errors: unknown[] = [];
    for (const n of [1, 2, 3]) {
      drains.push(
        startOutboxDrain({
          ds,
          databaseUrl: url,
          // A long poll: only the NOTIFY at commit can wake the drains in time.
          pollMs: 60_000,
          handlers: {
            'company.deactivated': async ({ companyId }) => {
              handled.push({ drain: n, companyId });
              await new Promise((r) => setTimeout(r, 5));
            },
          },
          onError: (err) => errors.push(err),
        }),
      );
    }
    await expect(
      ds.transaction(async (manager) => {
        await enqueueOutbox(manager, 'company.deactivated', { companyId: 999 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const ids = Array.from({ length: 30 }, (_, i) => 1000 + i);
    await Promise.all(ids.map(enqueue));

    await until(() => handled.length >= ids.length);
    await new Promise((r) => setTimeout(r, 300));
    expect(handled.map((h) => h.companyId).sort()).toEqual(ids);
    const [{ pending }] = await sql<{ pending: number }>(
      url,
      `SELECT count(*)::int AS pending FROM outbox WHERE "doneAt" IS NULL`,
    );
    expect(pending).toBe(0);
    expect(errors).toEqual([]);
  });

  it('retries a failed side effect with backoff, keeping the error, until it succeeds', async () => {
    await Promise.all(drains.splice(0).map((d) => d.close()));
    let calls = 0;
    const drain = startOutboxDrain({
      ds,
      databaseUrl: url,
      pollMs: 200,
      handlers: {
        'company.deactivated': async () => {
          calls += 1;
          if (calls === 1) throw new Error('session runtime unreachable');
        },
      },
      onError: () => {},
    });
    drains.push(drain);
    await enqueue(2000);
    await until(async () => {
      const [row] = await sql<{ attempts: number; lastError: string | null }>(
        url,
        `SELECT attempts, "lastError" FROM outbox WHERE payload->>'companyId' = '2000'`,
      );
      return row?.attempts === 1 && row.lastError === 'session runtime unreachable';
    });
    await until(async () => {
      const [row] = await sql<{ done: boolean }>(
        url,
        `SELECT "doneAt" IS NOT NULL AS done FROM outbox WHERE payload->>'companyId' = '2000'`,
      );
      return row?.done === true;
    });
    expect(calls).toBe(2);
  });

  it('runs detached topics at most once, a bounded number at a time, without holding the other rows', async () => {
    await Promise.all(drains.splice(0).map((d) => d.close()));
    const started: number[] = [];
    const handled: number[] = [];
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const drain = startOutboxDrain({
      ds,
      databaseUrl: url,
      pollMs: 100,
      handlers: {
        'company.deactivated': async ({ companyId }) => void handled.push(companyId),
        'bot.prompt': async ({ messageId }) => {
          started.push(messageId);
          await slow;
          throw new Error('a detached failure is reported, never retried');
        },
      },
      detached: { 'bot.prompt': 1 },
      onError: () => {},
    });
    drains.push(drain);
    const prompt = (messageId: number) =>
      ds.transaction((m) =>
        enqueueOutbox(
          m,
          'bot.prompt',
          { companyId: 1, ticketId: 1, messageId, promptId: 1 },
          { dedupKey: `bot.prompt:1:${messageId}` },
        ),
      );
    await prompt(1);
    await prompt(1); // the same key again: dropped
    await prompt(2);
    await enqueue(3000);
    // The slow handler holds its slot; the other topic's row is carried out meanwhile.
    await until(() => handled.includes(3000) && started.length === 1);
    expect(started).toEqual([1]);
    const rows = await sql<{ key: string; done: boolean; attempts: number }>(
      url,
      `SELECT "dedupKey" AS key, "doneAt" IS NOT NULL AS done, attempts FROM outbox
        WHERE topic = 'bot.prompt' ORDER BY id`,
    );
    expect(rows).toEqual([
      { key: 'bot.prompt:1:1', done: true, attempts: 1 },
      { key: 'bot.prompt:1:2', done: false, attempts: 0 },
    ]);
    release();
    await until(() => started.length === 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(started).toEqual([1, 2]);
  });

  it("serves each company's oldest detached row first, so one company's flood does not make another wait", async () => {
    await Promise.all(drains.splice(0).map((d) => d.close()));
    await sql(url, `DELETE FROM outbox`);
    const started: string[] = [];
    const enqueuePrompt = (companyId: number, messageId: number) =>
      ds.transaction((m) =>
        enqueueOutbox(
          m,
          'bot.prompt',
          { companyId, ticketId: 1, messageId, promptId: 1 },
          { dedupKey: `bot.prompt:${companyId}:${messageId}` },
        ),
      );
    // Company 7 floods first; company 8's one message comes after its four.
    for (const id of [1, 2, 3, 4]) await enqueuePrompt(7, id);
    await enqueuePrompt(8, 1);
    const drain = startOutboxDrain({
      ds,
      databaseUrl: url,
      pollMs: 50,
      handlers: {
        'bot.prompt': async ({ companyId, messageId }) => {
          started.push(`${companyId}:${messageId}`);
          await new Promise((r) => setTimeout(r, 30));
        },
      },
      detached: { 'bot.prompt': 1 },
      onError: () => {},
    });
    drains.push(drain);
    await until(() => started.length === 5);
    expect(started).toEqual(['7:1', '8:1', '7:2', '7:3', '7:4']);
  });
});
