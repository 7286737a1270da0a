import { AppError } from '@atendo/domain';
import type { TenantData } from '../../db/tenant-data.js';

/**
 * docs/product/queues-and-chatbots.md (chatbot option): "a message is required to proceed to the next level". After a
 * write to a queue's option tree, inside its transaction, refuses (ERR_VALIDATION, so nothing
 * is kept) any option of the queue that has options under it but no message to ask with.
 * Checked on the stored tree, not on the request: a node sent with its id alone keeps its
 * stored message, and an option gains children through other routes than its own.
 */
export async function checkOptionMessages(tx: TenantData, queueId: number): Promise<void> {
  const silent = await tx.query<{ id: number; name: string }>(
    `SELECT p.id, p.name FROM queue_options p
      WHERE p."companyId" = $1 AND p."queueId" = $2
        AND COALESCE(btrim(p."greetingMessage"), '') = ''
        AND EXISTS (SELECT 1 FROM queue_options c
                     WHERE c."companyId" = $1 AND c."parentId" = p.id)
      ORDER BY p.id`,
    [tx.companyId, queueId],
  );
  if (silent.length)
    throw new AppError('ERR_VALIDATION', {
      fields: silent.map((o) => ({
        field: 'greetingMessage',
        message: `Option "${o.name}" has options under it and needs a message to ask with`,
      })),
    });
}
