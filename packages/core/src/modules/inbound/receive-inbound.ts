import type { InboundEvent, InboundResult } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { withCompany } from '../../db/tenant-scope.js';
import { applyReceipt } from './apply-receipt.js';
import { receiveCall } from './receive-call.js';
import { receiveMessage } from './receive-message.js';
import { recordLid } from './record-lid.js';

/** What a channel hands over with a media message: the file's bytes and claimed type. */
export interface InboundMedia {
  data: Buffer;
  mimetype: string;
  fileName?: string | null;
}

/**
 * The one entry of everything a channel reports (docs/product/inbound.md#inbound-messages), whatever the channel: the
 * session program over the internal api, the Meta webhooks in the api. Safe to call again
 * with the same event: a redelivered message answers `duplicate` and stores nothing.
 */
export async function receiveInbound(
  ctx: AppContext,
  conn: { companyId: number; whatsappId: number },
  event: InboundEvent,
  media?: InboundMedia,
  /** `imported`: a history message of the message import (docs/product/connections.md#import-of-old-messages): no bots, its own queue. */
  options: { imported?: boolean } = {},
): Promise<InboundResult> {
  // Whoever calls (a session's route, a webhook that looked the page up across companies),
  // the database sees this company only from here on.
  return withCompany(conn.companyId, () => route(ctx, conn, event, media, options));
}

function route(
  ctx: AppContext,
  conn: { companyId: number; whatsappId: number },
  event: InboundEvent,
  media: InboundMedia | undefined,
  options: { imported?: boolean },
): Promise<InboundResult> | InboundResult {
  switch (event.type) {
    case 'message':
      return receiveMessage(ctx, conn, event, media, new Date(), options);
    case 'edit':
    case 'revoke':
    case 'ack':
      return applyReceipt(ctx, conn, event);
    case 'call':
      return receiveCall(ctx, conn, event);
    case 'lid':
      return recordLid(ctx, conn, event).then(() => ({
        messageId: null,
        ticketId: null,
        duplicate: false,
      }));
  }
}
