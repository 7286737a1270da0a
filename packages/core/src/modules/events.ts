import { EventBus } from '../events/bus.js';
import type { UsersEvents } from './users/events.js';
import type { CompaniesEvents } from './companies/events.js';
import type { PlansEvents } from './plans/events.js';
import type { BillingEvents } from './billing/events.js';
import type { PaymentsEvents } from './payments/events.js';
import type { SettingsEvents } from './settings/events.js';
import type { ConnectionsEvents } from './connections/events.js';
import type { QueuesEvents } from './queues/events.js';
import type { ContactsEvents } from './contacts/events.js';
import type { TagsEvents } from './tags/events.js';
import type { QuickMessagesEvents } from './quick-messages/events.js';
import type { FileListsEvents } from './file-lists/events.js';
import type { PromptsEvents } from './prompts/events.js';
import type { QueueIntegrationsEvents } from './queue-integrations/events.js';
import type { ChatsEvents } from './chats/events.js';
import type { TicketsEvents } from './tickets/events.js';
import type { MessagesEvents } from './messages/events.js';
import type { CampaignDeliveryEvents } from './campaign-delivery/events.js';
import type { CampaignsEvents } from './campaigns/events.js';
import type { ContactListsEvents } from './contact-lists/events.js';
import type { TicketMigrationEvents } from './ticket-migration/events.js';
import type { MessageImportEvents } from './message-import/events.js';
import type { SchedulesEvents } from './schedules/events.js';
import type { AnnouncementsEvents } from './announcements/events.js';

/**
 * Every domain event of the core, named `entity.past_tense`: each module declares its own in
 * its `events.ts` and joins here with one line (docs/architecture.md#domain-events-and-listeners).
 */
export interface DomainEvents
  extends
    UsersEvents,
    CompaniesEvents,
    PlansEvents,
    BillingEvents,
    PaymentsEvents,
    SettingsEvents,
    ConnectionsEvents,
    QueuesEvents,
    ContactsEvents,
    TagsEvents,
    QuickMessagesEvents,
    FileListsEvents,
    PromptsEvents,
    QueueIntegrationsEvents,
    ChatsEvents,
    TicketsEvents,
    MessagesEvents,
    CampaignDeliveryEvents,
    CampaignsEvents,
    ContactListsEvents,
    TicketMigrationEvents,
    MessageImportEvents,
    SchedulesEvents,
    AnnouncementsEvents {}

export type DomainEventName = keyof DomainEvents;

/** The core's event bus: every process builds one (api, worker, tests). */
export class DomainEventBus extends EventBus<DomainEvents> {}
