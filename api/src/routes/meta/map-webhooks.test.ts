import { describe, expect, it } from 'vitest';
import { inboundEventSchema } from '@atendo/domain';
import { mapCloudWebhook } from '@atendo/core/modules/meta/map-cloud-webhook.js';
import { mapMessengerWebhook } from '@atendo/core/modules/meta/map-messenger-webhook.js';
import {
  parseLocation,
  vcardToCloudContact,
} from '@atendo/core/modules/meta/graph-channel-adapter.js';
import { validSignature } from './webhook-signature.js';
import crypto from 'node:crypto';

const FROM = '5511999990001';
const cloud = (messages: Record<string, unknown>[], statuses: Record<string, unknown>[] = []) =>
  mapCloudWebhook({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA',
        changes: [
          {
            field: 'messages',
            value: {
              metadata: { phone_number_id: 'PN1' },
              contacts: [{ wa_id: FROM, profile: { name: 'Ana' } }],
              messages: messages.map((m, i) => ({
                from: FROM,
                id: `wamid.${i}`,
                timestamp: '1700000000',
                ...m,
              })),
              statuses,
            },
          },
        ],
      },
    ],
  });
const events = (r: ReturnType<typeof cloud>) =>
  r.items.map((i) => {
    if (i.type !== 'event') throw new Error('not an event');
    // Every mapped event is valid for the pipeline's own schema.
    expect(inboundEventSchema.safeParse(i.event).success).toBe(true);
    return i;
  });

describe('Cloud API mapping', () => {
  it('maps every message kind', () => {
    const r = cloud([
      { type: 'text', text: { body: 'oi' }, context: { id: 'wamid.Q', forwarded: true } },
      { type: 'image', image: { id: 'M1', mime_type: 'image/jpeg', caption: 'foto' } },
      { type: 'audio', audio: { id: 'M2', mime_type: 'audio/ogg; codecs=opus', voice: true } },
      { type: 'video', video: { id: 'M3', mime_type: 'video/mp4' } },
      { type: 'document', document: { id: 'M4', mime_type: 'application/pdf', filename: 'a.pdf' } },
      { type: 'sticker', sticker: { id: 'M5', mime_type: 'image/webp' } },
      {
        type: 'location',
        location: { latitude: 1.5, longitude: -2, name: 'Loja', address: 'Rua 1' },
      },
      {
        type: 'contacts',
        contacts: [
          { name: { formatted_name: 'Bia' }, phones: [{ phone: '+55 11 9', wa_id: '55119' }] },
        ],
      },
      { type: 'reaction', reaction: { message_id: 'wamid.X', emoji: '👍' } },
      {
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 'b1', title: 'Sim' } },
      },
      {
        type: 'interactive',
        interactive: { type: 'list_reply', list_reply: { id: 'l1', title: 'Suporte' } },
      },
      { type: 'button', button: { payload: 'P', text: 'Quero' } },
      { type: 'unsupported' },
    ]);
    const out = events(r).map((i) => (i.type === 'event' ? i : null)!);
    expect(
      out.map((i) => (i.event.type === 'message' ? [i.event.kind, i.event.body] : null)),
    ).toEqual([
      ['chat', 'oi'],
      ['image', 'foto'],
      ['audio', ''],
      ['video', ''],
      ['document', 'a.pdf'],
      ['sticker', ''],
      ['locationMessage', '1.5,-2\nLoja - Rua 1'],
      [
        'contactMessage',
        'BEGIN:VCARD\nVERSION:3.0\nN:Bia\nFN:Bia\nTEL;type=CELL;waid=55119:+55 11 9\nEND:VCARD',
      ],
      ['reactionMessage', '👍'],
      ['chat', 'Sim'],
      ['chat', 'Suporte'],
      ['chat', 'Quero'],
    ]);
    expect(out[0]!).toMatchObject({
      channel: 'whatsappapi',
      accountId: 'PN1',
      event: {
        contact: { number: FROM, name: 'Ana' },
        quotedWid: 'wamid.Q',
        isForwarded: true,
        timestamp: 1700000000,
      },
    });
    expect(out[2]!.media).toEqual({ id: 'M2', mimetype: 'audio/ogg', fileName: null });
    expect(out[8]!.event).toMatchObject({ reactionToWid: 'wamid.X' });
    expect(r.skipped).toEqual([expect.stringContaining('unsupported')]);
  });

  it('maps statuses to acks and leaves failures out', () => {
    const r = cloud(
      [],
      [
        { id: 'w1', status: 'sent' },
        { id: 'w2', status: 'delivered' },
        { id: 'w3', status: 'read' },
        { id: 'w4', status: 'failed', errors: [{ code: 131047, title: 'Re-engagement' }] },
      ],
    );
    expect(events(r).map((i) => (i.type === 'event' ? i.event : null))).toEqual([
      { type: 'ack', wid: 'w1', ack: 1 },
      { type: 'ack', wid: 'w2', ack: 2 },
      { type: 'ack', wid: 'w3', ack: 3 },
    ]);
    expect(r.skipped[0]).toMatch(/failed of w4 \(error 131047/);
  });

  it('never throws on garbage', () => {
    expect(mapCloudWebhook(null).items).toEqual([]);
    expect(
      mapCloudWebhook({ entry: [{ changes: [{ value: { messages: [{ from: 'x' }] } }] }] }).items,
    ).toEqual([]);
    expect(cloud([{ type: 'text', from: 'not-digits' }]).items).toEqual([]);
  });
});

describe('Messenger and Instagram mapping', () => {
  const page = (object: 'page' | 'instagram', messaging: Record<string, unknown>[]) =>
    mapMessengerWebhook({ object, entry: [{ id: 'PAGE', messaging }] });
  const s = { sender: { id: 'PSID' }, recipient: { id: 'PAGE' }, timestamp: 1700000000123 };

  it('maps text, attachments with a caption, replies, reactions, deliveries, reads and unsends', () => {
    const r = page('page', [
      { ...s, message: { mid: 'm1', text: 'oi', reply_to: { mid: 'm0' } } },
      {
        ...s,
        message: {
          mid: 'm2',
          text: 'veja',
          attachments: [
            { type: 'image', payload: { url: 'https://cdn/x.jpg' } },
            { type: 'file', payload: { url: 'https://cdn/y.pdf' } },
          ],
        },
      },
      { ...s, reaction: { mid: 'm1', action: 'react', emoji: '❤' } },
      { ...s, delivery: { mids: ['o1', 'o2'], watermark: 1 } },
      { ...s, read: { watermark: 1700000000999 } },
      { ...s, sender: { id: 'PAGE' }, message: { mid: 'e1', text: 'eco', is_echo: true } },
    ]);
    const ev = r.items.map((i) => (i.type === 'event' ? i.event : i));
    for (const i of r.items)
      if (i.type === 'event') expect(inboundEventSchema.safeParse(i.event).success).toBe(true);
    expect(ev).toMatchObject([
      {
        type: 'message',
        wid: 'm1',
        kind: 'chat',
        body: 'oi',
        quotedWid: 'm0',
        contact: { platformId: 'PSID' },
        timestamp: 1700000000,
      },
      { type: 'message', wid: 'm2', kind: 'image', body: 'veja' },
      { type: 'message', wid: 'm2-1', kind: 'document', body: '' },
      { type: 'message', kind: 'reactionMessage', body: '❤', reactionToWid: 'm1' },
      { type: 'ack', wid: 'o1', ack: 2 },
      { type: 'ack', wid: 'o2', ack: 2 },
      { type: 'readUntil', customerId: 'PSID', watermark: 1700000000999, channel: 'facebook' },
    ]);
    expect(r.items[1]).toMatchObject({
      media: { url: 'https://cdn/x.jpg', mimetype: 'image/jpeg' },
    });
    expect(r.skipped).toEqual(['echo e1']);
  });

  it('Instagram: its channel, reads by id, unsends as revokes', () => {
    const r = page('instagram', [
      { ...s, read: { mid: 'o9' } },
      { ...s, message: { mid: 'm5', is_deleted: true } },
    ]);
    expect(r.items).toEqual([
      {
        type: 'event',
        channel: 'instagram',
        accountId: 'PAGE',
        event: { type: 'ack', wid: 'o9', ack: 3 },
        media: undefined,
      },
      {
        type: 'event',
        channel: 'instagram',
        accountId: 'PAGE',
        event: { type: 'revoke', wid: 'm5' },
        media: undefined,
      },
    ]);
  });
});

describe('outbound helpers and signatures', () => {
  it('reads locations and vCards', () => {
    expect(parseLocation('https://maps.google.com/maps?q=-23.5,-46.6|Loja')).toEqual({
      latitude: -23.5,
      longitude: -46.6,
      name: 'Loja',
    });
    expect(parseLocation('1.5,2\nCasa')).toEqual({ latitude: 1.5, longitude: 2, name: 'Casa' });
    expect(parseLocation('sem coordenadas')).toBeNull();
    expect(
      vcardToCloudContact('BEGIN:VCARD\nFN:Bia\nTEL;type=CELL;waid=5511:+5511\nEND:VCARD'),
    ).toEqual({
      name: { formatted_name: 'Bia', first_name: 'Bia' },
      phones: [{ phone: '+5511', wa_id: '5511', type: 'CELL' }],
    });
  });
  it('checks X-Hub-Signature-256 over the exact bytes', () => {
    const body = Buffer.from('{"a":1}');
    const sig = `sha256=${crypto.createHmac('sha256', 's').update(body).digest('hex')}`;
    expect(validSignature(body, sig, 's')).toBe(true);
    expect(validSignature(Buffer.from('{"a": 1}'), sig, 's')).toBe(false);
    expect(validSignature(body, sig, 'other')).toBe(false);
    expect(validSignature(body, undefined, 's')).toBe(false);
    expect(validSignature(body, 'sha256=zz', 's')).toBe(false);
  });
});
