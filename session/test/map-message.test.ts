import { proto, type WAMessage, type WAMessageKey } from '@whiskeysockets/baileys';
import {
  MEDIA_KINDS as DOMAIN_MEDIA_KINDS,
  inboundEventSchema,
  type InboundMessage,
} from '@atendo/domain';
import { describe, expect, it } from 'vitest';
import {
  MEDIA_KINDS,
  mapCall,
  mapLidMapping,
  mapMessage,
  mapReaction,
  mapReceipt,
  mapUpdate,
} from '../src/map-message.js';

const NUMBER = '5511988887777';
const JID = `${NUMBER}@s.whatsapp.net`;
const LID = '180000000000001';

/** A real WebMessageInfo from Baileys' own protobuf types. */
function wa(
  message: proto.IMessage,
  over: Partial<proto.IWebMessageInfo> = {},
  alt?: Partial<WAMessageKey>,
): WAMessage {
  const msg = proto.WebMessageInfo.fromObject({
    key: { remoteJid: JID, fromMe: false, id: '3EB0AAA111' },
    messageTimestamp: 1_790_000_000,
    pushName: 'Maria',
    message,
    ...over,
  }) as WAMessage;
  if (alt) Object.assign(msg.key, alt);
  return msg;
}

/** Maps, checks the result against the platform's own schema, and returns the message. */
function message(msg: WAMessage): InboundMessage {
  const event = mapMessage(msg);
  expect(event).not.toBeNull();
  expect(inboundEventSchema.parse(event)).toBeTruthy();
  expect(event!.type).toBe('message');
  return event as InboundMessage;
}

describe('mapMessage', () => {
  it('maps plain and extended text, with the sender, time and raw payload', () => {
    const m = message(wa({ conversation: 'olá' }));
    expect(m).toMatchObject({
      wid: '3EB0AAA111',
      fromMe: false,
      kind: 'chat',
      body: 'olá',
      timestamp: 1_790_000_000,
      contact: { number: NUMBER, lid: null, name: 'Maria' },
      group: null,
      participant: null,
      quotedWid: null,
      isForwarded: false,
    });
    expect(m.raw).toMatchObject({ key: { id: '3EB0AAA111' } });
    const ext = message(wa({ extendedTextMessage: { text: 'veja https://x.io' } }));
    expect(ext).toMatchObject({ kind: 'chat', body: 'veja https://x.io' });
  });

  it('maps a quoted and a forwarded message', () => {
    const m = message(
      wa({
        extendedTextMessage: {
          text: 'respondendo',
          contextInfo: {
            stanzaId: 'QUOTED1',
            participant: JID,
            isForwarded: true,
            forwardingScore: 2,
          },
        },
      }),
    );
    expect(m.quotedWid).toBe('QUOTED1');
    expect(m.isForwarded).toBe(true);
  });

  it('maps our own messages sent from the phone without taking our pushName as the contact name', () => {
    const m = message(
      wa({ conversation: 'do celular' }, { key: { remoteJid: JID, fromMe: true, id: 'ME1' } }),
    );
    expect(m.fromMe).toBe(true);
    expect(m.contact).toEqual({ number: NUMBER, lid: null });
  });

  it('maps image, video, audio, voice note, document, document with caption and sticker', () => {
    const image = message(
      wa({
        imageMessage: {
          mimetype: 'image/png',
          caption: 'foto',
          contextInfo: { isForwarded: true },
        },
      }),
    );
    expect(image).toMatchObject({
      kind: 'image',
      body: 'foto',
      media: { mimetype: 'image/png' },
      isForwarded: true,
    });

    const video = message(wa({ videoMessage: { mimetype: 'video/mp4', caption: 'vídeo' } }));
    expect(video).toMatchObject({ kind: 'video', body: 'vídeo', media: { mimetype: 'video/mp4' } });

    const audio = message(wa({ audioMessage: { mimetype: 'audio/mpeg', ptt: false } }));
    expect(audio).toMatchObject({ kind: 'audio', body: '', media: { mimetype: 'audio/mpeg' } });
    const ptt = message(
      wa({ audioMessage: { mimetype: 'audio/ogg; codecs=opus', ptt: true, seconds: 4 } }),
    );
    expect(ptt).toMatchObject({ kind: 'audio', media: { mimetype: 'audio/ogg; codecs=opus' } });

    const doc = message(
      wa({ documentMessage: { mimetype: 'application/pdf', fileName: 'boleto.pdf' } }),
    );
    expect(doc).toMatchObject({
      kind: 'document',
      body: 'boleto.pdf',
      media: { mimetype: 'application/pdf', fileName: 'boleto.pdf' },
    });
    const captioned = message(
      wa({
        documentWithCaptionMessage: {
          message: {
            documentMessage: {
              mimetype: 'application/pdf',
              fileName: 'nf.pdf',
              caption: 'segue a nota',
            },
          },
        },
      }),
    );
    expect(captioned).toMatchObject({
      kind: 'document',
      body: 'segue a nota',
      media: { fileName: 'nf.pdf' },
    });

    const sticker = message(wa({ stickerMessage: { mimetype: 'image/webp' } }));
    expect(sticker).toMatchObject({ kind: 'sticker', media: { mimetype: 'image/webp' } });
  });

  it('maps a contact card and a contacts array to vCard bodies', () => {
    const vcard =
      'BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;waid=5511911112222:+55 11 91111-2222\nEND:VCARD';
    const one = message(wa({ contactMessage: { displayName: 'João', vcard } }));
    expect(one).toMatchObject({ kind: 'contactMessage', body: vcard });
    const other = vcard.replace('João', 'Ana');
    const many = message(
      wa({
        contactsArrayMessage: {
          displayName: '2 contatos',
          contacts: [{ vcard }, { vcard: other }],
        },
      }),
    );
    expect(many.kind).toBe('contactMessage');
    expect(many.body).toBe(`${vcard}\n${other}`);
  });

  it('maps a location to "lat,lng" plus a description line', () => {
    const m = message(
      wa({
        locationMessage: {
          degreesLatitude: -23.5505,
          degreesLongitude: -46.6333,
          name: 'Sé',
          address: 'Praça da Sé',
        },
      }),
    );
    expect(m).toMatchObject({
      kind: 'locationMessage',
      body: '-23.5505,-46.6333\nSé - Praça da Sé',
    });
    const bare = message(wa({ locationMessage: { degreesLatitude: 1.5, degreesLongitude: 2 } }));
    expect(bare.body).toBe('1.5,2');
  });

  it('maps a reaction to the message it is about', () => {
    const m = message(
      wa(
        { reactionMessage: { key: { remoteJid: JID, fromMe: true, id: 'TARGET1' }, text: '👍' } },
        { key: { remoteJid: JID, fromMe: false, id: 'REACT1' } },
      ),
    );
    expect(m).toMatchObject({
      wid: 'REACT1',
      kind: 'reactionMessage',
      body: '👍',
      reactionToWid: 'TARGET1',
    });
  });

  it('maps edits (protocol message and editedMessage wrapper) and revokes to their targets', () => {
    const edit = mapMessage(
      wa({
        protocolMessage: {
          type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
          key: { remoteJid: JID, fromMe: false, id: 'ORIG1' },
          editedMessage: { conversation: 'corrigido' },
        },
      }),
    );
    expect(edit).toEqual({ type: 'edit', wid: 'ORIG1', body: 'corrigido' });
    const wrapped = mapMessage(
      wa({
        editedMessage: {
          message: {
            protocolMessage: {
              type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
              key: { remoteJid: JID, id: 'ORIG2' },
              editedMessage: { extendedTextMessage: { text: 'novo texto' } },
            },
          },
        },
      }),
    );
    expect(wrapped).toEqual({ type: 'edit', wid: 'ORIG2', body: 'novo texto' });
    const revoke = mapMessage(
      wa({
        protocolMessage: {
          type: proto.Message.ProtocolMessage.Type.REVOKE,
          key: { remoteJid: JID, id: 'GONE1' },
        },
      }),
    );
    expect(revoke).toEqual({ type: 'revoke', wid: 'GONE1' });
  });

  it('maps call logs and missed-call stubs to call_log', () => {
    const log = message(
      wa({
        callLogMesssage: {
          isVideo: true,
          callOutcome: proto.Message.CallLogMessage.CallOutcome.MISSED,
        },
      }),
    );
    expect(log).toMatchObject({ kind: 'call_log', body: 'video call missed' });
    const stub = message(
      proto.WebMessageInfo.fromObject({
        key: { remoteJid: JID, id: 'STUB1' },
        messageTimestamp: 1_790_000_000,
        messageStubType: proto.WebMessageInfo.StubType.CALL_MISSED_VOICE,
      }) as WAMessage,
    );
    expect(stub).toMatchObject({
      kind: 'call_log',
      body: 'voice call missed',
      contact: { number: NUMBER },
    });
  });

  it('maps a group message to the group and its participant, with LID and number from Baileys 7 alt fields', () => {
    const m = message(
      wa(
        { conversation: 'oi grupo' },
        { key: { remoteJid: '120363041234567890@g.us', participant: `${LID}@lid`, id: 'G1' } },
        { participantAlt: JID },
      ),
    );
    expect(m.group).toEqual({ id: '120363041234567890', name: null });
    expect(m.contact).toMatchObject({ number: '120363041234567890' });
    expect(m.participant).toEqual({ number: NUMBER, lid: LID, name: 'Maria' });
  });

  it('never takes a LID for a number; fills both from remoteJidAlt', () => {
    const lidOnly = message(
      wa({ conversation: 'x' }, { key: { remoteJid: `${LID}@lid`, id: 'L1' } }),
    );
    expect(lidOnly.contact).toMatchObject({ number: null, lid: LID });
    const both = message(
      wa(
        { conversation: 'x' },
        { key: { remoteJid: `${LID}@lid`, id: 'L2' } },
        { remoteJidAlt: JID },
      ),
    );
    expect(both.contact).toMatchObject({ number: NUMBER, lid: LID });
    const device = message(
      wa({ conversation: 'x' }, { key: { remoteJid: `${NUMBER}:12@s.whatsapp.net`, id: 'D1' } }),
    );
    expect(device.contact.number).toBe(NUMBER);
  });

  it('unwraps ephemeral and view-once messages', () => {
    const eph = message(
      wa({ ephemeralMessage: { message: { extendedTextMessage: { text: 'some em 7 dias' } } } }),
    );
    expect(eph).toMatchObject({ kind: 'chat', body: 'some em 7 dias' });
    const once = message(
      wa({
        viewOnceMessageV2: {
          message: { imageMessage: { mimetype: 'image/jpeg', viewOnce: true } },
        },
      }),
    );
    expect(once).toMatchObject({ kind: 'image', media: { mimetype: 'image/jpeg' } });
    const onceV1 = message(
      wa({ viewOnceMessage: { message: { videoMessage: { mimetype: 'video/mp4' } } } }),
    );
    expect(onceV1.kind).toBe('video');
  });

  it('skips status broadcasts, protocol stubs and kinds it does not store', () => {
    expect(
      mapMessage(
        wa(
          { conversation: 'story' },
          { key: { remoteJid: 'status@broadcast', id: 'S1', participant: JID } },
        ),
      ),
    ).toBeNull();
    expect(
      mapMessage(
        wa({
          protocolMessage: { type: proto.Message.ProtocolMessage.Type.HISTORY_SYNC_NOTIFICATION },
        }),
      ),
    ).toBeNull();
    expect(
      mapMessage(
        proto.WebMessageInfo.fromObject({
          key: { remoteJid: JID, id: 'STUB2' },
          messageStubType: proto.WebMessageInfo.StubType.E2E_ENCRYPTED,
        }) as WAMessage,
      ),
    ).toBeNull();
    expect(mapMessage(wa({ senderKeyDistributionMessage: { groupId: 'x' } }))).toBeNull();
    expect(mapMessage(wa({ messageContextInfo: { deviceListMetadataVersion: 2 } }))).toBeNull();
  });

  it('keeps video notes, polls and interactive replies, and says what arrived for kinds not rendered', () => {
    expect(message(wa({ ptvMessage: { mimetype: 'video/mp4', fileLength: 1000 } }))).toMatchObject({
      kind: 'video',
      media: { mimetype: 'video/mp4' },
    });
    expect(
      message(
        wa({
          pollCreationMessageV3: {
            name: 'Qual horário?',
            options: [{ optionName: 'Manhã' }, { optionName: 'Tarde' }],
            selectableOptionsCount: 1,
          },
        }),
      ),
    ).toMatchObject({ kind: 'chat', body: '📊 Qual horário?\n• Manhã\n• Tarde' });
    expect(
      message(
        wa({
          interactiveResponseMessage: {
            nativeFlowResponseMessage: {
              name: 'quick_reply',
              paramsJson: JSON.stringify({ id: 'opt-2', title: 'Segunda via do boleto' }),
            },
          },
        }),
      ),
    ).toMatchObject({ kind: 'chat', body: 'Segunda via do boleto' });
    expect(
      message(wa({ interactiveResponseMessage: { body: { text: 'Quero falar com alguém' } } })),
    ).toMatchObject({ kind: 'chat', body: 'Quero falar com alguém' });
    expect(
      message(wa({ pollUpdateMessage: { pollCreationMessageKey: { id: 'P1' } } })),
    ).toMatchObject({ kind: 'chat', body: '[voto em enquete: abra no celular para ver]' });
    expect(message(wa({ eventMessage: { name: 'Reunião' } }))).toMatchObject({
      kind: 'chat',
      body: '[evento: abra no celular para ver]',
    });
  });
});

it('knows the same media kinds as the domain', () => {
  expect([...MEDIA_KINDS].sort()).toEqual([...DOMAIN_MEDIA_KINDS].sort());
});

describe('acks, reactions, calls and LID mappings', () => {
  const ours = { remoteJid: JID, fromMe: true, id: 'ATD1-2A' };

  it("maps Baileys' statuses of our messages to the product's ticks (1 sent, 2 delivered, 3 read)", () => {
    const { ERROR, PENDING, SERVER_ACK, DELIVERY_ACK, READ, PLAYED } = proto.WebMessageInfo.Status;
    for (const [status, ack] of [
      [ERROR, 0],
      [PENDING, 0],
      [SERVER_ACK, 1],
      [DELIVERY_ACK, 2],
      [READ, 3],
      [PLAYED, 4],
    ] as const) {
      expect(mapUpdate({ key: ours, update: { status } }), `status ${status}`).toEqual({
        type: 'ack',
        wid: 'ATD1-2A',
        ack,
      });
    }
    expect(mapUpdate({ key: { ...ours, fromMe: false }, update: { status: 3 } })).toBeNull();
    expect(mapUpdate({ key: ours, update: { starred: true } })).toBeNull();
  });

  it('maps user receipts to the highest ack they show', () => {
    const receipt = (r: Partial<proto.IUserReceipt>) =>
      mapReceipt({ key: ours, receipt: { userJid: JID, ...r } });
    expect(receipt({ receiptTimestamp: 1 })).toMatchObject({ ack: 2 });
    expect(receipt({ receiptTimestamp: 1, readTimestamp: 2 })).toMatchObject({ ack: 3 });
    expect(receipt({ playedTimestamp: 3 })).toMatchObject({ ack: 4 });
    expect(receipt({})).toBeNull();
  });

  it('maps messages.reaction to the same reaction message as its upsert', () => {
    const event = mapReaction({
      key: { remoteJid: JID, fromMe: true, id: 'TARGET2' },
      reaction: proto.Reaction.fromObject({
        key: { remoteJid: JID, fromMe: false, id: 'REACT2' },
        text: '❤️',
        senderTimestampMs: 1_790_000_000_000,
      }),
    });
    expect(inboundEventSchema.parse(event)).toMatchObject({
      type: 'message',
      wid: 'REACT2',
      kind: 'reactionMessage',
      body: '❤️',
      reactionToWid: 'TARGET2',
      timestamp: 1_790_000_000,
      contact: { number: NUMBER },
    });
  });

  it('maps call offers (LID caller with its phone number) and ignores other call states', () => {
    const call = {
      chatId: `${LID}@lid`,
      from: `${LID}@lid`,
      callerPn: JID,
      id: 'CALL1',
      date: new Date(1_790_000_000_000),
      offline: false,
    };
    expect(mapCall({ ...call, status: 'offer', isVideo: true })).toEqual({
      type: 'call',
      callId: 'CALL1',
      from: { number: NUMBER, lid: LID },
      isVideo: true,
      timestamp: 1_790_000_000,
    });
    expect(mapCall({ ...call, status: 'terminate' })).toBeNull();
  });

  it('maps LID ↔ phone number mappings', () => {
    expect(mapLidMapping({ lid: `${LID}@lid`, pn: JID })).toEqual({
      type: 'lid',
      lid: LID,
      number: NUMBER,
    });
    expect(mapLidMapping({ lid: LID, pn: NUMBER })).toEqual({
      type: 'lid',
      lid: LID,
      number: NUMBER,
    });
    expect(mapLidMapping({ lid: 'garbage', pn: JID })).toBeNull();
  });
});
