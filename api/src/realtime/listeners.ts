import { rooms } from '@atendo/domain';
import type { AppContext } from '../context.js';
import type { User } from '../db/entities/index.js';
import { toUserView, USER_VIEW_RELATIONS } from '../modules/users/user-view.js';
import type { Realtime } from './server.js';

/** Turns domain events into socket pushes, each to the rooms allowed to see it. */
export function registerRealtimeListeners(ctx: AppContext, realtime: Realtime): void {
  const { events } = ctx;

  // Another login of the same user: the older session shows the notice and logs out.
  events.on('user.logged_in', ({ companyId, userId }) => {
    realtime.emit(companyId, 'auth', [rooms.user(userId)], {
      action: 'update',
      user: { id: userId },
    });
  });
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
    const user = await ctx.ds
      .getRepository<User>('User')
      .findOne({ where: { id: userId, companyId }, relations: USER_VIEW_RELATIONS });
    if (user)
      realtime.emit(companyId, 'user', [rooms.company], {
        action: 'update',
        user: toUserView(user),
      });
  });
  events.on('whatsapp.created', ({ companyId, whatsapp }) => {
    realtime.emit(companyId, 'whatsapp', [rooms.company], { action: 'update', whatsapp });
  });
  events.on('whatsapp.updated', ({ companyId, whatsapp }) => {
    realtime.emit(companyId, 'whatsapp', [rooms.company], { action: 'update', whatsapp });
  });
  events.on('whatsapp.deleted', ({ companyId, whatsappId }) => {
    realtime.emit(companyId, 'whatsapp', [rooms.company], { action: 'delete', whatsappId });
  });
  events.on('whatsapp.session_changed', ({ companyId, whatsapp }) => {
    realtime.emit(companyId, 'whatsappSession', [rooms.company], {
      action: 'update',
      session: whatsapp,
    });
  });
  events.on('setting.updated', ({ companyId, key, value }) => {
    realtime.emit(companyId, 'settings', [rooms.company], {
      action: 'update',
      setting: { key, value },
    });
  });
}
