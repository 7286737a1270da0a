import { EventEmitter } from 'node:events';
import type { ContactViewRow } from '@atendo/domain';
import type { QuickMessageView, TagView, UserView, WhatsappView } from '@atendo/domain';
import type { QueueViewRow } from '@atendo/domain';
import type { CampaignProgress } from '@atendo/domain/processes';
import type { ContactListItemViewRow } from '@atendo/domain';
import type { TicketMigrationProgress } from '@atendo/domain/processes';
import type { ScheduleView } from '@atendo/domain';
import type { AnnouncementView } from '@atendo/domain';
import type {
  FileListDetailView,
  PromptDetailView,
  QueueIntegrationDetailView,
  InternalChatView,
  InternalChatMessageView,
} from '@atendo/domain';

/**
 * Domain events, named `entity.past_tense` (STYLE: chatwoot). Use cases publish them; side
 * effects (socket pushes, workflow starts) are listeners, never code inside a use case.
 */
export interface DomainEvents {
  'user.created': { companyId: number; user: UserView };
  'user.updated': { companyId: number; user: UserView };
  'user.deleted': { companyId: number; userId: number };
  'user.logged_in': { companyId: number; userId: number };
  /** The user's sessions ended (logout, password reset, refresh reuse): tokenVersion moved on. */
  'user.sessions_ended': { companyId: number; userId: number };
  'user.presence_changed': { companyId: number; userId: number; online: boolean };
  'company.created': { companyId: number };
  'company.updated': { companyId: number };
  'company.deleted': { companyId: number };
  /** A super admin created, changed or deleted a plan. */
  'plan.changed': { planId: number; action: 'create' | 'update' | 'delete' };
  /** Billing issued an invoice (one per company and due date). */
  'invoice.created': {
    companyId: number;
    invoice: { id: number; dueDate: string; value: string; status: string };
  };
  /** The payment webhook paid an invoice; `dueDate` is the company's new due date. */
  'invoice.paid': { companyId: number; invoiceId: number; dueDate: string };
  'setting.updated': { companyId: number; key: string; value: string };
  'whatsapp.created': { companyId: number; whatsapp: WhatsappView };
  'whatsapp.updated': { companyId: number; whatsapp: WhatsappView };
  'whatsapp.deleted': { companyId: number; whatsappId: number };
  'whatsapp.session_changed': { companyId: number; whatsapp: WhatsappView };
  /** A queue was created or changed (its option tree included). */
  'queue.updated': { companyId: number; queue: QueueViewRow };
  'queue.deleted': { companyId: number; queueId: number };
  'contact.created': { companyId: number; contact: ContactViewRow };
  'contact.updated': { companyId: number; contact: ContactViewRow };
  'contact.deleted': { companyId: number; contactId: number };
  'tag.created': { companyId: number; tag: TagView };
  'tag.updated': { companyId: number; tag: TagView };
  'tag.deleted': { companyId: number; tagId: number };
  /** A ticket's tags (its kanban lane) changed: the ticket's views must show it. */
  'ticket.tags_changed': { companyId: number; ticketId: number };
  /** A contact's tags changed (sync, removal from a tag). */
  'contact.tags_changed': { companyId: number; contactId: number };
  'quick_message.created': { companyId: number; record: QuickMessageView };
  /** `wasShared`: whether it was geral before, so those who lose sight of it are told. */
  'quick_message.updated': { companyId: number; record: QuickMessageView; wasShared: boolean };
  'quick_message.deleted': { companyId: number; id: number; userId: number | null; geral: boolean };
  'file_list.saved': { companyId: number; record: FileListDetailView; action: 'create' | 'update' };
  'file_list.deleted': { companyId: number; id: number };
  'prompt.saved': { companyId: number; prompt: PromptDetailView; action: 'create' | 'update' };
  'prompt.deleted': { companyId: number; id: number };
  'queue_integration.saved': {
    companyId: number;
    queueIntegration: QueueIntegrationDetailView;
    action: 'create' | 'update';
  };
  'queue_integration.deleted': { companyId: number; id: number };
  /** A chat was created or changed; `addedUserIds` joined it, `removedUserIds` left it. */
  'chat.saved': {
    companyId: number;
    chat: InternalChatView;
    addedUserIds: number[];
    removedUserIds: number[];
  };
  'chat.deleted': { companyId: number; id: number; userIds: number[] };
  'chat.message_sent': {
    companyId: number;
    chat: InternalChatView;
    message: InternalChatMessageView;
  };
  'chat.read': { companyId: number; chat: InternalChatView; userId: number };
  /** A ticket was created or changed; `before` names where it was (its old rooms). */
  'ticket.created': { companyId: number; ticketId: number };
  'ticket.updated': { companyId: number; ticketId: number; before?: TicketPlace };
  'ticket.deleted': { companyId: number; ticketId: number; before: TicketPlace };
  /** The ticket's unread count went back to zero (the conversation was opened). */
  'ticket.read': { companyId: number; ticketId: number; place: TicketPlace };
  'message.created': { companyId: number; messageId: number; ticketId: number };
  'message.updated': { companyId: number; messageId: number; ticketId: number };
  /** A campaign's delivery moved it (EM_ANDAMENTO when due, FINALIZADA at the end). */
  'campaign.status_changed': { companyId: number; campaignId: number; status: string };
  /** A campaign's delivery sent messages: its counters now. */
  'campaign.progressed': { companyId: number; campaignId: number; progress: CampaignProgress };
  /** A campaign was created or changed (by the api or its delivery workflow): push its row. */
  'campaign.created': { companyId: number; campaignId: number };
  'campaign.updated': { companyId: number; campaignId: number };
  'campaign.deleted': { companyId: number; campaignId: number };
  /** A contact list was created, renamed, or its item counts changed. */
  'contact_list.created': { companyId: number; contactListId: number };
  'contact_list.updated': { companyId: number; contactListId: number };
  'contact_list.deleted': { companyId: number; contactListId: number };
  'contact_list_item.created': { companyId: number; record: ContactListItemViewRow };
  'contact_list_item.updated': { companyId: number; record: ContactListItemViewRow };
  'contact_list_item.deleted': { companyId: number; id: number; contactListId: number };
  /** Many items of a list changed at once (an import): lists showing it reload. */
  'contact_list_item.reloaded': { companyId: number; contactListId: number };
  /** A ticket migration finished a batch (docs/product/connections.md#connection-status); `userId` asked for it. */
  'ticket_migration.progressed': {
    companyId: number;
    userId: number | null;
    progress: TicketMigrationProgress;
  };
  /** A connection's history import moved on (docs/product/connections.md#import-of-old-messages): `update` with counts, `refresh` at the end. */
  'message_import.progressed': {
    companyId: number;
    whatsappId: number;
    action: 'update' | 'refresh';
    status?: { this: number; all: number; date: number };
  };
  'schedule.created': { companyId: number; schedule: ScheduleView };
  'schedule.updated': { companyId: number; schedule: ScheduleView };
  'schedule.deleted': { companyId: number; id: number; userId: number | null };
  /** A platform announcement was created or changed (shown to every company). */
  'announcement.changed': { action: 'create' | 'update'; record: AnnouncementView };
  'announcement.deleted': { id: number };
}

/** Where a ticket sits: the status list, queue and owner that decide who sees it. */
export interface TicketPlace {
  status: string;
  queueId: number | null;
  userId: number | null;
}

export type DomainEventName = keyof DomainEvents;

/** A typed, synchronous-dispatch event bus; a failing listener never breaks the use case. */
export class EventBus {
  private readonly emitter = new EventEmitter();
  constructor(private readonly onError: (err: unknown, event: string) => void = () => {}) {
    this.emitter.setMaxListeners(100);
  }
  publish<E extends DomainEventName>(event: E, payload: DomainEvents[E]): void {
    for (const listener of this.emitter.listeners(event)) {
      try {
        const r = (listener as (p: DomainEvents[E]) => unknown)(payload);
        if (r instanceof Promise) r.catch((err) => this.onError(err, event));
      } catch (err) {
        this.onError(err, event);
      }
    }
  }
  on<E extends DomainEventName>(
    event: E,
    listener: (payload: DomainEvents[E]) => void | Promise<void>,
  ): void {
    this.emitter.on(event, listener);
  }
}
