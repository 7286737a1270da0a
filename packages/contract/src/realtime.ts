import {
  announcementView,
  campaignDetailView,
  chatMessageView,
  contactListItemView,
  contactListView,
  contactView,
  fileListDetailView,
  internalChatMessageView,
  internalChatView,
  promptDetailView,
  queueIntegrationDetailView,
  queueView,
  quickMessageView,
  rawEventNames,
  scheduleView,
  settingView,
  tagView,
  ticketContactView,
  ticketView,
  userView,
  whatsappView,
  type CompanyEventEntity,
  type RawRealtimeEvent,
} from '@atendo/domain';
import { z } from 'zod';
import { firstDifference } from './json-difference.js';

/**
 * The socket events of the api, declared once beside the routes (docs/product/realtime.md#events):
 * the api's emitters accept only these names and payloads (and check them under CHECK_REALTIME),
 * the console's listeners read the payload types from here.
 */

/** The kinds of room an event may be sent to (docs/product/realtime.md#rooms, `rooms` in the domain). */
export type RoomKind = 'admins' | 'user' | 'status' | 'ticket' | 'queueNotification' | 'company';

/** One socket event: its name rule, who may receive it, and what it carries. */
export interface EventDef {
  /** The event's name, e.g. `company-{id}-tag`. */
  name: string;
  /** Which rooms it goes to, and why. */
  rooms: string;
  /** The room kinds it may be sent to. */
  roomKinds: readonly RoomKind[];
  summary: string;
  /** The payload: a union discriminated on `action`. */
  payload: z.ZodType;
}

/** Declares an event, keeping its literal types (as `route()` does for a route). */
export function defineEvent<const T extends EventDef>(def: T): T {
  return def;
}

/** `{ action, ...fields }`, one member of an event's payload union. */
function act<const A extends string, S extends z.ZodRawShape>(action: A, shape: S) {
  return z.object({ action: z.literal(action), ...shape });
}

/** `{ action: create | update, [field]: view }`. */
function upsert<const F extends string, V extends z.ZodType>(field: F, view: V) {
  return z.object({
    action: z.enum(['create', 'update']),
    ...({ [field]: view } as { [K in F]: V }),
  });
}

const campaignProgress = z.object({
  status: z.string(),
  total: z.number(),
  delivered: z.number(),
  confirmationRequested: z.number(),
  confirmed: z.number(),
});

const announcementPayload = z.discriminatedUnion('action', [
  upsert('record', announcementView),
  act('delete', { id: z.number() }),
]);

/** The `company-{id}-{entity}` events, one per entity of COMPANY_EVENT_ENTITIES. */
export const companyEvents = {
  ticket: defineEvent({
    name: 'company-{id}-ticket',
    rooms:
      "admins, the ticket's queue notification room, its owner's and previous owner's rooms, and its conversation room; never the whole company",
    roomKinds: ['admins', 'queueNotification', 'user', 'ticket'],
    summary: 'A ticket created or changed (its view), deleted, or read (its unread count reset)',
    payload: z.discriminatedUnion('action', [
      act('update', { ticket: ticketView }),
      act('delete', { ticketId: z.number() }),
      act('updateUnread', { ticketId: z.number() }),
    ]),
  }),
  appMessage: defineEvent({
    name: 'company-{id}-appMessage',
    rooms: 'the rooms of its ticket (as ticket)',
    roomKinds: ['admins', 'queueNotification', 'user', 'ticket'],
    summary: 'A message stored or changed, with its ticket and contact',
    payload: z.object({
      action: z.enum(['create', 'update']),
      message: chatMessageView,
      ticket: ticketView,
      contact: ticketContactView.nullable(),
    }),
  }),
  contact: defineEvent({
    name: 'company-{id}-contact',
    rooms: 'the whole company (contacts are company-wide)',
    roomKinds: ['company', 'admins'],
    summary: 'A contact created or changed (its view), or deleted',
    payload: z.discriminatedUnion('action', [
      upsert('contact', contactView),
      act('delete', { contactId: z.number() }),
    ]),
  }),
  auth: defineEvent({
    name: 'company-{id}-auth',
    rooms: "the user's own room",
    roomKinds: ['user'],
    summary: 'The user logged in elsewhere: this older sign-in shows the notice and logs out',
    payload: act('update', { user: z.object({ id: z.number() }) }),
  }),
  chat: defineEvent({
    name: 'company-{id}-chat',
    rooms: "the internal chat's participants' rooms",
    roomKinds: ['user'],
    summary: 'A new message in an internal chat, for the chat list',
    payload: act('new-message', { chat: internalChatView }),
  }),
  user: defineEvent({
    name: 'company-{id}-user',
    rooms: 'the whole company',
    roomKinds: ['company'],
    summary: 'A user created or changed (presence included), or deleted',
    payload: z.discriminatedUnion('action', [
      upsert('user', userView),
      act('delete', { userId: z.number() }),
    ]),
  }),
  whatsapp: defineEvent({
    name: 'company-{id}-whatsapp',
    rooms: "admins with the connection's token; the rest of the company without it",
    roomKinds: ['admins', 'company'],
    summary: 'A connection created or changed (both sent as update), or deleted',
    payload: z.discriminatedUnion('action', [
      act('update', { whatsapp: whatsappView }),
      act('delete', { whatsappId: z.number() }),
    ]),
  }),
  whatsappSession: defineEvent({
    name: 'company-{id}-whatsappSession',
    rooms: "admins with the connection's token; the rest of the company without it",
    roomKinds: ['admins', 'company'],
    summary: "A connection's session state changed (QR code, status)",
    payload: act('update', { session: whatsappView }),
  }),
  payment: defineEvent({
    name: 'company-{id}-payment',
    rooms: 'admins for an issued invoice; the whole company for a due date or billing change',
    roomKinds: ['admins', 'company'],
    summary: 'An invoice issued (create), the company billing changed (update), an invoice paid',
    payload: z.discriminatedUnion('action', [
      act('create', {
        payment: z.object({
          id: z.number(),
          dueDate: z.string(),
          value: z.string(),
          status: z.string(),
        }),
      }),
      act('update', { company: z.object({ id: z.number() }) }),
      act('CONCLUIDA', {
        company: z.object({ id: z.number(), dueDate: z.string() }),
        invoice: z.object({ id: z.number(), status: z.literal('paid') }),
      }),
    ]),
  }),
  queue: defineEvent({
    name: 'company-{id}-queue',
    rooms: 'the whole company (queues are on every pickers and ticket row)',
    roomKinds: ['company'],
    summary: 'A queue created or changed (sent as update), or deleted',
    payload: z.discriminatedUnion('action', [
      act('update', { queue: queueView }),
      act('delete', { queueId: z.number() }),
    ]),
  }),
  tag: defineEvent({
    name: 'company-{id}-tag',
    rooms: 'the whole company',
    roomKinds: ['company'],
    summary: 'A tag or kanban lane created, changed or deleted',
    payload: z.discriminatedUnion('action', [
      upsert('tag', tagView),
      act('delete', { tagId: z.number() }),
    ]),
  }),
  contactList: defineEvent({
    name: 'company-{id}-contactList',
    rooms: 'the whole company',
    roomKinds: ['company'],
    summary: 'A contact list created, changed (its counts included) or deleted',
    payload: z.discriminatedUnion('action', [
      upsert('record', contactListView),
      act('delete', { id: z.number() }),
    ]),
  }),
  contactListItem: defineEvent({
    name: 'company-{id}-contactListItem',
    rooms: 'admins (only admins see the items)',
    roomKinds: ['admins'],
    summary:
      'An item of a contact list created, changed, deleted, or a list reloaded after an import',
    payload: z.discriminatedUnion('action', [
      upsert('record', contactListItemView),
      act('delete', { id: z.number(), contactListId: z.number() }),
      act('reload', { contactListId: z.number() }),
    ]),
  }),
  quickmessage: defineEvent({
    name: 'company-{id}-quickmessage',
    rooms: 'a shared message: the whole company; another: its owner and the admins',
    roomKinds: ['company', 'user', 'admins'],
    summary: 'A quick message created, changed or deleted (or no longer shared, for the others)',
    payload: z.discriminatedUnion('action', [
      upsert('record', quickMessageView),
      act('delete', { id: z.number() }),
    ]),
  }),
  schedule: defineEvent({
    name: 'company-{id}-schedule',
    rooms: "the schedule's author and the admins",
    roomKinds: ['user', 'admins'],
    summary: 'A schedule created, changed or deleted',
    payload: z.discriminatedUnion('action', [
      upsert('schedule', scheduleView),
      act('delete', { scheduleId: z.number() }),
    ]),
  }),
  campaign: defineEvent({
    name: 'company-{id}-campaign',
    rooms: 'admins (only admins see campaigns)',
    roomKinds: ['admins'],
    summary: "A campaign created or changed (its report, and the delivery's progress), or deleted",
    payload: z.discriminatedUnion('action', [
      act('create', { record: campaignDetailView }),
      act('update', { record: campaignDetailView, progress: campaignProgress.optional() }),
      act('delete', { id: z.number() }),
    ]),
  }),
  prompt: defineEvent({
    name: 'company-{id}-prompt',
    rooms: 'admins',
    roomKinds: ['admins'],
    summary: 'A prompt created, changed or deleted (never its keys)',
    payload: z.discriminatedUnion('action', [
      upsert('prompt', promptDetailView),
      act('delete', { promptId: z.number() }),
    ]),
  }),
  queueIntegration: defineEvent({
    name: 'company-{id}-queueIntegration',
    rooms: 'admins',
    roomKinds: ['admins'],
    summary: 'A queue integration created, changed or deleted (never its key)',
    payload: z.discriminatedUnion('action', [
      upsert('queueIntegration', queueIntegrationDetailView),
      act('delete', { integrationId: z.number() }),
    ]),
  }),
  file: defineEvent({
    name: 'company-{id}-file',
    rooms: 'admins',
    roomKinds: ['admins'],
    summary: 'A file list created, changed or deleted',
    payload: z.discriminatedUnion('action', [
      upsert('files', fileListDetailView),
      act('delete', { fileId: z.number() }),
    ]),
  }),
  settings: defineEvent({
    name: 'company-{id}-settings',
    rooms: 'the whole company',
    roomKinds: ['company'],
    summary: 'A company setting changed',
    payload: act('update', { setting: settingView }),
  }),
  announcement: defineEvent({
    name: 'company-{id}-announcement',
    rooms: "every active company's company room",
    roomKinds: ['company'],
    summary: 'A platform announcement shown (create/update) or withdrawn (delete)',
    payload: announcementPayload,
  }),
  company: defineEvent({
    name: 'company-{id}-company',
    rooms: "the super admins' own rooms only",
    roomKinds: ['user'],
    summary: 'A company created, changed or deleted (ids only: the companies page refetches)',
    payload: z.object({
      action: z.enum(['create', 'update', 'delete']),
      companyId: z.number(),
    }),
  }),
  plan: defineEvent({
    name: 'company-{id}-plan',
    rooms: "the super admins' own rooms only",
    roomKinds: ['user'],
    summary: 'A plan created, changed or deleted (ids only: the plans page refetches)',
    payload: z.object({ action: z.enum(['create', 'update', 'delete']), planId: z.number() }),
  }),
} satisfies Record<CompanyEventEntity, EventDef>;

/** An event whose name is not `company-{id}-{entity}`: its name, built from the company (and a key). */
export interface RawEventDef extends EventDef {
  eventName: ((companyId: number) => string) | ((companyId: number, key: number) => string);
}

/** Declares a raw event, keeping its literal types. */
export function defineRawEvent<const T extends RawEventDef>(def: T): T {
  return def;
}

/** The events with names of their own. */
export const rawEvents = {
  companyAnnouncement: defineRawEvent({
    name: 'company-announcement',
    eventName: rawEventNames.companyAnnouncement,
    rooms: "every active company's company room",
    roomKinds: ['company'],
    summary: 'The platform-wide name of company-{id}-announcement (same payload)',
    payload: announcementPayload,
  }),
  importMessages: defineRawEvent({
    name: 'importMessages-{id}',
    eventName: rawEventNames.importMessages,
    rooms: 'the whole company (counts only)',
    roomKinds: ['company'],
    summary: "A connection's history import progressed (update) or ended (refresh)",
    payload: z.object({
      action: z.enum(['update', 'refresh']),
      whatsappId: z.number(),
      status: z.object({ this: z.number(), all: z.number(), date: z.number() }).optional(),
    }),
  }),
  ticketMigration: defineRawEvent({
    name: 'company-{id}-ticketMigration',
    eventName: rawEventNames.ticketMigration,
    rooms: 'the room of the user who started the migration',
    roomKinds: ['user'],
    summary: "A ticket migration's progress",
    payload: act('update', {
      migrationId: z.string(),
      whatsappId: z.number(),
      total: z.number(),
      migrated: z.number(),
      failed: z.number(),
      done: z.boolean(),
    }),
  }),
  chatUser: defineRawEvent({
    name: 'company-{id}-chat-user-{userId}',
    eventName: rawEventNames.chatUser,
    rooms: "that user's own room",
    roomKinds: ['user'],
    summary:
      "An internal chat appeared in (create), changed in (update) or left (delete) a user's list",
    payload: z.discriminatedUnion('action', [
      upsert('chat', internalChatView),
      act('delete', { id: z.number() }),
    ]),
  }),
  chatPane: defineRawEvent({
    name: 'company-{id}-chat-{chatId}',
    eventName: rawEventNames.chatPane,
    rooms: "the chat's participants' rooms",
    roomKinds: ['user'],
    summary: 'An internal chat changed, or got a new message, for its open pane',
    payload: z.discriminatedUnion('action', [
      act('update', { chat: internalChatView }),
      act('new-message', { newMessage: internalChatMessageView, chat: internalChatView }),
    ]),
  }),
} satisfies Record<RawRealtimeEvent, RawEventDef>;

export type RealtimeEntity = keyof typeof companyEvents;
export type RealtimeRawEvent = keyof typeof rawEvents;

/** What the console receives for `company-{id}-{entity}`. */
export type RealtimePayload<E extends RealtimeEntity> = z.infer<
  (typeof companyEvents)[E]['payload']
>;
/** What the api may emit for an entity (the schema's input: timestamps may still be Dates). */
export type RealtimeInput<E extends RealtimeEntity> = z.input<(typeof companyEvents)[E]['payload']>;
/** What the console receives for a raw event. */
export type RealtimeRawPayload<R extends RealtimeRawEvent> = z.infer<
  (typeof rawEvents)[R]['payload']
>;
/** What the api may emit for a raw event. */
export type RealtimeRawInput<R extends RealtimeRawEvent> = z.input<
  (typeof rawEvents)[R]['payload']
>;
/** The key a raw event's name needs beside the company (a user or chat id), as a tuple. */
export type RealtimeRawKey<R extends RealtimeRawEvent> =
  Parameters<(typeof rawEvents)[R]['eventName']> extends [number, infer K] ? [key: K] : [];

/** Every declared entity and raw event, for the completeness tests. */
export const REALTIME_ENTITIES = Object.keys(companyEvents) as RealtimeEntity[];
export const REALTIME_RAW_EVENTS = Object.keys(rawEvents) as RealtimeRawEvent[];

/** `company-{id}-{entity}`. */
export function realtimeEventName(companyId: number, entity: RealtimeEntity): string {
  return `company-${companyId}-${entity}`;
}

/** A raw event's name for a company (and its key). */
export function realtimeRawEventName<R extends RealtimeRawEvent>(
  companyId: number,
  event: R,
  ...key: RealtimeRawKey<R>
): string {
  const name = rawEvents[event].eventName as (companyId: number, key?: number) => string;
  return name(companyId, key[0] as number | undefined);
}

/**
 * Throws unless `payload`, as it travels (JSON), is exactly what the event's schema describes:
 * it parses, and nothing is dropped or changed by the parse (an undeclared field is a mismatch,
 * so nothing leaves that the declaration does not name). CHECK_REALTIME runs it on every emit.
 */
export function checkRealtimePayload(def: EventDef, payload: unknown): void {
  const sent = payload === undefined ? undefined : (JSON.parse(JSON.stringify(payload)) as unknown);
  const parsed = def.payload.safeParse(sent);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `realtime payload of ${def.name} does not match its declaration at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
    );
  }
  const where = firstDifference(parsed.data, sent, '');
  if (where !== undefined)
    throw new Error(
      `realtime payload of ${def.name} differs from its declaration at ${where || '(root)'}`,
    );
}
