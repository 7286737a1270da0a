import type { InboundMessage } from '@atendo/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LocalChannelAdapter,
  singleAdapterRegistry,
} from '@atendo/core/channels/channel-adapter.js';
import { inboundBatchCounts } from '@atendo/core/modules/inbound/inbound-batch.js';
import { receiveInbound } from '@atendo/core/modules/inbound/receive-inbound.js';
import { receiveOne } from '@atendo/core/modules/inbound/receive-message.js';
import { DEMO_ADMIN, startTestApi, type TestApi, type TestClient } from './support/api.js';
import { sql } from './support/sql.js';

/**
 * Messages that arrive together (inbound-batch.ts): a company's messages on chats that have
 * their active ticket and need no bot are stored together in one transaction. What is
 * stored must be exactly what each message's own turn stores, and a message a bot step
 * answers, with its chat's later ones, must still get its own turn, in order.
 */
let t: TestApi;
let admin: TestClient & { user: { id: number; companyId: number } };
const adapter = new LocalChannelAdapter();
const A = { companyId: 0 };
let seq = 0;

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sql<T>(t.databaseUrl, text, params);
const number = () => `5511955${String(++seq).padStart(6, '0')}`;
const message = (from: string, body: string, extra: Partial<InboundMessage> = {}) =>
  ({
    type: 'message',
    wid: `B${++seq}-${Date.now()}`,
    fromMe: false,
    contact: { number: from, name: 'Clara Nunes' },
    kind: 'chat',
    body,
    isForwarded: false,
    ...extra,
  }) as InboundMessage;
const receive = (wa: number, m: InboundMessage) =>
  receiveInbound(t.api.ctx, { companyId: A.companyId, whatsappId: wa }, m);
const counts = () => ({ ...inboundBatchCounts(t.api.ctx) });

async function connection(cols: Record<string, unknown> = {}): Promise<number> {
  const keys = Object.keys(cols);
  const [row] = await q<{ id: number }>(
    `INSERT INTO whatsapps ("companyId", name, status${keys.map((k) => `, "${k}"`).join('')})
     VALUES ($1, $2, 'CONNECTED'${keys.map((_, i) => `, $${i + 3}`).join('')}) RETURNING id`,
    [A.companyId, `Lote ${++seq}`, ...keys.map((k) => cols[k])],
  );
  return row!.id;
}
async function queue(wa: number, name: string, orderQueue: number): Promise<number> {
  const [row] = await q<{ id: number }>(
    `INSERT INTO queues ("companyId", name, color, "orderQueue") VALUES ($1, $2, $3, $4) RETURNING id`,
    [A.companyId, name, `#${(0x200000 + ++seq).toString(16)}`, orderQueue],
  );
  await q(
    `INSERT INTO whatsapp_queues ("companyId", "whatsappId", "queueId", "createdAt", "updatedAt")
     VALUES ($1, $2, $3, now(), now())`,
    [A.companyId, wa, row!.id],
  );
  return row!.id;
}

/** A ticket's messages as a user reads them (what differs between two chats left out). */
async function conversation(ticketId: number) {
  return q(
    `SELECT m.body, m."fromMe", m.read, m.ack, m."mediaType", m."mediaUrl", m."isForwarded",
            m.participant, m."remoteJid" IS NOT NULL AS "hasRemoteJid", m."dataJson",
            qm.body AS "quotedBody", m."queueId", m."contactId" = t."contactId" AS "byContact",
            CASE WHEN m."createdAt" < now() - interval '1 day' THEN m."createdAt" END AS "sentAt"
       FROM messages m JOIN tickets t ON t.id = m."ticketId"
       LEFT JOIN messages qm ON qm.id = m."quotedMsgId"
      WHERE m."ticketId" = $1 ORDER BY m.id`,
    [ticketId],
  );
}
const ticketRow = async (ticketId: number) =>
  (
    await q(
      `SELECT status, "unreadMessages", "lastMessage", "fromMe", "queueId", "userId"
         FROM tickets WHERE id = $1`,
      [ticketId],
    )
  )[0];

beforeAll(async () => {
  t = await startTestApi({}, { channels: singleAdapterRegistry(adapter) });
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  A.companyId = admin.user.companyId;
}, 60_000);
afterAll(() => t?.close());

describe('messages that arrive together', () => {
  it('are stored together exactly as each one alone would be, tickets and pushes included', async () => {
    const wa = await connection();
    // Each chat already has its ticket (its first message), then gets a burst of every
    // kind the batch takes: plain, quoted, forwarded with the channel's time, a reaction
    // (not unread), our own phone's message, and a raw payload.
    const burst = (from: string, firstWid: string) => [
      message(from, 'segunda mensagem'),
      message(from, 'respondendo a primeira', { quotedWid: firstWid }),
      message(from, 'encaminhada', { isForwarded: true, timestamp: 1_700_000_000 }),
      message(from, '👍', { kind: 'reactionMessage' }),
      message(from, 'respondi do celular', { fromMe: true }),
      message(from, 'com payload', { raw: { id: 'x', nested: { n: 1 } } }),
    ];
    const chats = [number(), number(), number(), number()];
    const twins = [number(), number(), number(), number()];
    const firsts = new Map<string, { wid: string; ticketId: number }>();
    for (const from of [...chats, ...twins]) {
      const first = message(from, 'primeira');
      const r = await receive(wa, first);
      firsts.set(from, { wid: first.wid, ticketId: r.ticketId! });
    }

    const pushed: number[] = [];
    t.api.ctx.events.on('message.created', ({ messageId }) => void pushed.push(messageId));
    const before = counts();
    // All at once: the batch.
    const together = await Promise.all(
      chats.flatMap((from) => burst(from, firsts.get(from)!.wid)).map((m) => receive(wa, m)),
    );
    const after = counts();
    // One at a time, each its own turn: the reference.
    for (const from of twins)
      for (const m of burst(from, firsts.get(from)!.wid))
        await receiveOne(t.api.ctx, { companyId: A.companyId, whatsappId: wa }, m);

    expect(after.together - before.together).toBe(together.length);
    expect(after.batches - before.batches).toBeLessThan(together.length);
    expect(together.every((r) => r.messageId && !r.duplicate)).toBe(true);
    expect(new Set(together.map((r) => r.messageId)).size).toBe(together.length);
    expect(pushed).toEqual(expect.arrayContaining(together.map((r) => r.messageId)));
    for (const [i, from] of chats.entries()) {
      const mine = firsts.get(from)!.ticketId;
      const twin = firsts.get(twins[i]!)!.ticketId;
      expect(together.slice(i * 6, i * 6 + 6).every((r) => r.ticketId === mine)).toBe(true);
      expect(await conversation(mine)).toEqual(await conversation(twin));
      expect(await ticketRow(mine)).toEqual(await ticketRow(twin));
    }
    // The newest stored message is the preview; unread counts the customer's messages only.
    expect(await ticketRow(firsts.get(chats[0]!)!.ticketId)).toMatchObject({
      lastMessage: 'com payload',
      unreadMessages: 5,
    });
  });

  it("opens new conversations together exactly as each one's own turn would", async () => {
    const wa = await connection();
    // New customers, and a returning one whose last ticket was closed (a known contact).
    const chats = [number(), number(), number()];
    const twins = [number(), number(), number()];
    for (const from of [chats[2]!, twins[2]!]) {
      const r = await receive(wa, message(from, 'semana passada'));
      await q(`UPDATE tickets SET status = 'closed' WHERE id = $1`, [r.ticketId]);
    }
    const created: number[] = [];
    t.api.ctx.events.on('ticket.created', ({ ticketId }) => void created.push(ticketId));
    const pushed: number[] = [];
    t.api.ctx.events.on('message.created', ({ messageId }) => void pushed.push(messageId));
    const before = counts();
    const together = await Promise.all(
      chats.map((from) => receive(wa, message(from, 'primeira', { timestamp: 1_700_000_000 }))),
    );
    const after = counts();
    const alone = [];
    for (const from of twins)
      alone.push(
        await receiveOne(
          t.api.ctx,
          { companyId: A.companyId, whatsappId: wa },
          message(from, 'primeira', { timestamp: 1_700_000_000 }),
        ),
      );

    expect(after.together - before.together).toBe(chats.length);
    expect(after.ownTurns - before.ownTurns).toBe(0);
    expect(created).toEqual(expect.arrayContaining(together.map((r) => r.ticketId)));
    expect(pushed).toEqual(expect.arrayContaining(together.map((r) => r.messageId)));
    const contact = async (from: string) =>
      (
        await q(
          `SELECT name, channel, "whatsappId", "isGroup", lid, "profilePicUrl", active,
                  "disableBot", "acceptAudioMessage", "remoteJid", "lgpdAcceptedAt"
             FROM contacts WHERE "companyId" = $1 AND number = $2`,
          [A.companyId, from],
        )
      )[0];
    const ticket = async (id: number) =>
      (
        await q(
          `SELECT status, channel, "userId", "queueId", "whatsappId", "lastMessage",
                  "unreadMessages", "fromMe", "isGroup", "isBot", "isTransfered",
                  "amountUsedBotQueues", chatbot, "useIntegration", imported,
                  protocol ~ ('^[0-9]{8}' || lpad(id::text, 6, '0') || '$') AS "protocolOk",
                  substr(protocol, 1, 8) AS day,
                  "updatedAt" >= "createdAt" AS "touched"
             FROM tickets WHERE id = $1`,
          [id],
        )
      )[0];
    const history = async (id: number) => ({
      logs: await q(`SELECT type, "userId", "queueId" FROM logs_tickets WHERE "ticketId" = $1`, [
        id,
      ]),
      tracking: await q(
        `SELECT "whatsappId", "userId", "queueId", "queuedAt" IS NOT NULL AS queued, "startedAt"
           FROM ticket_traking WHERE "ticketId" = $1`,
        [id],
      ),
      counted: await q(
        `SELECT count(*)::int AS n FROM tickets WHERE "contactId" = (SELECT "contactId" FROM tickets WHERE id = $1)`,
        [id],
      ),
    });
    for (const [i, from] of chats.entries()) {
      const mine = together[i]!;
      const twin = alone[i]!;
      expect(mine).toMatchObject({ duplicate: false });
      expect(await contact(from)).toEqual(await contact(twins[i]!));
      expect(await ticket(mine.ticketId!)).toEqual(await ticket(twin.ticketId!));
      expect(await ticket(mine.ticketId!)).toMatchObject({ status: 'pending', protocolOk: true });
      expect(await history(mine.ticketId!)).toEqual(await history(twin.ticketId!));
      expect(await conversation(mine.ticketId!)).toEqual(await conversation(twin.ticketId!));
    }
  });

  it('stores a redelivery once, inside one batch and across batches', async () => {
    const wa = await connection();
    const from = number();
    const first = await receive(wa, message(from, 'olá'));
    const again = message(from, 'repetida');
    const other = message(from, 'outra');
    const results = await Promise.all(
      [again, again, other, again, message(from, 'olá de novo')].map((m) => receive(wa, m)),
    );
    const [{ n }] = (await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages WHERE "ticketId" = $1`,
      [first.ticketId],
    )) as [{ n: number }];
    expect(n).toBe(4);
    const copies = results.filter((_, i) => i !== 2 && i !== 4);
    expect(copies.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(new Set(copies.map((r) => r.messageId)).size).toBe(1);
    const late = await receive(wa, again);
    expect(late).toEqual({ ...copies[0], duplicate: true });
    expect((await ticketRow(first.ticketId!))!.unreadMessages).toBe(4);
  });

  it('gives a message the bot answers its own turn, and its chat the order it was written in', async () => {
    const wa = await connection({ greetingMessage: 'Escolha um setor:' });
    await queue(wa, 'Suporte Lote', 1);
    const vendas = await queue(wa, 'Vendas Lote', 2);
    const waiting = number();
    const deaf = number();
    const quiet = number();
    const menuTicket = (await receive(wa, message(waiting, 'oi'))).ticketId!;
    expect(adapter.sent.filter((s) => s.ticketId === menuTicket)).toHaveLength(1);
    // The other chats' tickets are with an attendant: no bot step acts on them, except the
    // audio refusal for a contact who does not take audio.
    const attended = async (from: string) => {
      const id = (await receive(wa, message(from, 'bom dia'))).ticketId!;
      await q(`UPDATE tickets SET status = 'open', "userId" = $2, "queueId" = $3 WHERE id = $1`, [
        id,
        admin.user.id,
        vendas,
      ]);
      return id;
    };
    const deafTicket = await attended(deaf);
    const quietTicket = await attended(quiet);
    await q(`UPDATE contacts SET "acceptAudioMessage" = false WHERE number = $1`, [deaf]);

    const before = counts();
    const [pick, thanks, audio, after, hello] = await Promise.all([
      receive(wa, message(waiting, '2')),
      receive(wa, message(waiting, 'obrigada')),
      receive(wa, message(deaf, '', { kind: 'audio' })),
      receive(wa, message(deaf, 'mandei um áudio')),
      receive(wa, message(quiet, 'tudo bem?')),
    ]);
    const done = counts();
    // The pick and the audio take their turns, and their chats' next messages follow them.
    expect(done.ownTurns - before.ownTurns).toBe(4);
    expect(done.together - before.together).toBe(1);
    expect(hello.ticketId).toBe(quietTicket);
    // The pick went through the menu step: the ticket entered the chosen queue.
    expect(await ticketRow(menuTicket)).toMatchObject({ queueId: vendas, status: 'pending' });
    expect(pick.ticketId).toBe(menuTicket);
    expect(thanks.messageId!).toBeGreaterThan(pick.messageId!);
    // The audio got its refusal, and the text written after it is stored after it.
    expect(adapter.sent.filter((s) => s.ticketId === deafTicket).at(-1)?.body).toMatch(
      /não conseguimos escutar/,
    );
    expect(after.messageId!).toBeGreaterThan(audio.messageId!);
    expect((await ticketRow(deafTicket))!.lastMessage).toBe('mandei um áudio');
  });

  it('never stores on a ticket closed while the batch waited for its lock', async () => {
    const wa = await connection();
    const from = number();
    const first = await receive(wa, message(from, 'primeira'));
    // An attendant closes the ticket, holding its row while the message arrives.
    const agent = new pg.Client({ connectionString: t.databaseUrl });
    await agent.connect();
    try {
      await agent.query('BEGIN');
      await agent.query(`SELECT id FROM tickets WHERE id = $1 FOR UPDATE`, [first.ticketId]);
      await agent.query(`UPDATE tickets SET status = 'closed' WHERE id = $1`, [first.ticketId]);
      const arriving = receive(wa, message(from, 'chegou depois'));
      await new Promise((r) => setTimeout(r, 300));
      await agent.query('COMMIT');
      const r = await arriving;
      expect(r.ticketId).not.toBe(first.ticketId);
      expect(await ticketRow(first.ticketId!)).toMatchObject({
        status: 'closed',
        lastMessage: 'primeira',
      });
      expect(await ticketRow(r.ticketId!)).toMatchObject({
        status: 'pending',
        lastMessage: 'chegou depois',
      });
    } finally {
      await agent.end();
    }
  });

  it('leaves to their own turn what the batch must not decide', async () => {
    const wa = await connection({
      collectiveVacationStart: '2000-01-01',
      collectiveVacationEnd: '2999-12-31',
      collectiveVacationMessage: 'Estamos em férias coletivas.',
    });
    const from = number();
    const id = (await receive(wa, message(from, 'oi'))).ticketId!;
    const newcomer = number();
    const before = counts();
    await Promise.all([
      receive(wa, message(from, 'alguém aí?')),
      receive(wa, message(newcomer, 'primeira vez')),
      receive(wa, message(from, 'foto', { kind: 'image' })),
    ]);
    const after = counts();
    expect(after.together - before.together).toBe(0);
    expect(after.ownTurns - before.ownTurns).toBe(3);
    // The vacation message answered every customer message of the chat.
    expect(adapter.sent.filter((s) => s.ticketId === id).map((s) => s.body)).toEqual(
      Array(3).fill('Estamos em férias coletivas.'),
    );
  });
});
