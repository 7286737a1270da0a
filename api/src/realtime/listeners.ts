import { rooms, type WhatsappView } from '@atendo/domain';
import type { RealtimeInput } from '@atendo/contract';
import { withoutToken } from '../modules/connections/connection-token-view.js';
import type { AppContext } from '../context.js';
import { CompanyEntity, UserEntity } from '../db/entities/index.js';
import { isCompanySuspended } from '../modules/auth/company-access.js';
import { toUserView, USER_VIEW_RELATIONS } from '../modules/users/user-view.js';
import type { Realtime } from './server.js';
import type { Pushes } from './pushes.js';
import { registerTicketListeners } from './ticket-listeners.js';
import { registerTagListeners } from '../modules/tags/realtime.js';
import { registerContactListeners } from '../modules/contacts/realtime.js';
import { registerQuickMessageListeners } from '../modules/quick-messages/realtime.js';
import { registerFileListListeners } from '../modules/file-lists/realtime.js';
import { registerPromptListeners } from '../modules/prompts/realtime.js';
import { registerQueueIntegrationListeners } from '../modules/queue-integrations/realtime.js';
import { registerChatListeners } from '../modules/chats/realtime.js';
import { registerCampaignListeners } from '../modules/campaigns/realtime.js';
import { registerContactListListeners } from '../modules/contact-lists/realtime.js';
import { registerScheduleListeners } from '../modules/schedules/realtime.js';
import { registerCampaignDeliveryListeners } from '../modules/campaign-delivery/realtime.js';
import { registerMessageImportListeners } from '../modules/message-import/realtime.js';
import { registerTicketMigrationListeners } from '../modules/ticket-migration/realtime.js';
import { registerTicketTimerListeners } from '../modules/ticket-timers/listeners.js';
import { registerCompanyAdminListeners } from '../modules/companies/realtime.js';
import { registerPaymentListeners } from '../modules/payments/realtime.js';
import { registerAnnouncementListeners } from '../modules/announcements/realtime.js';
import { platformData } from '../db/platform-data.js';
import { tenantData } from '../db/tenant-data.js';

/**
 * Turns domain events into socket pushes, each to the rooms allowed to see it. The api's own:
 * the push listeners (below) plus what only a Socket.IO server can do (ending or re-checking
 * sockets when a user, a session or a company changes).
 */
export function registerRealtimeListeners(ctx: AppContext, realtime: Realtime): void {
  const { events } = ctx;
  registerPushListeners(ctx, realtime);

  // Another login of the same user: the older session shows the notice and logs out.
  // Another login of the same user: the older session shows the notice and logs out; its
  // sockets then end, so it receives nothing more of the company.
  events.on('user.logged_in', async ({ companyId, userId }) => {
    realtime.emit(companyId, 'auth', [rooms.user(userId)], {
      action: 'update',
      user: { id: userId },
    });
    await realtime.recheckUser(companyId, userId, true);
  });
  // Sockets outlive no session: logout, a password reset or a refresh-token replay ends the
  // sockets of the sessions they ended; a deletion, a demotion or a queue change is re-checked.
  events.on('user.sessions_ended', ({ companyId, userId }) =>
    realtime.recheckUser(companyId, userId, true),
  );
  events.on('user.created', ({ companyId, user }) => {
    realtime.emit(companyId, 'user', [rooms.company], { action: 'create', user });
  });
  events.on('user.updated', async ({ companyId, user }) => {
    realtime.emit(companyId, 'user', [rooms.company], { action: 'update', user });
    await realtime.recheckUser(companyId, user.id, false);
  });
  events.on('user.deleted', async ({ companyId, userId }) => {
    realtime.emit(companyId, 'user', [rooms.company], { action: 'delete', userId });
    await realtime.recheckUser(companyId, userId, false);
  });
  // A suspended or deleted company keeps no socket open.
  events.on('company.updated', async ({ companyId }) => {
    const company = await platformData(ctx.ds)
      .of(CompanyEntity)
      .findOne({ where: { id: companyId }, select: { id: true, status: true, dueDate: true } });
    if (!company || isCompanySuspended(company)) realtime.endCompany(companyId);
  });
  events.on('company.deleted', ({ companyId }) => realtime.endCompany(companyId));
}

/**
 * Listeners that only push: they run in the api over Socket.IO and in the worker over the
 * PostgreSQL emitter (a domain event published by a workflow's activity reaches the console the
 * same way). A module's pushes register here, one line each.
 */
export function registerPushListeners(ctx: AppContext, realtime: Pushes): void {
  const { events } = ctx;
  registerTicketListeners(ctx, realtime);
  registerTagListeners(events, realtime);
  registerContactListeners(ctx, realtime);
  registerQuickMessageListeners(events, realtime);
  registerFileListListeners(events, realtime);
  registerPromptListeners(events, realtime);
  registerQueueIntegrationListeners(events, realtime);
  registerChatListeners(events, realtime);
  registerCampaignListeners(ctx, realtime);
  registerContactListListeners(ctx, realtime);
  registerScheduleListeners(events, realtime);
  registerCampaignDeliveryListeners(ctx, realtime);
  registerMessageImportListeners(events, realtime);
  registerTicketMigrationListeners(events, realtime);
  registerCompanyAdminListeners(ctx, realtime);
  registerPaymentListeners(events, realtime);
  registerAnnouncementListeners(ctx, realtime);
  // Not a push: starts and nudges the ticket timers and rotations, in the api and the worker.
  registerTicketTimerListeners(ctx);

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
  // A connection's token goes to the admins room only; everyone else gets the view without it.
  const connectionEvent = <E extends 'whatsapp' | 'whatsappSession'>(
    companyId: number,
    entity: E,
    payload: (view: WhatsappView) => RealtimeInput<E>,
    whatsapp: WhatsappView,
  ) => {
    realtime.emit(companyId, entity, [rooms.admins], payload(whatsapp));
    realtime.emit(companyId, entity, [rooms.company], payload(withoutToken(whatsapp)), [
      rooms.admins,
    ]);
  };
  events.on('whatsapp.created', ({ companyId, whatsapp }) => {
    connectionEvent(companyId, 'whatsapp', (w) => ({ action: 'update', whatsapp: w }), whatsapp);
  });
  events.on('whatsapp.updated', ({ companyId, whatsapp }) => {
    connectionEvent(companyId, 'whatsapp', (w) => ({ action: 'update', whatsapp: w }), whatsapp);
  });
  events.on('whatsapp.deleted', ({ companyId, whatsappId }) => {
    realtime.emit(companyId, 'whatsapp', [rooms.company], { action: 'delete', whatsappId });
  });
  events.on('whatsapp.session_changed', ({ companyId, whatsapp }) => {
    connectionEvent(
      companyId,
      'whatsappSession',
      (w) => ({ action: 'update', session: w }),
      whatsapp,
    );
  });
  // Queue names and colours are on every agent's pickers and ticket rows: the whole company.
  events.on('queue.updated', ({ companyId, queue }) => {
    realtime.emit(companyId, 'queue', [rooms.company], { action: 'update', queue });
  });
  events.on('queue.deleted', ({ companyId, queueId }) => {
    realtime.emit(companyId, 'queue', [rooms.company], { action: 'delete', queueId });
  });
  events.on('setting.updated', ({ companyId, key, value }) => {
    realtime.emit(companyId, 'settings', [rooms.company], {
      action: 'update',
      setting: { key, value },
    });
  });
}
