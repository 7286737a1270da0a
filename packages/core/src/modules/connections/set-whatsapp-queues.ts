import { WhatsappQueueEntity } from '../../db/entities/index.js';
import type { TenantData } from '../../db/tenant-data.js';

/** Replaces the queues offered on a connection's menu (`db`: its company's, or its transaction). */
export async function setWhatsappQueues(
  db: TenantData,
  o: { whatsappId: number; queueIds: number[] },
) {
  const repo = db.of(WhatsappQueueEntity);
  await repo.delete({ whatsappId: o.whatsappId });
  const ids = [...new Set(o.queueIds)];
  if (ids.length)
    await repo.insertMany(ids.map((queueId) => ({ whatsappId: o.whatsappId, queueId })));
}
