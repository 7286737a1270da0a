import { AppError, canManageConnections, isAdministrator } from '@atendo/domain';
import { permissionUserOf } from '../users/permission-user.js';
import type { AppContext } from '../../context.js';
import {
  CompanyEntity,
  UserEntity,
  WhatsappEntity,
  type Whatsapp,
} from '../../db/entities/index.js';
import { platformData } from '../../db/platform-data.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Principal } from '../../access/principal.js';
import { WHATSAPP_VIEW_RELATIONS } from './whatsapp-view.js';
import type { SessionTarget } from '../../sessions/session-runtime.js';

/** Refuses callers who may not manage connections (admins, or users with allowConnections). */
export async function assertCanManageConnections(ctx: AppContext, auth: Principal): Promise<void> {
  if (isAdministrator(auth)) return;
  const user = await tenantData(ctx.ds, auth.companyId)
    .of(UserEntity)
    .findOne({
      where: { id: auth.userId },
      select: { id: true, profile: true, super: true, allowConnections: true },
    });
  if (!user || !canManageConnections(permissionUserOf(user)))
    throw new AppError('ERR_NO_PERMISSION');
}

/**
 * The company a new connection goes to: the caller's own, or, for a super admin, the one named
 * (the all-connections dialog adds channels to any company, docs/product/connections.md#screens). Anyone else naming
 * another company is refused, never silently given their own.
 */
export function connectionCompanyOf(auth: Principal, requested: number | undefined): number {
  if (requested === undefined || requested === auth.companyId) return auth.companyId;
  if (!auth.super) throw new AppError('ERR_NO_PERMISSION');
  return requested;
}

/** The connections repository of one company. */
export const whatsappsOf = (ctx: AppContext, companyId: number) =>
  tenantData(ctx.ds, companyId).of(WhatsappEntity);

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
  const company = await platformData(ctx.ds)
    .of(CompanyEntity)
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
