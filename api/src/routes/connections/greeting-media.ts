import type { RequestHandler } from 'express';
import { AppError } from '@atendo/domain';
import type { AppContext } from '@atendo/core/context.js';
import type { Principal } from '@atendo/core/access/principal.js';
import { removePrivateFile } from '@atendo/core/modules/quick-messages/media-files.js';
import { multipartUpload } from '../uploads/multipart-upload.js';
import { storePrivateUpload } from '@atendo/core/modules/uploads/private-uploads.js';
import { IMAGE_KINDS } from '@atendo/core/modules/uploads/sniff-file-type.js';
import {
  assertCanManageConnections,
  loadWhatsapp,
  whatsappsOf,
} from '@atendo/core/modules/connections/connections-access.js';
import { toWhatsappView } from '@atendo/core/modules/connections/whatsapp-view.js';

/** The connection modal's upload accepts images and video (docs/product/connections.md#screens), told by content. */
const GREETING_MEDIA_KINDS = [...IMAGE_KINDS, 'mp4', 'webm'] as const;
const GREETING_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/** POST /whatsapp/:id/media-upload reads one `file` part. */
export function greetingMediaUpload(ctx: AppContext): RequestHandler {
  return multipartUpload(ctx, { field: 'file', maxBytes: GREETING_MEDIA_MAX_BYTES });
}

/**
 * Sets the media sent with a connection's greeting: stored privately in the company's folder
 * under a random name once the caller may manage connections; the previous one is removed.
 */
export async function setGreetingMedia(
  ctx: AppContext,
  o: { auth: Principal; whatsappId: number; file: Buffer | undefined },
) {
  await assertCanManageConnections(ctx, o.auth);
  const companyId = o.auth.companyId;
  const current = await loadWhatsapp(ctx, companyId, o.whatsappId);
  if (!o.file?.length)
    throw new AppError('ERR_VALIDATION', { fields: [{ field: 'file', message: 'Required' }] });
  const stored = await storePrivateUpload(ctx, {
    companyId,
    file: o.file,
    allowed: GREETING_MEDIA_KINDS,
  });
  await whatsappsOf(ctx, companyId).update(
    { id: current.id },
    { greetingMediaAttachment: stored.fileName },
  );
  await removePrivateFile(ctx, companyId, current.greetingMediaAttachment);
  return published(ctx, companyId, current.id);
}

/** DELETE /whatsapp/:id/media-upload: the greeting goes without media again. */
export async function removeGreetingMedia(
  ctx: AppContext,
  o: { auth: Principal; whatsappId: number },
) {
  await assertCanManageConnections(ctx, o.auth);
  const companyId = o.auth.companyId;
  const current = await loadWhatsapp(ctx, companyId, o.whatsappId);
  if (current.greetingMediaAttachment) {
    await whatsappsOf(ctx, companyId).update({ id: current.id }, { greetingMediaAttachment: null });
    await removePrivateFile(ctx, companyId, current.greetingMediaAttachment);
  }
  return published(ctx, companyId, current.id);
}

async function published(ctx: AppContext, companyId: number, id: number) {
  const view = toWhatsappView(await loadWhatsapp(ctx, companyId, id));
  ctx.events.publish('whatsapp.updated', { companyId, whatsapp: view });
  return view;
}
