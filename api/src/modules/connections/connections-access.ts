import { AppError, canManageConnections, isAdministrator } from '@atendo/domain';
import { permissionUserOf } from '../users/permission-user.js';
import type { AppContext } from '../../context.js';
import type { User, Whatsapp, Company } from '../../db/entities/index.js';
import { tenantRepository } from '../../db/tenant.js';
import type { Principal } from '../auth/tokens.js';
import { WHATSAPP_VIEW_RELATIONS } from './whatsapp-view.js';
import type { SessionTarget } from '../../sessions/session-runtime.js';

/** Refuses callers who may not manage connections (admins, or users with allowConnections). */
export async function assertCanManageConnections(ctx: AppContext, auth: Principal): Promise<void> {
  if (isAdministrator(auth)) return;
  const user = await ctx.ds.getRepository<User>('User').findOne({
    where: { id: auth.userId },
    select: { id: true, profile: true, super: true, allowConnections: true },
  });
  if (!user || !canManageConnections(permissionUserOf(user)))
    throw new AppError('ERR_NO_PERMISSION');
}

/** The connections repository of one company. */
export const whatsappsOf = (ctx: AppContext, companyId: number) =>
  tenantRepository<Whatsapp>(ctx.ds, 'Whatsapp', companyId);

/** A connection of the caller's company (or ERR_NO_WAPP_FOUND). */
export async function loadWhatsapp(
  ctx: AppContext,
  companyId: number,
  id: number,
): Promise<Whatsapp> {
  return whatsappsOf(ctx, companyId).get(
    { where: { id }, relations: WHATSAPP_VIEW_RELATIONS },
    'ERR_NO_WAPP_FOUND',
  );
}

/** What the session runtime needs to know about a connection. */
export async function sessionTargetOf(ctx: AppContext, w: Whatsapp): Promise<SessionTarget> {
  const company = await ctx.ds
    .getRepository<Company>('Company')
    .findOne({ where: { id: w.companyId }, select: { id: true, resourceName: true } });
  return {
    id: w.id,
    companyId: w.companyId,
    name: w.name,
    channel: w.channel,
    resourceName: w.resourceName,
    companyResourceName: company?.resourceName ?? null,
  };
}
