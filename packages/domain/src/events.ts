/**
 * Realtime catalogue (docs/product/realtime.md#events "Realtime events", docs/product/realtime.md#rooms): the per-company socket
 * events, the rooms a client joins, and the client-emitted messages.
 */

/** Entities pushed as `company-{id}-{entity}`. */
export const COMPANY_EVENT_ENTITIES = [
  'ticket',
  'appMessage',
  'contact',
  'auth',
  'chat',
  'user',
  'whatsapp',
  'whatsappSession',
  'payment',
  'queue',
  'tag',
  'contactList',
  'contactListItem',
  'quickmessage',
  'schedule',
  'campaign',
  'prompt',
  'queueIntegration',
  'file',
  'settings',
  'announcement',
  /** Super admins only: a company or a plan changed (the companies and plans pages refetch). */
  'company',
  'plan',
] as const;
export type CompanyEventEntity = (typeof COMPANY_EVENT_ENTITIES)[number];

export type EventAction =
  'create' | 'update' | 'delete' | 'new-message' | 'updateUnread' | 'reload' | string;

/** `company-{id}-{entity}`, the name of a per-company event. */
export function companyEvent(companyId: number, entity: CompanyEventEntity): string {
  return `company-${companyId}-${entity}`;
}

/** The platform-wide announcement event. */
export const ANNOUNCEMENT_EVENT = 'company-announcement';

/** `importMessages-{companyId}`, the message-import progress event. */
export function importMessagesEvent(companyId: number): string {
  return `importMessages-${companyId}`;
}

/**
 * Events whose names are not `company-{id}-{entity}` (declared in packages/contract/src/realtime.ts,
 * docs/product/realtime.md#events): the platform-wide announcement, a history import's progress,
 * a ticket migration's progress, and the internal chat's per-user and per-chat events.
 */
export const RAW_REALTIME_EVENTS = [
  'companyAnnouncement',
  'importMessages',
  'ticketMigration',
  'chatUser',
  'chatPane',
] as const;
export type RawRealtimeEvent = (typeof RAW_REALTIME_EVENTS)[number];

/** Each raw event's name, from its company (and a user's or a chat's id). */
export const rawEventNames = {
  companyAnnouncement: () => ANNOUNCEMENT_EVENT,
  importMessages: (companyId: number) => importMessagesEvent(companyId),
  ticketMigration: (companyId: number) => `company-${companyId}-ticketMigration`,
  chatUser: (companyId: number, userId: number) => `company-${companyId}-chat-user-${userId}`,
  chatPane: (companyId: number, chatId: number) => `company-${companyId}-chat-${chatId}`,
} satisfies Record<RawRealtimeEvent, (companyId: number, key: number) => string>;

/** Messages the console emits on its socket. */
export const CLIENT_MESSAGES = [
  'joinTickets',
  'leaveTickets',
  'joinNotification',
  'leaveNotification',
  'joinChatBox',
  'joinChatBoxLeave',
  'userStatus',
] as const;

/** Room names; the server sends each event only to rooms allowed to see it. */
export const rooms = {
  /** Everyone of the company who may see every ticket (admins, show-all users). */
  admins: 'admins',
  /** One user's own room (their notifications, another-login, their tickets). */
  user: (userId: number) => `user:${userId}`,
  /** The list of one ticket status (joinTickets with 'open' | 'pending' | 'closed' | 'group'). */
  status: (status: string) => `status:${status}`,
  /** One ticket's conversation (joinChatBox with the ticket id). */
  ticket: (ticketId: number | string) => `ticket:${ticketId}`,
  /** New-message notifications for one queue, and for tickets with no queue. */
  queueNotification: (queueId: number | null) =>
    queueId ? `notification:queue:${queueId}` : 'notification:no-queue',
  /** Everyone connected to the company namespace. */
  company: 'company',
} as const;

/** Heartbeat period of the console's userStatus (docs/product/tickets.md#limits-and-constants). */
export const USER_STATUS_INTERVAL_MS = 300_000;
