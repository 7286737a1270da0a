import fs from 'node:fs/promises';
import { AppError, type TranscribeAudioInput } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData, type TenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { assertCanSee, loadViewer } from '../tickets/viewer.js';
import { findPrivateUpload } from '../uploads/private-uploads.js';
import { credentialsOf, openApiKey } from './credential-store.js';
import { findDefaultTranscriptionService } from './find-default-transcription-service.js';
import { requestTranscription } from './transcription-client.js';

/** What the speech-to-text services accept in one request (25 MB). */
const MAX_AUDIO_BYTES = 25 * 1024 * 1024;

interface TicketRow {
  id: number;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
  status: string;
  contactId: number;
  whatsappId: number | null;
}

interface MessageRow {
  id: number;
  mediaType: string | null;
  mediaUrl: string | null;
  isDeleted: boolean;
}

// The audio is looked for in the ticket's conversation (the contact's tickets on its
// connection), the history the console shows under the ticket.
const MESSAGE_SQL = (match: string) => `
SELECT m.id, m."mediaType", m."mediaUrl", m."isDeleted" FROM messages m
 WHERE m."companyId" = $1
   AND m."ticketId" IN (SELECT x.id FROM tickets x WHERE x."companyId" = $1
                          AND x."contactId" = $2 AND x."whatsappId" IS NOT DISTINCT FROM $3)
   AND ${match}
 ORDER BY m.id DESC LIMIT 1`;

async function findAudioMessage(db: TenantData, ticket: TicketRow, input: TranscribeAudioInput) {
  const quotedId = typeof input.quotedMsg === 'number' ? input.quotedMsg : input.quotedMsg?.id;
  const [row] = quotedId
    ? await db.query<MessageRow>(MESSAGE_SQL('m.id = $4'), [
        db.companyId,
        ticket.contactId,
        ticket.whatsappId,
        quotedId,
      ])
    : await db.query<MessageRow>(MESSAGE_SQL('m."mediaUrl" = $4'), [
        db.companyId,
        ticket.contactId,
        ticket.whatsappId,
        input.mediaUrl,
      ]);
  if (!row) throw new AppError('ERR_NOT_FOUND');
  if (row.isDeleted || row.mediaType !== 'audio' || !row.mediaUrl)
    throw new AppError('ERR_TRANSCRIPTION_NOT_AUDIO');
  return { id: row.id, mediaUrl: row.mediaUrl };
}

/** The key of the service, or why there is none to use. */
async function serviceKey(ctx: AppContext, companyId: number) {
  const { service } = await findDefaultTranscriptionService(ctx, { companyId });
  // No native engine runs on this platform: 'default' means nothing transcribes.
  if (service === 'default') throw new AppError('ERR_TRANSCRIPTION_NOT_CONFIGURED');
  const row = await credentialsOf(ctx, companyId).findOne({ where: { service, isActive: true } });
  const apiKey = row ? openApiKey(ctx, row) : null;
  if (!apiKey) throw new AppError('ERR_TRANSCRIPTION_NO_CREDENTIAL');
  return { service, apiKey };
}

/**
 * POST /transcription/:ticketId: the text of an audio message of a ticket the caller may open
 * (the same rule as reading its messages; others are not found), by the company's default
 * service with the company's key. The message keeps no copy (it has no field for one): the
 * console shows the answer under the message.
 */
export async function transcribeAudio(
  ctx: AppContext,
  o: { auth: Principal; ticketId: number; input: TranscribeAudioInput },
) {
  const db = tenantData(ctx.ds, o.auth.companyId);
  const [[ticket], viewer] = await Promise.all([
    db.query<TicketRow>(
      `SELECT id, "userId", "queueId", "isGroup", status, "contactId", "whatsappId"
         FROM tickets WHERE "companyId" = $1 AND id = $2`,
      [db.companyId, o.ticketId],
    ),
    loadViewer(db, o.auth),
  ]);
  if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND');
  assertCanSee(viewer, ticket);
  const message = await findAudioMessage(db, ticket, o.input);

  const stored = /^\/private\/(\d+)\/([^/]+)$/.exec(message.mediaUrl);
  if (!stored || Number(stored[1]) !== db.companyId)
    throw new AppError('ERR_TRANSCRIPTION_NOT_AUDIO');
  const { service, apiKey } = await serviceKey(ctx, db.companyId);
  const file = await findPrivateUpload(ctx, {
    auth: o.auth,
    companyId: db.companyId,
    fileName: stored[2]!,
  });
  const { size } = await fs.stat(file.filePath);
  if (size > MAX_AUDIO_BYTES) throw new AppError('ERR_PAYLOAD_TOO_LARGE');
  const text = await requestTranscription(ctx, {
    service,
    apiKey,
    file: await fs.readFile(file.filePath),
    fileName: stored[2]!,
    mimetype: file.mimetype,
  });
  return { messageId: message.id, text };
}
