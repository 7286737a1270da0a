import type { InboundMessage } from '@atendo/domain';
import {
  IMPORT_CLOSE_BUTTON_STATE,
  MESSAGE_IMPORT_PROGRESS_QUERY,
  MESSAGE_IMPORT_WORKFLOW,
  messageImportWorkflowId,
} from '@atendo/domain/processes';
import { stageHistory, type DomainEvents } from '@atendo/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_QUEUE } from '../shared.js';
import { startProcessHarness, type ProcessHarness } from '../testing/harness.js';

/**
 * Message import (docs/product/connections.md#import-of-old-messages) on Temporal's time-skipping test server over real PostgreSQL:
 * history batches staged as the session route stages them, the quiet period skipped, the
 * window and the groups choice kept, each message stored once in time order on imported
 * tickets without bots, the progress events, and both ends (button, or tickets closed).
 */
const DAY = 86_400_000;
let h: ProcessHarness;
let companyId: number;
let queueId: number;
const events: DomainEvents['message_import.progressed'][] = [];

beforeAll(async () => {
  h = await startProcessHarness({ timeSkipping: true });
  await h.env.connection.testService!.lockTimeSkipping({});
  // The worker's first workflow task loads the bundle: warm it up on a connection without history.
  await h.client.workflow.execute(MESSAGE_IMPORT_WORKFLOW, {
    taskQueue: TASK_QUEUE,
    workflowId: 'message-import-warm-up',
    args: [{ companyId: 1, whatsappId: 999_999, importing: true }],
  });
  h.ctx.events.on('message_import.progressed', (e) => {
    if (e.companyId === companyId) events.push(e);
  });
  const ds = h.db.dataSource;
  const [company] = await ds.query(
    `INSERT INTO companies (name) VALUES ('Import company') RETURNING id`,
  );
  companyId = Number(company.id);
  const [queue] = await ds.query(
    `INSERT INTO queues ("companyId", name, color) VALUES ($1, 'Importados', '#222222') RETURNING id`,
    [companyId],
  );
  queueId = Number(queue.id);
}, 180_000);
afterAll(async () => {
  await h?.stop();
});

/**
 * A CONNECTED connection importing [now - 30 days, now - 1 day], on collective vacation: the
 * bots would answer every customer message with the vacation notice.
 */
async function connection(name: string, o: { groups?: boolean; close?: boolean } = {}) {
  const now = await h.env.currentTimeMs();
  const [row] = await h.db.dataSource.query(
    `INSERT INTO whatsapps ("companyId", name, status, "greetingMessage", "importOldMessages",
                            "importRecentMessages", "importOldMessagesGroups",
                            "closedTicketsPostImported", "queueIdImportMessages",
                            "collectiveVacationStart", "collectiveVacationEnd",
                            "collectiveVacationMessage")
     VALUES ($1, $2, 'CONNECTED', 'Olá! Escolha uma opção', $3, $4, $5, $6, $7,
             CURRENT_DATE - 2, CURRENT_DATE + 2, 'Estamos de férias') RETURNING id`,
    [
      companyId,
      name,
      new Date(now - 30 * DAY),
      new Date(now - DAY),
      !!o.groups,
      !!o.close,
      queueId,
    ],
  );
  return { companyId, whatsappId: Number(row.id), useProxy: false };
}

/** A history message `daysAgo` days old. */
async function msg(
  wid: string,
  daysAgo: number,
  o: { number?: string; group?: string; fromMe?: boolean; body?: string } = {},
): Promise<InboundMessage> {
  const now = await h.env.currentTimeMs();
  return {
    type: 'message',
    wid,
    fromMe: !!o.fromMe,
    timestamp: Math.floor((now - daysAgo * DAY) / 1000),
    contact: o.group
      ? { number: null, platformId: o.group, lid: null }
      : { number: o.number ?? '5511900000001', lid: null, name: 'Cliente' },
    group: o.group ? { id: o.group, name: null } : null,
    participant: o.group ? { number: '5511900000009', lid: null } : null,
    kind: 'chat',
    body: o.body ?? wid,
    isForwarded: false,
  };
}

const messagesOf = (whatsappId: number) =>
  h.db.dataSource.query(
    `SELECT m.wid, m."ticketId", m."createdAt", t.status, t."queueId", t.imported IS NOT NULL AS imported,
            t."isGroup"
       FROM messages m JOIN tickets t ON t.id = m."ticketId"
      WHERE m."whatsappId" = $1 ORDER BY m.id`,
    [whatsappId],
  ) as Promise<
    {
      wid: string;
      ticketId: number;
      status: string;
      queueId: number;
      imported: boolean;
      isGroup: boolean;
    }[]
  >;

const importState = async (whatsappId: number) =>
  (
    (await h.db.dataSource.query(
      `SELECT "statusImportMessages" AS s FROM whatsapps WHERE id = $1`,
      [whatsappId],
    )) as { s: string | null }[]
  )[0]!.s;

describe('message import', () => {
  it('imports the window once each, oldest first, without bots or groups, then offers the close button', async () => {
    const s = await connection('Window');
    const first = await stageHistory(h.ctx, s, {
      messages: [
        await msg('in-3', 3),
        await msg('in-10', 10, { number: '5511900000002' }),
        await msg('too-old', 40),
        await msg('too-recent', 0.5),
        await msg('group-5', 5, { group: '120363000000000001' }),
        await msg('mine-4', 4, { fromMe: true }),
      ],
    });
    expect(first).toEqual({ staged: 3, enabled: true });
    expect(await importState(s.whatsappId)).toMatch(/^\d+$/);
    // The phone sends part of it again, with one more message.
    const second = await stageHistory(h.ctx, s, {
      messages: [await msg('in-3', 3), await msg('in-20', 20)],
    });
    expect(second).toEqual({ staged: 1, enabled: true });

    const handle = h.client.workflow.getHandle(messageImportWorkflowId(s.whatsappId));
    // Nobody says the history ended: the quiet period (skipped here) ends the wait.
    const result = await handle.result();
    expect(result).toEqual({ phase: 'done', processed: 4, all: 4 });

    const stored = await messagesOf(s.whatsappId);
    expect(stored.map((m) => m.wid)).toEqual(['in-20', 'in-10', 'mine-4', 'in-3']);
    for (const m of stored)
      expect(m).toMatchObject({ status: 'pending', queueId, imported: true, isGroup: false });
    expect(h.sends.filter((x) => x.companyId === companyId)).toEqual([]);
    const [{ staged }] = await h.db.dataSource.query(
      `SELECT count(*)::int AS staged FROM import_messages WHERE "whatsappId" = $1`,
      [s.whatsappId],
    );
    expect(staged).toBe(0);

    const mine = events.filter((e) => e.whatsappId === s.whatsappId);
    expect(mine.at(-1)).toMatchObject({ action: 'refresh' });
    const updates = mine.filter((e) => e.action === 'update');
    expect(updates.at(-1)!.status).toMatchObject({ this: 4, all: 4 });
    expect(updates.at(-1)!.status!.date).toBeGreaterThan(0);
    expect(await importState(s.whatsappId)).toBe(IMPORT_CLOSE_BUTTON_STATE);
  });

  it('with importOldMessagesGroups imports groups too; closedTicketsPostImported closes the imported tickets', async () => {
    const s = await connection('Groups', { groups: true, close: true });
    await stageHistory(h.ctx, s, {
      messages: [
        await msg('g-2', 2, { group: '120363000000000002' }),
        await msg('c-2', 2, { number: '5511900000003' }),
      ],
    });
    const handle = h.client.workflow.getHandle(messageImportWorkflowId(s.whatsappId));
    await handle.signal('messageImportComplete');
    expect(await handle.result()).toEqual({ phase: 'done', processed: 2, all: 2 });
    expect(await handle.query(MESSAGE_IMPORT_PROGRESS_QUERY)).toMatchObject({ phase: 'done' });
    const stored = await messagesOf(s.whatsappId);
    expect(stored.map((m) => m.wid).sort()).toEqual(['c-2', 'g-2']);
    const contact = stored.find((m) => m.wid === 'c-2')!;
    const group = stored.find((m) => m.wid === 'g-2')!;
    expect(contact).toMatchObject({ status: 'closed', imported: true });
    // A group chat's ticket is a group one (not pending), so it stays as it is.
    expect(group).toMatchObject({ status: 'group', isGroup: true });
    expect(await importState(s.whatsappId)).toBeNull();
  });

  it('stages nothing for a connection without an import; the resume step finishes staged history', async () => {
    const off = { ...(await connection('Off')), useProxy: false };
    await h.db.dataSource.query(`UPDATE whatsapps SET "importOldMessages" = NULL WHERE id = $1`, [
      off.whatsappId,
    ]);
    expect(await stageHistory(h.ctx, off, { messages: [await msg('x', 2)] })).toEqual({
      staged: 0,
      enabled: false,
    });

    const s = await connection('Resumed');
    const m = await msg('r-2', 2, { number: '5511900000004' });
    // History staged before the platform went down; its workflow was lost.
    await h.db.dataSource.query(
      `INSERT INTO import_messages ("companyId", "whatsappId", wid, "sentAt", event)
       VALUES ($1, $2, $3, $4, $5)`,
      [companyId, s.whatsappId, m.wid, new Date(m.timestamp! * 1000), JSON.stringify(m)],
    );
    await h.resume();
    const handle = h.client.workflow.getHandle(messageImportWorkflowId(s.whatsappId));
    expect(await handle.result()).toEqual({ phase: 'done', processed: 1, all: 1 });
    expect((await messagesOf(s.whatsappId)).map((x) => x.wid)).toEqual(['r-2']);
  });
});
