import { rooms } from '@atendo/domain';
import type { AppContext } from '../../context.js';
import { UserEntity } from '../../db/entities/index.js';
import { tenantData } from '../../db/tenant-data.js';
import type { Pushes } from '../../events/pushes.js';
import { toUserView, USER_VIEW_RELATIONS } from './user-view.js';

/**
 * `company-{id}-user` to the whole company: user rows (names, queues, presence) show on every
 * agent's pickers. Ending a changed user's sockets is the Socket.IO server's own listener
 * (realtime/listeners.ts).
 */
export function registerUserListeners(ctx: AppContext, realtime: Pushes): void {
  const { events } = ctx;
  events.on('user.created', ({ companyId, user }) => {
    realtime.emit(companyId, 'user', [rooms.company], { action: 'create', user });
  });
  events.on('user.updated', ({ companyId, user }) => {
    realtime.emit(companyId, 'user', [rooms.company], { action: 'update', user });
  });
  events.on('user.deleted', ({ companyId, userId }) => {
    realtime.emit(companyId, 'user', [rooms.company], { action: 'delete', userId });
  });
  events.on('user.presence_changed', async ({ companyId, userId }) => {
    const user = await tenantData(ctx.ds, companyId)
      .of(UserEntity)
      .findOne({ where: { id: userId }, relations: USER_VIEW_RELATIONS });
    if (user)
      realtime.emit(companyId, 'user', [rooms.company], {
        action: 'update',
        user: toUserView(user),
      });
  });
}
