import { MEDIA_PAGE_SIZES, type ChatMessageView, type MediaGalleryKind } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { isTicketAdmin, loadViewer, visibleTicketSql } from '../tickets/viewer.js';
import { MESSAGE_VIEW_COLUMNS, MESSAGE_VIEW_JOINS } from './message-views.js';

const KIND_FILTER: Record<MediaGalleryKind, string> = {
  images: `m."mediaType" = 'image'`,
  videos: `m."mediaType" = 'video'`,
  documents: `m."mediaType" IN ('application', 'document')`,
  links: `m."mediaType" = 'chat' AND m.body ~* 'https?://'`,
};

/**
 * GET /messages/media: the contact drawer's gallery (Mídia, Documentos, Links), newest first,
 * 20 images or 10 of the others a page (docs/product/messages.md#limits). Private notes stay out; non-admins see
 * the media of tickets they may see (their queues' and their own).
 */
export async function listContactMedia(
  ctx: AppContext,
  o: { auth: Principal; contactId: number; type: MediaGalleryKind; limit?: number; offset: number },
) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const viewer = await loadViewer(db, o.auth);
  const limit = o.limit ?? MEDIA_PAGE_SIZES[o.type];
  const params: unknown[] = [db.companyId, o.contactId, limit + 1, o.offset];
  const param = (value: unknown) => `$${params.push(value)}`;
  const visible = isTicketAdmin(viewer)
    ? ''
    : `AND EXISTS (SELECT 1 FROM tickets t WHERE t.id = m."ticketId"
          AND ${visibleTicketSql(viewer, 't', param)})`;
  const rows = await db.query<ChatMessageView>(
    `SELECT ${MESSAGE_VIEW_COLUMNS} FROM messages m ${MESSAGE_VIEW_JOINS}
      WHERE m."companyId" = $1 AND m."contactId" = $2 AND m."isPrivate" = false
        AND m."isDeleted" = false AND ${KIND_FILTER[o.type]} ${visible}
      ORDER BY m."createdAt" DESC, m.id DESC LIMIT $3 OFFSET $4`,
    params,
  );
  return { messages: rows.slice(0, limit), hasMore: rows.length > limit };
}
