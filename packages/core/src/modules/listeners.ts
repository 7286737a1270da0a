import type { AppContext } from '../context.js';
import type { Pushes } from '../events/pushes.js';
import { registerAnnouncementListeners } from './announcements/realtime.js';
import { registerCampaignDeliveryListeners } from './campaign-delivery/realtime.js';
import { registerCampaignListeners } from './campaigns/realtime.js';
import { registerChatListeners } from './chats/realtime.js';
import { registerCompanyAdminListeners } from './companies/realtime.js';
import { registerConnectionListeners } from './connections/realtime.js';
import { registerContactListListeners } from './contact-lists/realtime.js';
import { registerContactListeners } from './contacts/realtime.js';
import { registerFileListListeners } from './file-lists/realtime.js';
import { registerMessageImportListeners } from './message-import/realtime.js';
import { registerMessageListeners } from './messages/realtime.js';
import { registerPaymentListeners } from './payments/realtime.js';
import { registerPromptListeners } from './prompts/realtime.js';
import { registerQueueIntegrationListeners } from './queue-integrations/realtime.js';
import { registerQueueListeners } from './queues/realtime.js';
import { registerQuickMessageListeners } from './quick-messages/realtime.js';
import { registerScheduleListeners } from './schedules/realtime.js';
import { registerSettingListeners } from './settings/realtime.js';
import { registerTagListeners } from './tags/realtime.js';
import { registerTicketMigrationListeners } from './ticket-migration/realtime.js';
import { registerTicketTimerListeners } from './ticket-timers/listeners.js';
import { registerTicketListeners } from './tickets/realtime.js';
import { registerUserListeners } from './users/realtime.js';

/**
 * The listeners of every module, one line each: what a module does when a domain event is
 * published (push to the console, start or nudge a durable process). They run alike in the
 * api (pushes over Socket.IO) and in the worker (pushes over the PostgreSQL emitter), so a
 * workflow's change reaches the console exactly as a request's
 * (docs/architecture.md#domain-events-and-listeners).
 */
const MODULE_LISTENERS: ((ctx: AppContext, pushes: Pushes) => void)[] = [
  registerUserListeners,
  registerConnectionListeners,
  registerQueueListeners,
  registerSettingListeners,
  registerTicketListeners,
  registerMessageListeners,
  registerTagListeners,
  registerContactListeners,
  registerQuickMessageListeners,
  registerFileListListeners,
  registerPromptListeners,
  registerQueueIntegrationListeners,
  registerChatListeners,
  registerCampaignListeners,
  registerContactListListeners,
  registerScheduleListeners,
  registerCampaignDeliveryListeners,
  registerMessageImportListeners,
  registerTicketMigrationListeners,
  registerCompanyAdminListeners,
  registerPaymentListeners,
  registerAnnouncementListeners,
  registerTicketTimerListeners,
];

/** Registers every module's listeners on the context's event bus, pushing through `pushes`. */
export function registerModuleListeners(ctx: AppContext, pushes: Pushes): void {
  for (const register of MODULE_LISTENERS) register(ctx, pushes);
}
