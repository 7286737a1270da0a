import { rooms } from '@atendo/domain';
import type { AppContext } from '@atendo/core/context.js';
import { CompanyEntity } from '@atendo/core/db/entities/index.js';
import { isCompanySuspended } from '@atendo/core/access/company-access.js';
import { registerModuleListeners } from '@atendo/core/modules/listeners.js';
import { platformData } from '@atendo/core/db/platform-data.js';
import type { Realtime } from './server.js';

/**
 * Turns domain events into socket pushes, each to the rooms allowed to see it. The api's own:
 * the push listeners (below) plus what only a Socket.IO server can do (ending or re-checking
 * sockets when a user, a sign-in or a company changes).
 */
export function registerRealtimeListeners(ctx: AppContext, realtime: Realtime): void {
  const { events } = ctx;
  registerModuleListeners(ctx, realtime);

  // Another login of the same user: the older sign-in shows the notice and logs out; its
  // sockets then end, so it receives nothing more of the company.
  events.on('user.logged_in', async ({ companyId, userId }) => {
    realtime.emit(companyId, 'auth', [rooms.user(userId)], {
      action: 'update',
      user: { id: userId },
    });
    await realtime.recheckUser(companyId, userId, true);
  });
  // Sockets outlive no sign-in: logout, a password reset or a refresh-token replay ends the
  // sockets of the sign-ins they ended; a deletion, a demotion or a queue change is re-checked.
  events.on('user.signed_out_everywhere', ({ companyId, userId }) =>
    realtime.recheckUser(companyId, userId, true),
  );
  events.on('user.updated', ({ companyId, user }) =>
    realtime.recheckUser(companyId, user.id, false),
  );
  events.on('user.deleted', ({ companyId, userId }) =>
    realtime.recheckUser(companyId, userId, false),
  );
  // A suspended or deleted company keeps no socket open.
  events.on('company.updated', async ({ companyId }) => {
    const company = await platformData(ctx.ds)
      .of(CompanyEntity)
      .findOne({ where: { id: companyId }, select: { id: true, status: true, dueDate: true } });
    if (!company || isCompanySuspended(company)) realtime.endCompany(companyId);
  });
  events.on('company.deleted', ({ companyId }) => realtime.endCompany(companyId));
}
