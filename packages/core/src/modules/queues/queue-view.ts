import type { ChatbotView, QueueViewRow } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { QueueEntity, QueueOptionEntity, type QueueOption } from '../../db/entities/index.js';
import { tenantData, type TenantData } from '../../db/tenant-data.js';

const OPTION_COLUMNS = {
  id: true,
  queueId: true,
  parentId: true,
  name: true,
  greetingMessage: true,
  queueType: true,
  closeTicket: true,
  optQueueId: true,
  optUserId: true,
  optIntegrationId: true,
  optFileId: true,
  order: true,
} as const;

/** One option row with its (already built) children. */
export function toChatbotView(r: QueueOption, options: ChatbotView[]): ChatbotView {
  return {
    id: r.id,
    queueId: r.queueId,
    parentId: r.parentId,
    name: r.name,
    greetingMessage: r.greetingMessage,
    queueType: r.queueType,
    closeTicket: r.closeTicket,
    optQueueId: r.optQueueId,
    optUserId: r.optUserId,
    optIntegrationId: r.optIntegrationId,
    optFileId: r.optFileId,
    order: r.order,
    options,
  };
}

/** Flat option rows (already in sibling order) as a tree; `rootParentId` picks one level (null = roots). */
export function optionTree(rows: QueueOption[], rootParentId: number | null): ChatbotView[] {
  const byParent = new Map<number | null, QueueOption[]>();
  for (const r of rows) {
    const list = byParent.get(r.parentId) ?? [];
    list.push(r);
    byParent.set(r.parentId, list);
  }
  const build = (parentId: number | null, seen: Set<number>): ChatbotView[] =>
    (byParent.get(parentId) ?? [])
      .filter((r) => !seen.has(r.id))
      .map((r) => {
        seen.add(r.id);
        return toChatbotView(r, build(r.id, seen));
      });
  return build(rootParentId, new Set());
}

/** Every option of one queue, siblings in menu order. */
export function queueOptionRows(db: TenantData, queueId: number): Promise<QueueOption[]> {
  return db.of(QueueOptionEntity).find({
    select: OPTION_COLUMNS,
    where: { queueId },
    order: { order: 'ASC', id: 'ASC' },
  });
}

/** One queue of the company with its option tree (ERR_QUEUE_NOT_FOUND for another company's). */
export async function loadQueueView(
  ctx: AppContext | { ds: AppContext['ds'] },
  companyId: number,
  queueId: number,
): Promise<QueueViewRow> {
  const db = tenantData(ctx.ds, companyId);
  const q = await db.of(QueueEntity).get({ where: { id: queueId } }, 'ERR_QUEUE_NOT_FOUND');
  const rows = await queueOptionRows(db, queueId);
  return {
    id: q.id,
    companyId: q.companyId,
    name: q.name,
    color: q.color,
    orderQueue: q.orderQueue,
    greetingMessage: q.greetingMessage,
    outOfHoursMessage: q.outOfHoursMessage,
    closeTicket: q.closeTicket,
    ativarRoteador: q.ativarRoteador,
    tempoRoteador: q.tempoRoteador,
    integrationId: q.integrationId,
    fileListId: q.fileListId,
    promptId: q.promptId,
    schedules: q.schedules ?? [],
    chatbots: optionTree(rows, null),
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
  };
}
