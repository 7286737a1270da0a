import { In } from 'typeorm';
import { AppError, type ChatbotNodeInput } from '@atendo/domain';
import { QueueOptionEntity, type QueueOption } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';
import { checkOptionMessages } from './check-option-messages.js';

/** The columns a node writes; fields it leaves out keep their value on an existing option. */
function columnsOf(n: ChatbotNodeInput, order: number): Partial<QueueOption> {
  const row: Partial<QueueOption> = {
    name: n.name,
    greetingMessage: n.greetingMessage,
    queueType: n.queueType,
    closeTicket: n.closeTicket,
    optQueueId: n.optQueueId,
    optUserId: n.optUserId,
    optIntegrationId: n.optIntegrationId,
    optFileId: n.optFileId,
    order: n.order ?? order,
  };
  for (const k of Object.keys(row) as (keyof QueueOption)[])
    if (row[k] === undefined) delete row[k];
  return row;
}

/**
 * Makes a queue's option tree what the queue dialog sent, inside the caller's transaction:
 * a node with an id edits that option of this queue (and may move it under its new parent),
 * one without creates it; where a level was sent (`chatbots`, or a node's `options`), the
 * options that were there and are no longer sent are deleted with everything under them.
 * Levels not sent are left alone, so a dialog that only knows the roots never drops children.
 */
export async function syncChatbotTree(
  tx: TenantData,
  queueId: number,
  roots: ChatbotNodeInput[],
): Promise<void> {
  const repo = tx.of(QueueOptionEntity);
  const existing = new Set(
    (await repo.find({ select: { id: true }, where: { queueId } })).map((r) => r.id),
  );
  const sentIds = new Set<number>();
  /** parentId → ids kept at that level (null = roots). */
  const levels = new Map<number | null, number[]>();

  const syncLevel = async (parentId: number | null, nodes: ChatbotNodeInput[]) => {
    const kept: number[] = [];
    levels.set(parentId, kept);
    for (const [i, n] of nodes.entries()) {
      let id: number;
      if (n.id) {
        if (!existing.has(n.id) || sentIds.has(n.id))
          throw new AppError('ERR_VALIDATION', {
            fields: [{ field: 'chatbots', message: `Unknown or repeated option ${n.id}` }],
          });
        sentIds.add(n.id);
        id = n.id;
        await repo.update({ id, queueId }, { ...columnsOf(n, i), parentId });
      } else {
        const row = await repo.insert({
          queueType: 'text',
          closeTicket: false,
          ...columnsOf(n, i),
          queueId,
          parentId,
        });
        id = row.id;
      }
      kept.push(id);
      if (n.options) await syncLevel(id, n.options);
    }
  };
  await syncLevel(null, roots);

  // Deletions last: an option moved out of a deleted branch has its new parent by now.
  const rows = await repo.find({ select: { id: true, parentId: true }, where: { queueId } });
  const gone = rows
    .filter((r) => levels.has(r.parentId) && !levels.get(r.parentId)!.includes(r.id))
    .map((r) => r.id);
  if (gone.length) await repo.delete({ id: In(gone), queueId });
  await checkOptionMessages(tx, queueId);
}
