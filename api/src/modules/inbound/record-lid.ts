import type { InboundEvent } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { tenantData } from '../../db/tenant-data.js';
import { rememberLid } from './resolve-contact.js';

/** WhatsApp told which phone number a LID is: remembered for the company's contacts. */
export async function recordLid(
  ctx: AppContext,
  conn: { companyId: number; whatsappId: number },
  e: Extract<InboundEvent, { type: 'lid' }>,
): Promise<void> {
  await tenantData(ctx.ds, conn.companyId).transaction((tx) => rememberLid(tx, e.lid, e.number));
}
