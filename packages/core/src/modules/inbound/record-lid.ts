import type { InboundEvent } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import { publishLidMerge } from '../contacts/merge-contacts.js';
import { rememberLid } from '../contacts/resolve-contact.js';

/**
 * WhatsApp told which phone number a LID is: remembered for the company's contacts, and a
 * contact known only by that LID becomes (or is merged into) the number's; the live updates
 * of a merge go out once it is committed.
 */
export async function recordLid(
  ctx: AppContext,
  conn: { companyId: number; whatsappId: number },
  e: Extract<InboundEvent, { type: 'lid' }>,
): Promise<void> {
  const merge = await tenantData(ctx.ds, conn.companyId).transaction((tx) =>
    rememberLid(tx, e.lid, e.number),
  );
  if (merge) await publishLidMerge(ctx, conn.companyId, merge);
}
