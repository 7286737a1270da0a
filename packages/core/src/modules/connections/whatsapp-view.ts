import type { FindOptionsRelations } from 'typeorm';
import { whatsappView, type WhatsappView } from '@atendo/domain';
import type { Whatsapp } from '../../db/entities/index.js';

export const WHATSAPP_VIEW_RELATIONS: FindOptionsRelations<Whatsapp> = {
  whatsappQueues: { queue: true },
};

/**
 * A connection as the console sees it; session state and Meta secrets stay inside. A Cloud API
 * connection shows its phone-number id and business account, and only whether it has a token.
 */
export function toWhatsappView(
  w: Whatsapp & { company?: { id: number; name: string } },
): WhatsappView {
  const cloud = w.channel === 'whatsappapi';
  return whatsappView.parse({
    ...w,
    phoneNumberId: cloud ? w.facebookPageUserId : null,
    businessAccountId: cloud ? w.businessAccountId : null,
    hasAccessToken: cloud ? !!w.tokenMeta : false,
    queues: (w.whatsappQueues ?? [])
      .filter((wq) => wq.queue)
      .map((wq) => ({ id: wq.queue!.id, name: wq.queue!.name, color: wq.queue!.color })),
    company: w.company ? { id: w.company.id, name: w.company.name } : undefined,
  });
}
