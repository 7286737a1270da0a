import { AppError } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import type { SessionConnection } from './session-of.js';

/**
 * The content of a message this connection sent, for WhatsApp's retry requests (a recipient
 * whose phone could not decrypt it asks again, minutes or days later; the session keeps recent
 * sends in memory and asks here for older ones or after a restart). The protobuf content the
 * session sent is kept in the message's `dataJson.message`; a text sent before that was kept
 * is rebuilt from its body. Only this connection's own sent messages are found.
 */
export async function findSentMessage(
  ctx: AppContext,
  s: SessionConnection,
  wid: string,
): Promise<{ message: unknown }> {
  const [row] = await tenantData(ctx.ds, s.companyId).query<{
    body: string | null;
    mediaType: string | null;
    message: unknown;
  }>(
    `SELECT body, "mediaType", "dataJson" -> 'message' AS message
       FROM messages
      WHERE "companyId" = $1 AND "whatsappId" = $2 AND wid = $3 AND "fromMe" AND NOT "isPrivate"
      LIMIT 1`,
    [s.companyId, s.whatsappId, wid],
  );
  if (!row) throw new AppError('ERR_NOT_FOUND');
  if (row.message && typeof row.message === 'object') return { message: row.message };
  if ((row.mediaType ?? 'chat') === 'chat' && row.body)
    return { message: { conversation: row.body } };
  throw new AppError('ERR_NOT_FOUND');
}
