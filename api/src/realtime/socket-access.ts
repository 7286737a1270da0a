import type { Namespace } from 'socket.io';
import { isAdministrator, rooms, type PermissionUser } from '@atendo/domain';
import type { AppContext } from '@atendo/core/context.js';
import { UserEntity, type Company, type User } from '@atendo/core/db/entities/index.js';
import { tenantData } from '@atendo/core/db/tenant-data.js';
import { isCompanySuspended } from '@atendo/core/access/company-access.js';
import { permissionUserOf } from '@atendo/core/modules/users/permission-user.js';

/** What a socket holds about its user, set by the handshake. */
export interface SocketData {
  userId: number;
  companyId: number;
  /** users.tokenVersion of the token the socket was opened with. */
  tokenVersion: number;
  /** The user's role and flags, as the shared permissions module reads them. */
  permissions: PermissionUser;
  queueIds: number[];
}

/** A user as the socket rules read it, with their company's state and queues. */
export async function loadSocketUser(
  ctx: AppContext,
  companyId: number,
  userId: number,
): Promise<User | null> {
  return tenantData(ctx.ds, companyId)
    .of(UserEntity)
    .findOne({ where: { id: userId }, relations: { userQueues: true, company: true } });
}

/** Why a user may not hold a socket of `companyId` now, or null when they may. */
export function socketRefusal(
  user: User | null,
  companyId: number,
): 'ERR_SESSION_EXPIRED' | 'ERR_COMPANY_INACTIVE' | null {
  if (!user || user.companyId !== companyId) return 'ERR_SESSION_EXPIRED';
  if (user.company && isCompanySuspended(user.company as Company)) return 'ERR_COMPANY_INACTIVE';
  return null;
}

/** The rooms beyond the company's and their own that a user's role lets them be in. */
export function privilegedRooms(user: User): Set<string> {
  const permissions = permissionUserOf(user);
  const isAdmin = isAdministrator(permissions);
  const allowed = new Set<string>(
    (user.userQueues ?? []).map((q) => rooms.queueNotification(q.queueId)),
  );
  if (isAdmin) allowed.add(rooms.admins);
  // Tickets without a queue are for admins and users with allTicket (docs/product/tickets.md#who-sees-which-tickets).
  if (isAdmin || permissions.allTicket === 'enable') allowed.add(rooms.queueNotification(null));
  return allowed;
}

const isPrivileged = (room: string) => room === rooms.admins || room.startsWith('notification:');

/**
 * Brings a user's open sockets (on every api process) in line with what they may see now:
 * all of them end when the user is gone, moved or their company suspended, and those opened
 * before the user's last sign-in change when `endOlderSignIns` (logout, a newer login, a
 * password reset); the others leave the rooms their role no longer allows (a demotion, a
 * queue removed). An ended socket gets no further event of the company.
 */
export async function recheckUserSockets(
  ctx: AppContext,
  nsp: Namespace,
  o: { companyId: number; userId: number; endOlderSignIns: boolean },
): Promise<void> {
  const sockets = await nsp.in(rooms.user(o.userId)).fetchSockets();
  if (sockets.length === 0) return;
  const user = await loadSocketUser(ctx, o.companyId, o.userId);
  const refusal = socketRefusal(user, o.companyId);
  const allowed = user && !refusal ? privilegedRooms(user) : new Set<string>();
  for (const socket of sockets) {
    const data = socket.data as SocketData;
    if (refusal || (o.endOlderSignIns && data.tokenVersion !== user!.tokenVersion)) {
      socket.disconnect(true);
      continue;
    }
    for (const room of socket.rooms)
      if (isPrivileged(room) && !allowed.has(room)) socket.leave(room);
  }
  if (refusal || o.endOlderSignIns)
    ctx.logger.debug(
      { companyId: o.companyId, userId: o.userId, refusal },
      'user sockets rechecked',
    );
}
