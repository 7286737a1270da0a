import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import type { DataSource } from 'typeorm';
import {
  createSocketEmitter,
  deactivateOverdueCompanies,
  DomainEventBus,
  issueDueInvoices,
  openScopedDataSource,
  registerSocketEmitterListeners,
  type BillingContext,
  type SocketEmitter,
} from '@atendo/core';
import { createLogger } from '@atendo/core/logger.js';
import { LocalProcessRuntime } from '@atendo/core/sessions/local-process-runtime.js';
import { DEMO_ADMIN, startTestApi, type TestApi } from './support/api.js';
import { sql } from './support/sql.js';

// A stand-in session program: stays up until told to stop, as a real session does.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-billing-session-'));
const entry = path.join(dir, 'session.mjs');
fs.writeFileSync(
  entry,
  `process.on('SIGTERM', () => process.exit(0));\nsetInterval(() => {}, 1000);\n`,
);

const runtime = new LocalProcessRuntime({
  entry,
  apiUrl: 'http://127.0.0.1:9',
  issueToken: async (id) => `token-${id}`,
  logger: createLogger('silent'),
});

/** A fixed billing day far from the wall clock. */
const TODAY = '2031-03-10';

let t: TestApi;
/** What the worker has: its own scoped data source, event bus and socket emitter. */
let worker: BillingContext & { emitter: SocketEmitter };
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApi({}, { sessions: runtime });
  const ds: DataSource = await openScopedDataSource(t.databaseUrl);
  const events = new DomainEventBus();
  const emitter = createSocketEmitter(t.databaseUrl);
  registerSocketEmitterListeners(events, emitter);
  worker = { ds, events, emitter };
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await worker?.emitter.close();
  await worker?.ds.destroy();
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function connect(companyId: number, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = io(`${t.url}/${companyId}`, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(s);
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

async function until(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('condition not met in time');
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function addDays(day: string, days: number): Promise<string> {
  const [row] = await sql<{ d: string }>(t.databaseUrl, `SELECT ($1::date + $2::int)::text AS d`, [
    day,
    days,
  ]);
  return row!.d;
}

describe('billing from the worker', () => {
  it('switches off an overdue company: the console hears it over the socket and its running session stops', async () => {
    const admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const companyId = admin.user.companyId;
    const w = await admin.call('whatsappCreate', { body: { name: 'Vendas' } });
    await until(() => runtime.pidOf(w.id) !== undefined);
    const pid = runtime.pidOf(w.id)!;
    expect(alive(pid)).toBe(true);

    const socket = await connect(companyId, admin.token!);
    const payments: { action: string; payment?: { id: number; dueDate: string } }[] = [];
    socket.on(`company-${companyId}-payment`, (p: (typeof payments)[number]) => payments.push(p));

    await sql(t.databaseUrl, `UPDATE companies SET "dueDate" = $2, status = true WHERE id = $1`, [
      companyId,
      await addDays(TODAY, -3),
    ]);
    const clock = { at: new Date(), today: TODAY };
    const invoices = await issueDueInvoices(worker, clock);
    const deactivated = await deactivateOverdueCompanies(worker, clock);

    expect(deactivated).toContain(companyId);
    const [company] = await sql<{ status: boolean }>(
      t.databaseUrl,
      'SELECT status FROM companies WHERE id = $1',
      [companyId],
    );
    expect(company!.status).toBe(false);

    // Emitted by the worker's emitter, relayed by the api's PostgreSQL adapter to the client.
    await until(() => payments.some((p) => p.action === 'update'));
    const [invoice] = await sql<{ id: number }>(
      t.databaseUrl,
      `SELECT id FROM invoices WHERE "companyId" = $1 AND "dueDate" = $2`,
      [companyId, await addDays(TODAY, -3)],
    );
    expect(invoices).toContain(invoice!.id);
    await until(() => payments.some((p) => p.action === 'create'));
    expect(payments.find((p) => p.action === 'create')?.payment).toMatchObject({
      id: invoice!.id,
      dueDate: await addDays(TODAY, -3),
    });

    // The durable side effect: the api drained the outbox and stopped the session.
    await until(() => !alive(pid) && runtime.pidOf(w.id) === undefined);
    await until(async () => {
      const [row] = await sql<{ status: string }>(
        t.databaseUrl,
        'SELECT status FROM whatsapps WHERE id = $1',
        [w.id],
      );
      return row?.status === 'DISCONNECTED';
    });
    const outbox = await sql<{ done: boolean; attempts: number }>(
      t.databaseUrl,
      `SELECT "doneAt" IS NOT NULL AS done, attempts FROM outbox WHERE payload->>'companyId' = $1`,
      [String(companyId)],
    );
    expect(outbox).toEqual([{ done: true, attempts: 0 }]);

    // A second sweep finds nothing left to do.
    expect(await issueDueInvoices(worker, clock)).not.toContain(invoice!.id);
    expect(await deactivateOverdueCompanies(worker, clock)).not.toContain(companyId);
  });

  it("decides overdue on each company's own calendar day", async () => {
    const [plan] = await sql<{ id: number }>(
      t.databaseUrl,
      `INSERT INTO plans (name, amount, users, connections) VALUES ('Fusos', 10, 1, 1) RETURNING id`,
    );
    const due = '2031-05-01';
    const insert = async (name: string, timezone: string) => {
      const [row] = await sql<{ id: number }>(
        t.databaseUrl,
        `INSERT INTO companies (name, "planId", "dueDate", timezone) VALUES ($1, $2, $3, $4) RETURNING id`,
        [name, plan!.id, due, timezone],
      );
      return row!.id;
    };
    const ahead = await insert('Kiritimati Ltda', 'Pacific/Kiritimati');
    const behind = await insert('Sao Paulo Ltda', 'America/Sao_Paulo');
    // 01:00 UTC on the 4th: already the 4th in Kiritimati (3 days late), still the 3rd in Sao Paulo.
    const at = new Date('2031-05-04T01:00:00Z');

    const deactivated = await deactivateOverdueCompanies(worker, { at });

    expect(deactivated).toContain(ahead);
    expect(deactivated).not.toContain(behind);
    expect(
      await deactivateOverdueCompanies(worker, { at: new Date('2031-05-04T04:00:00Z') }),
    ).toEqual([behind]);
  });
});
