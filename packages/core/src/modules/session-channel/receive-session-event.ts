import { AppError, MEDIA_KINDS, type InboundEvent, type InboundResult } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { receiveInbound } from '../inbound/receive-inbound.js';
import type { SessionConnection } from './session-of.js';

/**
 * One inbound event from a session, into the pipeline shared by every channel (deduplicated
 * there by connection and channel message id, so a redelivery stores nothing). A media kind's
 * file travels beside the event; its type and name come from the event when the session gave
 * them.
 */
export async function receiveSessionEvent(
  ctx: AppContext,
  s: SessionConnection,
  event: InboundEvent,
  file?: { buffer: Buffer; mimetype: string; originalname?: string },
): Promise<InboundResult> {
  if (file && !(event.type === 'message' && MEDIA_KINDS.includes(event.kind)))
    throw new AppError('ERR_VALIDATION', {
      fields: [{ field: 'media', message: 'Only a media message carries a file' }],
    });
  const media = file
    ? {
        data: file.buffer,
        mimetype: (event.type === 'message' ? event.media?.mimetype : undefined) ?? file.mimetype,
        fileName:
          (event.type === 'message' ? event.media?.fileName : undefined) ??
          file.originalname ??
          null,
      }
    : undefined;
  return receiveInbound(ctx, { companyId: s.companyId, whatsappId: s.whatsappId }, event, media);
}
