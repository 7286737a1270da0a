import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { proto, type WAMessage } from '@whiskeysockets/baileys';
import type { InboundMessage } from '@atendo/domain';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  HistoryCollector,
  historyBatches,
  historyMessages,
  type HistorySink,
  type HistoryWindow,
} from '../src/history.js';

const T0 = Date.parse('2026-10-01T12:00:00Z') / 1000;
const WINDOW: HistoryWindow = {
  enabled: true,
  from: '2026-10-01T00:00:00Z',
  to: '2026-10-02T00:00:00Z',
  groups: false,
};

/** A real WebMessageInfo from Baileys' protobuf types. */
function wa(id: string, at: number, message: proto.IMessage, jid = '5511988887777@s.whatsapp.net') {
  return proto.WebMessageInfo.fromObject({
    key: {
      remoteJid: jid,
      fromMe: false,
      id,
      participant: jid.endsWith('@g.us') ? '5511911112222@s.whatsapp.net' : undefined,
    },
    messageTimestamp: at,
    pushName: 'Maria',
    message,
  }) as WAMessage;
}
const text = (id: string, at: number, body = `msg ${id}`) => wa(id, at, { conversation: body });

describe('historyMessages', () => {
  it('keeps chat messages inside the window, without groups unless asked, edits or revokes', () => {
    const messages = [
      text('BEFORE', T0 - 86_400),
      text('IN1', T0),
      wa('GROUP', T0 + 10, { conversation: 'no grupo' }, '120363000000000001@g.us'),
      wa('REVOKE', T0 + 20, {
        protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { id: 'IN1' } },
      }),
      text('IN2', T0 + 30),
      text('AFTER', T0 + 86_400),
    ];
    expect(historyMessages(messages, WINDOW).map((m) => m.wid)).toEqual(['IN1', 'IN2']);
    expect(historyMessages(messages, { ...WINDOW, groups: true }).map((m) => m.wid)).toEqual([
      'IN1',
      'GROUP',
      'IN2',
    ]);
  });

  it('hands over nothing when the import is off or has no start', () => {
    const messages = [text('IN1', T0)];
    expect(historyMessages(messages, { ...WINDOW, enabled: false })).toEqual([]);
    expect(historyMessages(messages, { ...WINDOW, from: null })).toEqual([]);
  });

  it('an open-ended window runs until now', () => {
    const now = (T0 + 100) * 1000;
    const messages = [text('IN1', T0), text('LATER', T0 + 200)];
    expect(historyMessages(messages, { ...WINDOW, to: null }, now).map((m) => m.wid)).toEqual([
      'IN1',
    ]);
  });
});

describe('historyBatches', () => {
  const kept = (n: number, body = 'x') =>
    historyMessages(
      Array.from({ length: n }, (_, i) => text(`M${i}`, T0 + i, body)),
      WINDOW,
    );

  it('splits by count and by JSON size, in order', () => {
    expect(historyBatches(kept(5), 2).map((b) => b.map((m) => m.wid))).toEqual([
      ['M0', 'M1'],
      ['M2', 'M3'],
      ['M4'],
    ]);
    const messages = kept(4, 'y'.repeat(400));
    const one = JSON.stringify(messages[0]).length;
    const batches = historyBatches(messages, 100, one * 2 + 10);
    expect(batches.map((b) => b.length)).toEqual([2, 2]);
  });

  it('sends a message too big for any batch without its raw copy', () => {
    const [big] = kept(1, 'z'.repeat(2_000));
    expect(big!.raw).toBeDefined();
    const limit = JSON.stringify({ ...big, raw: undefined }).length + 100;
    const [[sent]] = historyBatches([big!], 10, limit) as [[InboundMessage]];
    expect(sent.raw).toBeUndefined();
    expect(sent.body).toBe('z'.repeat(2_000));
  });
});

describe('HistoryCollector', () => {
  const logger = pino({ level: 'silent' });
  const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'atendo-history-'));

  function sink(over: Partial<HistorySink> = {}) {
    const posted: string[][] = [];
    let completed = 0;
    const s: HistorySink = {
      postHistory: async (messages) => {
        posted.push(messages.map((m) => m.wid));
        return { staged: messages.length, enabled: true };
      },
      historyComplete: async () => {
        completed++;
      },
      ...over,
    };
    return { s, posted, completed: () => completed };
  }

  it('hands batches over in order and tells the api once the phone goes quiet', async () => {
    const { s, posted, completed } = sink();
    const c = new HistoryCollector({
      sink: s,
      window: WINDOW,
      logger,
      dir: dir(),
      // Long enough that writing the batches to the spool never outlasts it on a busy machine.
      quietMs: 1000,
      batchCount: 2,
    });
    c.add([text('A', T0), text('B', T0 + 1), text('C', T0 + 2)]);
    c.add([text('D', T0 + 3)]);
    await c.idle();
    expect(posted).toEqual([['A', 'B'], ['C'], ['D']]);
    expect(completed()).toBe(0);
    await new Promise((r) => setTimeout(r, 1200));
    await c.idle();
    expect(completed()).toBe(1);
  });

  it('stops collecting when the api says the import is off', async () => {
    const { s, posted, completed } = sink({
      postHistory: async (messages) => {
        posted.push(messages.map((m) => m.wid));
        return { staged: 0, enabled: false };
      },
    });
    const c = new HistoryCollector({
      sink: s,
      window: WINDOW,
      logger,
      dir: dir(),
      quietMs: 20,
      batchCount: 1,
    });
    c.add([text('A', T0), text('B', T0 + 1)]);
    await c.idle();
    expect(posted).toEqual([['A']]);
    c.complete();
    await c.idle();
    expect(completed()).toBe(0);
  });

  it('retries a failed hand-over before moving on', async () => {
    let failures = 1;
    const { s, posted } = sink();
    const flaky: HistorySink = {
      ...s,
      postHistory: async (messages) => {
        if (failures-- > 0) throw new Error('api restarting');
        return s.postHistory(messages);
      },
    };
    const c = new HistoryCollector({
      sink: flaky,
      window: WINDOW,
      logger,
      dir: dir(),
      quietMs: 10_000,
      retryMs: () => 50,
    });
    c.add([text('A', T0)]);
    await c.idle();
    expect(posted).toEqual([['A']]);
    c.stop();
  });

  it('keeps spooled batches through an api outage and a restart, in order', async () => {
    const spool = dir();
    const down: HistorySink = {
      postHistory: async () => {
        throw new Error('connect ECONNREFUSED');
      },
      historyComplete: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    };
    const first = new HistoryCollector({
      sink: down,
      window: WINDOW,
      logger,
      dir: spool,
      quietMs: 10_000,
      batchCount: 1,
      retryMs: () => 50,
    });
    first.add([text('A', T0), text('B', T0 + 1)]);
    first.complete();
    await first.idle(300);
    first.close();
    expect(fs.readdirSync(spool).filter((f) => f.endsWith('.json'))).toHaveLength(3);

    const { s, posted, completed } = sink();
    const second = new HistoryCollector({ sink: s, window: WINDOW, logger, dir: spool });
    await second.open();
    await second.idle();
    expect(posted).toEqual([['A'], ['B']]);
    expect(completed()).toBe(1);
    expect(fs.readdirSync(spool)).toEqual([]);
    second.close();
  });
});
