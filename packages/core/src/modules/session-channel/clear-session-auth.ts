import type { AppContext } from '../../context.js';
import { BaileysAuthEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { SessionConnection } from './session-of.js';

/** Wipes a connection's auth state (its WhatsApp login was logged out). */
export async function clearSessionAuth(ctx: AppContext, s: SessionConnection): Promise<void> {
  await tenantData(ctx.ds, s.companyId).of(BaileysAuthEntity).delete({ whatsappId: s.whatsappId });
}
