import type { EntityManager } from 'typeorm';
import type { WhatsappQueue } from '../../db/entities/index.js';

/** Replaces the queues offered on a connection's menu. */
export async function setWhatsappQueues(
  em: EntityManager,
  o: { companyId: number; whatsappId: number; queueIds: number[] },
) {
  const repo = em.getRepository<WhatsappQueue>('WhatsappQueue');
  await repo.delete({ whatsappId: o.whatsappId });
  const ids = [...new Set(o.queueIds)];
  if (ids.length)
    await repo.insert(
      ids.map((queueId) => ({ whatsappId: o.whatsappId, queueId, companyId: o.companyId })),
    );
}
