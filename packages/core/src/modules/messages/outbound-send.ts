import { AppError } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';
import type { OutboundSend } from '../../channels/channel-adapter.js';

/** What the channel needs to send stored message `messageId`: recipient, text, media, quote. */
export async function outboundSendOf(db: TenantData, messageId: number): Promise<OutboundSend> {
  const [row] = await db.query<{
    id: number;
    ticketId: number;
    whatsappId: number | null;
    channel: string;
    contactId: number;
    number: string | null;
    lid: string | null;
    isGroup: boolean;
    body: string | null;
    mediaType: string | null;
    mediaUrl: string | null;
    quotedWid: string | null;
    quotedFromMe: boolean | null;
    quotedBody: string | null;
    quotedParticipant: string | null;
    quotedContent: unknown;
  }>(
    `SELECT m.id, m."ticketId", m."whatsappId", t.channel, c.id AS "contactId", c.number, c.lid, c."isGroup",
            m.body, m."mediaType", m."mediaUrl", qm.wid AS "quotedWid",
            qm."fromMe" AS "quotedFromMe", qm.body AS "quotedBody",
            qm."dataJson" -> 'key' ->> 'participant' AS "quotedParticipant",
            qm."dataJson" -> 'message' AS "quotedContent"
       FROM messages m JOIN tickets t ON t.id = m."ticketId" JOIN contacts c ON c.id = t."contactId"
       LEFT JOIN messages qm ON qm.id = m."quotedMsgId"
      WHERE m."companyId" = $1 AND m.id = $2`,
    [db.companyId, messageId],
  );
  if (!row) throw new AppError('ERR_NOT_FOUND');
  return {
    messageId: row.id,
    companyId: db.companyId,
    ticketId: row.ticketId,
    whatsappId: row.whatsappId,
    channel: row.channel,
    to: { contactId: row.contactId, number: row.number, isGroup: row.isGroup, lid: row.lid },
    body: row.body ?? '',
    mediaType: row.mediaType === 'chat' ? null : row.mediaType,
    mediaFile: row.mediaUrl ? row.mediaUrl.slice(row.mediaUrl.lastIndexOf('/') + 1) : null,
    quotedWid: row.quotedWid,
    quoted: row.quotedWid
      ? {
          fromMe: !!row.quotedFromMe,
          body: row.quotedBody ?? '',
          participant: row.quotedParticipant,
          content: row.quotedContent ?? null,
        }
      : null,
  };
}
