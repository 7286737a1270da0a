import type { AppContext } from '../../context.js';
import { type Campaign, type Contact, type Whatsapp } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';
import { resolveContact } from '../contacts/resolve-contact.js';
import { deliverMessage } from '../messages/deliver-message.js';
import { outboundSendOf } from '../messages/outbound-send.js';
import { storeOutboundMessage } from '../messages/post-message.js';
import { closeTicketRow } from '../tickets/close-ticket-row.js';
import { afterChange, type Change } from '../tickets/ticket-change.js';
import { closesAfterSend, proactiveTicket, senderPlacement } from '../tickets/proactive-ticket.js';
import { campaignMedia } from './campaign-media.js';

/** Which message of a shipping: the confirmation request, or the campaign's message itself. */
export type ShippingPart = 'confirmation' | 'main';

/** What became of one send. */
export type ShippingOutcome =
  /** Handed to the channel (now, or again after a retry) and recorded. */
  | 'sent'
  /** Nothing to do: already done, the record is gone, or the number opted out (record removed). */
  | 'skipped'
  /** The campaign is no longer EM_ANDAMENTO: stop. */
  | 'stopped'
  /** The channel refused it and the connection is not CONNECTED: wait and try again later. */
  | 'disconnected';

interface ClaimRow {
  id: number;
  number: string;
  contactId: number | null;
  message: string | null;
  confirmationMessage: string | null;
  deliveredAt: Date | null;
  confirmationRequestedAt: Date | null;
  jobId: string | null;
  confirmationMessageId: number | null;
  itemName: string | null;
  campaignStatus: string;
  optedOut: boolean;
}

/**
 * Sends one part of one shipping through the business core, exactly once (docs/product/campaigns.md#delivery):
 *
 * 1. One transaction claims it: the shipping row is locked, the campaign must still be
 *    EM_ANDAMENTO, the contact found or created, its ticket found or created (with the
 *    campaign's queue, user and statusTicket when openTicket is enabled), our message stored,
 *    and its id written on the shipping (jobId, or confirmationMessageId). A new ticket is
 *    closed right away when openTicket is disabled (or statusTicket is closed); a ticket the
 *    contact already had open is left as it was.
 * 2. After commit the message goes to the channel; a retry of a claimed shipping resends the
 *    same message id, which the ChannelAdapter contract treats as the same send.
 * 3. deliveredAt (confirmationRequestedAt) is set once the channel took it.
 */
export async function sendCampaignShipping(
  ctx: AppContext,
  o: {
    db: TenantData;
    campaign: Campaign;
    connection: Whatsapp;
    timeZone: string;
    shippingId: number;
    part: ShippingPart;
    /** The delivery's clock: deliveredAt / confirmationRequestedAt (see deliverCampaignStep). */
    at: Date;
  },
): Promise<ShippingOutcome> {
  const { db, campaign, connection, part } = o;
  const change: Change = { ticketId: 0, moved: [], stored: [] };
  const claim = await db.transaction(async (tx) => {
    const [s] = await tx.query<ClaimRow>(
      `SELECT s.id, s.number, s."contactId", s.message, s."confirmationMessage", s."deliveredAt",
              s."confirmationRequestedAt", s."jobId", s."confirmationMessageId",
              i.name AS "itemName", c.status AS "campaignStatus",
              EXISTS (SELECT 1 FROM contacts o WHERE o."companyId" = s."companyId"
                         AND o.number = s.number AND o."campaignOptOut") AS "optedOut"
         FROM campaign_shippings s JOIN campaigns c ON c.id = s."campaignId"
         LEFT JOIN contact_list_items i ON i.id = s."contactListItemId"
        WHERE s."companyId" = $1 AND s.id = $2 FOR UPDATE OF s`,
      [tx.companyId, o.shippingId],
    );
    if (!s) return 'skipped' as const;
    if (s.campaignStatus !== 'EM_ANDAMENTO') return 'stopped' as const;
    if (part === 'main' ? s.deliveredAt : s.confirmationRequestedAt) return 'skipped' as const;
    const claimed = part === 'main' ? (s.jobId ? Number(s.jobId) : null) : s.confirmationMessageId;
    if (claimed) return { messageId: claimed, fresh: false };

    if (s.optedOut) {
      await tx.query(`DELETE FROM campaign_shippings WHERE "companyId" = $1 AND id = $2`, [
        tx.companyId,
        s.id,
      ]);
      return 'skipped' as const;
    }
    const contact = await recipientContact(tx, s, connection);
    if (!contact) return 'skipped' as const;
    const placement = senderPlacement(campaign);
    const { ticket, fresh } = await proactiveTicket(tx, change, {
      contact,
      connection,
      timeZone: o.timeZone,
      now: new Date(),
      placement,
    });
    const media = part === 'main' ? campaignMedia(tx.companyId, campaign) : null;
    const stored = await storeOutboundMessage(tx, ticket, {
      body: (part === 'main' ? s.message : s.confirmationMessage) ?? '',
      mediaType: media?.mediaType ?? null,
      mediaUrl: media?.mediaUrl ?? null,
    });
    if (closesAfterSend(fresh, placement, campaign.statusTicket)) await closeTicketRow(tx, ticket);
    await tx.query(
      part === 'main'
        ? `UPDATE campaign_shippings SET "jobId" = $3, "updatedAt" = now() WHERE "companyId" = $1 AND id = $2`
        : `UPDATE campaign_shippings SET "confirmationMessageId" = $3, "updatedAt" = now() WHERE "companyId" = $1 AND id = $2`,
      [tx.companyId, s.id, part === 'main' ? String(stored.messageId) : stored.messageId],
    );
    return { messageId: stored.messageId, fresh: true, send: stored.send };
  });
  if (typeof claim === 'string') return claim;

  if (claim.fresh) {
    await afterChange(ctx, db.companyId, change);
    ctx.events.publish('message.created', {
      companyId: db.companyId,
      messageId: claim.messageId,
      ticketId: change.ticketId,
    });
  }
  const send = ('send' in claim && claim.send) || (await outboundSendOf(db, claim.messageId));
  if (!(await deliverMessage(ctx, send, { wait: true }))) {
    const [row] = await db.query<{ status: string }>(
      `SELECT status FROM whatsapps WHERE "companyId" = $1 AND id = $2`,
      [db.companyId, connection.id],
    );
    if (row?.status !== 'CONNECTED') return 'disconnected';
    throw new Error(`campaign ${campaign.id}: the channel refused shipping ${o.shippingId}`);
  }
  await db.query(
    part === 'main'
      ? `UPDATE campaign_shippings SET "deliveredAt" = $3, "updatedAt" = now()
          WHERE "companyId" = $1 AND id = $2 AND "deliveredAt" IS NULL`
      : `UPDATE campaign_shippings SET "confirmationRequestedAt" = $3, "updatedAt" = now()
          WHERE "companyId" = $1 AND id = $2 AND "confirmationRequestedAt" IS NULL`,
    [db.companyId, o.shippingId, o.at],
  );
  return 'sent';
}

/** The contact a shipping goes to: the tag's contact, or the list item's number found or created. */
async function recipientContact(
  tx: TenantData,
  s: ClaimRow,
  connection: Whatsapp,
): Promise<Contact | null> {
  if (s.contactId) {
    const [contact] = await tx.query<Contact>(
      `SELECT id, "companyId", name, number, email, "isGroup", "disableBot", active, channel,
              "lgpdAcceptedAt", "whatsappId", lid
         FROM contacts WHERE "companyId" = $1 AND id = $2`,
      [tx.companyId, s.contactId],
    );
    return contact ?? null;
  }
  return resolveContact(tx, {
    identity: { number: s.number },
    channel: connection.channel,
    whatsappId: connection.id,
    isGroup: false,
    name: s.itemName,
  });
}
