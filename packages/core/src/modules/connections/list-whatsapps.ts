import type { AppContext } from '../../context.js';
import { WhatsappEntity } from '../../db/entities/index.js';
import { crossTenantData } from '../../db/platform-data.js';
import type { Principal } from '../../access/principal.js';
import { isCompanyId, targetCompany } from '../users/users-of.js';
import { whatsappsOf } from './connections-access.js';
import { toWhatsappView, WHATSAPP_VIEW_RELATIONS } from './whatsapp-view.js';
import { connectionViewFor } from './connection-token-view.js';

/**
 * The connections of the caller's company (a super admin may name another), optionally one
 * channel; their tokens only for administrators.
 */
export async function listWhatsapps(
  ctx: AppContext,
  o: { auth: Principal; channel?: string; companyId?: number },
) {
  const companyId = targetCompany(o.auth, o.companyId);
  if (!isCompanyId(companyId)) return [];
  const rows = await whatsappsOf(ctx, companyId).find({
    where: o.channel ? { channel: o.channel } : undefined,
    relations: WHATSAPP_VIEW_RELATIONS,
    order: { name: 'ASC' },
  });
  return rows.map((row) => connectionViewFor(o.auth, toWhatsappView(row)));
}

/** Every connection of every company, with its company (super admin; all-connections page, CLI). */
export async function listAllWhatsapps(ctx: AppContext, o: { channel?: string }) {
  const rows = await crossTenantData(ctx.ds, 'super-admin')
    .of(WhatsappEntity)
    .find({
      where: o.channel ? { channel: o.channel } : {},
      relations: { ...WHATSAPP_VIEW_RELATIONS, company: true },
      order: { companyId: 'ASC', name: 'ASC' },
    });
  return rows.map(toWhatsappView);
}
