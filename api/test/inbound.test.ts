import type { InboundEvent, InboundMessage } from '@atendo/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LocalChannelAdapter,
  singleAdapterRegistry,
} from '@atendo/core/channels/channel-adapter.js';
import { receiveInbound } from '@atendo/core/modules/inbound/receive-inbound.js';
import { DEMO_ADMIN, startTestApi, type TestApi, type TestClient } from './support/api.js';
import { sql } from './support/sql.js';
import { PNG_1X1 } from './support/upload.js';

/**
 * The inbound core (docs/product/inbound.md#filter–A.3): what every channel's events become, through the
 * real pipeline entry over the real database. The bot steps have their own tests.
 */
let t: TestApi;
let admin: TestClient & { user: { id: number; companyId: number } };
const adapter = new LocalChannelAdapter();
const A = { companyId: 0, wa: 0, groups: 0 };
let seq = 0;

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  sql<T>(t.databaseUrl, text, params);
const receive = (e: InboundEvent, media?: Parameters<typeof receiveInbound>[3], wa = A.wa) =>
  receiveInbound(t.api.ctx, { companyId: A.companyId, whatsappId: wa }, e, media);
const number = () => `5511977${String(++seq).padStart(6, '0')}`;
const text = (from: string, body: string, extra: Partial<InboundMessage> = {}): InboundEvent => ({
  type: 'message',
  wid: `W${++seq}-${Date.now()}`,
  fromMe: false,
  contact: { number: from, name: 'Joana Prado' },
  kind: 'chat',
  body,
  isForwarded: false,
  ...extra,
});
const ticketOf = async (ticketId: number) =>
  (
    await q<{
      status: string;
      unreadMessages: number;
      lastMessage: string;
      contactId: number;
      isGroup: boolean;
    }>(
      `SELECT status, "unreadMessages", "lastMessage", "contactId", "isGroup" FROM tickets WHERE id = $1`,
      [ticketId],
    )
  )[0]!;
const setting = (key: string, value: string) =>
  admin.call('settingsUpdate', { params: { key }, body: { value } });

beforeAll(async () => {
  t = await startTestApi({}, { channels: singleAdapterRegistry(adapter) });
  admin = await t.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  A.companyId = admin.user.companyId;
  // No queues on these connections: the bot has nothing to ask, the core is what is tested.
  const [wa] = await q<{ id: number }>(
    `INSERT INTO whatsapps ("companyId", name, status) VALUES ($1, 'Entrada', 'CONNECTED') RETURNING id`,
    [A.companyId],
  );
  const [g] = await q<{ id: number }>(
    `INSERT INTO whatsapps ("companyId", name, status, "allowGroup") VALUES ($1, 'Grupos', 'CONNECTED', true) RETURNING id`,
    [A.companyId],
  );
  A.wa = wa!.id;
  A.groups = g!.id;
}, 60_000);
afterAll(() => t?.close());

describe('a customer message', () => {
  it('creates the contact with the name they gave and a pending ticket with the preview and one unread', async () => {
    const from = number();
    const r = await receive(text(from, 'Olá, preciso de ajuda'));
    expect(r.duplicate).toBe(false);
    const ticket = await ticketOf(r.ticketId!);
    expect(ticket).toMatchObject({
      status: 'pending',
      unreadMessages: 1,
      lastMessage: 'Olá, preciso de ajuda',
    });
    const [contact] = await q<{ name: string; number: string; channel: string }>(
      `SELECT name, number, channel FROM contacts WHERE id = $1`,
      [ticket.contactId],
    );
    expect(contact).toEqual({ name: 'Joana Prado', number: from, channel: 'whatsapp' });
    const second = await receive(text(from, 'Alguém?'));
    expect(second.ticketId).toBe(r.ticketId);
    expect(await ticketOf(r.ticketId!)).toMatchObject({
      unreadMessages: 2,
      lastMessage: 'Alguém?',
    });
  });

  it('stores a redelivery once, even when the copies arrive at the same time', async () => {
    const e = text(number(), 'duplicado');
    const first = await receive(e);
    const again = await receive(e);
    expect(again).toEqual({
      messageId: first.messageId,
      ticketId: first.ticketId,
      duplicate: true,
    });
    const burst = text(number(), 'rajada');
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => receive(burst)));
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    const [{ n }] = (await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages WHERE "whatsappId" = $1 AND wid = ANY($2)`,
      [A.wa, [e.type === 'message' && e.wid, burst.type === 'message' && burst.wid]],
    )) as [{ n: number }];
    expect(n).toBe(2);
    expect((await ticketOf(results[0]!.ticketId!)).unreadMessages).toBe(1);
  });

  it('opens no ticket for a redelivery that arrives after its ticket was closed', async () => {
    const e = text(number(), 'antes de fechar');
    const first = await receive(e);
    await q(`UPDATE tickets SET status = 'closed' WHERE id = $1`, [first.ticketId]);
    const again = await receive(e);
    expect(again).toEqual({
      messageId: first.messageId,
      ticketId: first.ticketId,
      duplicate: true,
    });
    const [{ n }] = (await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM tickets WHERE "contactId" = (SELECT "contactId" FROM tickets WHERE id = $1)`,
      [first.ticketId],
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('gives one ticket to a new contact whose first messages arrive together', async () => {
    const from = number();
    const results = await Promise.all(
      ['um', 'dois', 'três', 'quatro'].map((b) => receive(text(from, b))),
    );
    expect(new Set(results.map((r) => r.ticketId)).size).toBe(1);
    expect((await ticketOf(results[0]!.ticketId!)).unreadMessages).toBe(4);
  });

  it('links a quoted message, keeps forwarded and the channel timestamp', async () => {
    const from = number();
    const first = await receive(text(from, 'primeira'));
    const firstWid = (
      await q<{ wid: string }>(`SELECT wid FROM messages WHERE id = $1`, [first.messageId])
    )[0]!.wid;
    const reply = await receive(
      text(from, 'respondendo', {
        quotedWid: firstWid,
        isForwarded: true,
        timestamp: 1_700_000_000,
      }),
    );
    const [m] = await q<{ quotedMsgId: number; isForwarded: boolean; createdAt: Date }>(
      `SELECT "quotedMsgId", "isForwarded", "createdAt" FROM messages WHERE id = $1`,
      [reply.messageId],
    );
    expect(m).toEqual({
      quotedMsgId: first.messageId,
      isForwarded: true,
      createdAt: new Date(1_700_000_000_000),
    });
  });

  it('stores our own phone messages as ours, without counting them unread', async () => {
    const from = number();
    const r = await receive(text(from, 'mandei do celular', { fromMe: true }));
    const [m] = await q<{ fromMe: boolean }>(`SELECT "fromMe" FROM messages WHERE id = $1`, [
      r.messageId,
    ]);
    expect(m!.fromMe).toBe(true);
    expect((await ticketOf(r.ticketId!)).unreadMessages).toBe(0);
  });

  it('stores nothing from a blocked contact', async () => {
    const from = number();
    await q(
      `INSERT INTO contacts ("companyId", name, number, channel, active) VALUES ($1, 'Bloqueado', $2, 'whatsapp', false)`,
      [A.companyId, from],
    );
    expect(await receive(text(from, 'oi'))).toEqual({
      messageId: null,
      ticketId: null,
      duplicate: false,
    });
  });

  it('keeps a media file in the company private storage, readable by its users only', async () => {
    const r = await receive(
      text(number(), '', { kind: 'image', media: { mimetype: 'image/png', fileName: 'foto.png' } }),
      { data: PNG_1X1, mimetype: 'image/png', fileName: 'foto.png' },
    );
    const [m] = await q<{ mediaUrl: string; mediaType: string }>(
      `SELECT "mediaUrl", "mediaType" FROM messages WHERE id = $1`,
      [r.messageId],
    );
    expect(m!.mediaType).toBe('image');
    expect(m!.mediaUrl).toMatch(new RegExp(`^/private/${A.companyId}/[0-9a-f]{32}\\.png$`));
    const res = await admin.raw('GET', m!.mediaUrl);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    expect((await ticketOf(r.ticketId!)).lastMessage).toBe('[image]');
  });
});

describe('tickets of returning contacts', () => {
  it('reuses a ticket closed within timeCreateNewTicket minutes, and opens a new one after', async () => {
    await q(`UPDATE whatsapps SET "timeCreateNewTicket" = 30 WHERE id = $1`, [A.wa]);
    try {
      const from = number();
      const first = await receive(text(from, 'primeira conversa'));
      await q(`UPDATE tickets SET status = 'closed' WHERE id = $1`, [first.ticketId]);
      const back = await receive(text(from, 'voltei'));
      expect(back.ticketId).toBe(first.ticketId);
      expect((await ticketOf(first.ticketId!)).status).toBe('pending');
      await q(
        `UPDATE tickets SET status = 'closed', "updatedAt" = now() - interval '2 hours' WHERE id = $1`,
        [first.ticketId],
      );
      const later = await receive(text(from, 'outro assunto'));
      expect(later.ticketId).not.toBe(first.ticketId);
    } finally {
      await q(`UPDATE whatsapps SET "timeCreateNewTicket" = 0 WHERE id = $1`, [A.wa]);
    }
  });

  it('opens the ticket in lgpd while consent is still to be asked', async () => {
    await setting('enableLGPD', 'enabled');
    await setting('lgpdMessage', 'Usamos seus dados para o atendimento.');
    try {
      const r = await receive(text(number(), 'oi'));
      expect((await ticketOf(r.ticketId!)).status).toBe('lgpd');
      const [log] = await q<{ types: string[] }>(
        `SELECT array_agg(type ORDER BY id) AS types FROM logs_tickets WHERE "ticketId" = $1`,
        [r.ticketId],
      );
      expect(log!.types).toEqual(['create', 'lgpd']);
    } finally {
      await setting('enableLGPD', 'disabled');
    }
  });
});

describe('WhatsApp identities', () => {
  it('keeps a LID-only sender without a number until WhatsApp maps it, then one contact', async () => {
    const lid = `9${Date.now()}`;
    const r = await receive(text('', 'via lid', { contact: { lid, name: 'Lia' } }));
    const [c] = await q<{ id: number; number: string | null; lid: string }>(
      `SELECT id, number, lid FROM contacts WHERE id = (SELECT "contactId" FROM tickets WHERE id = $1)`,
      [r.ticketId],
    );
    expect(c).toMatchObject({ number: null, lid });
    const phone = number();
    await receive({ type: 'lid', lid, number: phone });
    const [after] = await q<{ number: string }>(`SELECT number FROM contacts WHERE id = $1`, [
      c!.id,
    ]);
    expect(after!.number).toBe(phone);
    // From now on the phone identity and the LID land on that same contact and ticket.
    const byPhone = await receive(text(phone, 'pelo número'));
    const byLid = await receive(text('', 'pelo lid', { contact: { lid } }));
    expect(byPhone.ticketId).toBe(r.ticketId);
    expect(byLid.ticketId).toBe(r.ticketId);
  });

  it('maps a LID first seen beside its number to that number afterwards', async () => {
    const lid = `8${Date.now()}`;
    const phone = number();
    const first = await receive(text(phone, 'oi', { contact: { number: phone, lid } }));
    const viaLid = await receive(text('', 'de novo', { contact: { lid } }));
    expect(viaLid.ticketId).toBe(first.ticketId);
    const [{ n }] = (await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM contacts WHERE "companyId" = $1 AND (lid = $2 OR number = $3)`,
      [A.companyId, lid, phone],
    )) as [{ n: number }];
    expect(n).toBe(1);
  });
});

describe('groups', () => {
  const groupMessage = (body: string): InboundEvent =>
    text('', body, {
      contact: { number: '120363000000000001' },
      group: { id: '120363000000000001', name: 'Equipe Vendas' },
      participant: { number: '5511912345678', name: 'Carlos' },
    });

  it('drops group messages on a connection that does not allow groups', async () => {
    expect(await receive(groupMessage('no grupo'))).toEqual({
      messageId: null,
      ticketId: null,
      duplicate: false,
    });
  });

  it('puts group messages on a group ticket named after the group, with the sender', async () => {
    const r = await receive(groupMessage('bom dia, grupo'), undefined, A.groups);
    const ticket = await ticketOf(r.ticketId!);
    expect(ticket).toMatchObject({ status: 'group', isGroup: true });
    const [group] = await q<{ name: string; isGroup: boolean }>(
      `SELECT name, "isGroup" FROM contacts WHERE id = $1`,
      [ticket.contactId],
    );
    expect(group).toEqual({ name: 'Equipe Vendas', isGroup: true });
    const [m] = await q<{ participant: string; sender: string }>(
      `SELECT m.participant, c.name AS sender FROM messages m JOIN contacts c ON c.id = m."contactId" WHERE m.id = $1`,
      [r.messageId],
    );
    expect(m).toEqual({ participant: '5511912345678', sender: 'Carlos' });
  });
});

describe('what channels say about messages', () => {
  it('raises acks in order only, and applies edits and deletions for everyone', async () => {
    const e = text(number(), 'texto original') as InboundMessage;
    const r = await receive(e);
    const row = async () =>
      (
        await q<{ ack: number; body: string; isEdited: boolean; isDeleted: boolean }>(
          `SELECT ack, body, "isEdited", "isDeleted" FROM messages WHERE id = $1`,
          [r.messageId],
        )
      )[0]!;
    await receive({ type: 'ack', wid: e.wid, ack: 3 });
    const late = await receive({ type: 'ack', wid: e.wid, ack: 2 });
    expect(late.messageId).toBeNull();
    expect((await row()).ack).toBe(3);
    await receive({ type: 'edit', wid: e.wid, body: 'texto corrigido' });
    expect(await row()).toMatchObject({ body: 'texto corrigido', isEdited: true });
    await receive({ type: 'revoke', wid: e.wid });
    expect((await row()).isDeleted).toBe(true);
    // Another connection's message with the same channel id is a different message.
    const other = await receive({ type: 'ack', wid: e.wid, ack: 4 }, undefined, A.groups);
    expect(other.messageId).toBeNull();
  });
});

describe('calls', () => {
  it('logs the call and, when calls are not taken, rejects it and tells the caller once', async () => {
    await setting('acceptCallWhatsapp', 'disabled');
    await setting('AcceptCallWhatsappMessage', 'Não atendemos ligações, escreva por aqui.');
    try {
      const from = number();
      const call: InboundEvent = {
        type: 'call',
        callId: `C${seq}`,
        from: { number: from },
        isVideo: false,
      };
      const r = await receive(call);
      expect(r.rejectCall).toBe(true);
      const again = await receive(call);
      expect(again).toMatchObject({ duplicate: true, rejectCall: true });
      const bodies = adapter.sent.filter((s) => s.ticketId === r.ticketId).map((s) => s.body);
      expect(bodies).toEqual(['Não atendemos ligações, escreva por aqui.']);
      const [m] = await q<{ mediaType: string }>(`SELECT "mediaType" FROM messages WHERE id = $1`, [
        r.messageId,
      ]);
      expect(m!.mediaType).toBe('call_log');
    } finally {
      await setting('acceptCallWhatsapp', 'enabled');
    }
    const taken = await receive({
      type: 'call',
      callId: `C${++seq}`,
      from: { number: number() },
      isVideo: true,
    });
    expect(taken.rejectCall).toBe(false);
    expect(adapter.sent.some((s) => s.ticketId === taken.ticketId)).toBe(false);
  });
});
