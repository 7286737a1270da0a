import { EntitySchema } from 'typeorm';
import type { ScheduleEntry } from '@atendo/domain';
import {
  bool,
  date,
  int,
  jsonb,
  manyToOne,
  oneToMany,
  primaryId,
  schedulesColumn,
  tenantColumn,
  tenantJoinEntity,
  tenantRelation,
  text,
  timestamps,
  timestamptz,
  varchar,
} from './columns.js';
import type { Company } from './company.js';
import type { Prompt } from './prompt.js';
import type { Queue } from './queue.js';
import type { QueueIntegration } from './queue-integration.js';

/**
 * A connection (docs/product/connections.md#connection-fields "Connection (whatsapp)") to one messaging account: WhatsApp via
 * Baileys, the WhatsApp Cloud API, Facebook or Instagram. Durations are minutes.
 */
export interface Whatsapp {
  id: number;
  companyId: number;
  company?: Company;
  name: string;
  number: string | null;
  /** whatsapp, facebook or instagram. */
  channel: string;
  /** DISCONNECTED, OPENING, qrcode, CONNECTED, PAIRING or TIMEOUT. */
  status: string;
  isDefault: boolean;
  /** Bearer token of the messages API for this connection (unique, 30 characters). */
  token: string | null;
  qrcode: string | null;
  retries: number;
  /** Why WhatsApp ended the session for good (replaced, banned, …), while DISCONNECTED. */
  statusReason: string | null;
  session: string | null;
  promptId: number | null;
  prompt?: Prompt | null;
  integrationId: number | null;
  integration?: QueueIntegration | null;
  greetingMessage: string | null;
  complationMessage: string | null;
  outOfHoursMessage: string | null;
  ratingMessage: string | null;
  useProxy: boolean;
  allowGroup: boolean;
  groupAsTicket: string;
  maxUseBotQueues: number;
  timeUseBotQueues: number;
  timeSendQueue: number;
  sendIdQueue: number | null;
  sendQueue?: Queue | null;
  expiresTicket: number;
  /** '0' closes by any last message, '1' only when the last message was ours. */
  whenExpiresTicket: string;
  expiresInactiveMessage: string | null;
  timeInactiveMessage: number;
  inactiveMessage: string | null;
  expiresTicketNPS: number;
  maxUseBotQueuesNPS: number;
  timeCreateNewTicket: number;
  /** Campaign messages this connection may send a day (company time zone); null: no cap. */
  campaignDailyLimit: number | null;
  greetingMediaAttachment: string | null;
  /** 'YYYY-MM-DD'. */
  collectiveVacationStart: string | null;
  collectiveVacationEnd: string | null;
  collectiveVacationMessage: string | null;
  /** The import window: messages from importOldMessages up to importRecentMessages. */
  importOldMessages: Date | null;
  importRecentMessages: Date | null;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  queueIdImportMessages: number | null;
  queueImportMessages?: Queue | null;
  provider: string;
  /** Import progress marker: a timestamp while running, or renderButtonCloseTickets. */
  statusImportMessages: string | null;
  facebookUserId: string | null;
  facebookUserToken: string | null;
  /** Page id (Facebook/Instagram) or phone-number id (Cloud API). */
  facebookPageUserId: string | null;
  tokenMeta: string | null;
  /** Cloud API: the WhatsApp Business Account whose webhooks the app is subscribed to. */
  businessAccountId: string | null;
  /** Per-connection LGPD texts; null falls back to the company settings lgpdMessage/lgpdLink. */
  lgpdMessage: string | null;
  lgpdLink: string | null;
  /** Connection working hours (scheduleType "connection"). */
  schedules: ScheduleEntry[];
  /** Name of its Connection resource when sessions run on Kubernetes. */
  resourceName: string | null;
  /** Hash of the token its session process uses on the internal api (never the token). */
  sessionTokenHash: string | null;
  /** Where its session's control server listens, as the session last reported it. */
  sessionEndpoint: string | null;
  /** The secret the api presents to that control server, sealed (never the key itself). */
  sessionControlKey: string | null;
  whatsappQueues?: WhatsappQueue[];
  createdAt: Date;
  updatedAt: Date;
}

export const WhatsappEntity = new EntitySchema<Whatsapp>({
  name: 'Whatsapp',
  tableName: 'whatsapps',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    name: varchar(),
    number: varchar({ nullable: true }),
    channel: varchar({ default: 'whatsapp' }),
    status: varchar({ default: 'DISCONNECTED' }),
    isDefault: bool(false),
    token: varchar({ nullable: true, unique: true }),
    qrcode: text({ nullable: true }),
    retries: int({ default: 0 }),
    statusReason: varchar({ nullable: true }),
    session: text({ nullable: true }),
    promptId: int({ nullable: true }),
    integrationId: int({ nullable: true }),
    greetingMessage: text({ nullable: true }),
    complationMessage: text({ nullable: true }),
    outOfHoursMessage: text({ nullable: true }),
    ratingMessage: text({ nullable: true }),
    useProxy: bool(false),
    allowGroup: bool(false),
    groupAsTicket: varchar({ default: 'disabled' }),
    maxUseBotQueues: int({ default: 3 }),
    timeUseBotQueues: int({ default: 0 }),
    timeSendQueue: int({ default: 0 }),
    sendIdQueue: int({ nullable: true }),
    expiresTicket: int({ default: 0 }),
    whenExpiresTicket: varchar({ default: '0' }),
    expiresInactiveMessage: text({ nullable: true }),
    timeInactiveMessage: int({ default: 0 }),
    inactiveMessage: text({ nullable: true }),
    expiresTicketNPS: int({ default: 0 }),
    maxUseBotQueuesNPS: int({ default: 3 }),
    timeCreateNewTicket: int({ default: 0 }),
    campaignDailyLimit: int({ nullable: true }),
    greetingMediaAttachment: varchar({ nullable: true }),
    collectiveVacationStart: date({ nullable: true }),
    collectiveVacationEnd: date({ nullable: true }),
    collectiveVacationMessage: text({ nullable: true }),
    importOldMessages: timestamptz({ nullable: true }),
    importRecentMessages: timestamptz({ nullable: true }),
    importOldMessagesGroups: bool(false),
    closedTicketsPostImported: bool(false),
    queueIdImportMessages: int({ nullable: true }),
    provider: varchar({ default: 'beta' }),
    statusImportMessages: varchar({ nullable: true }),
    facebookUserId: varchar({ nullable: true }),
    facebookUserToken: text({ nullable: true }),
    facebookPageUserId: varchar({ nullable: true }),
    tokenMeta: text({ nullable: true }),
    businessAccountId: varchar({ nullable: true }),
    lgpdMessage: text({ nullable: true }),
    lgpdLink: varchar({ nullable: true }),
    schedules: schedulesColumn(),
    resourceName: varchar({ nullable: true }),
    sessionTokenHash: varchar({ nullable: true }),
    sessionEndpoint: varchar({ nullable: true }),
    sessionControlKey: text({ nullable: true }),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    prompt: manyToOne('Prompt', 'promptId', 'SET NULL'),
    integration: manyToOne('QueueIntegration', 'integrationId', 'SET NULL'),
    sendQueue: manyToOne('Queue', 'sendIdQueue', 'SET NULL'),
    queueImportMessages: manyToOne('Queue', 'queueIdImportMessages', 'SET NULL'),
    whatsappQueues: oneToMany('WhatsappQueue', 'whatsapp'),
  },
  uniques: [{ columns: ['companyId', 'name'] }, { columns: ['companyId', 'resourceName'] }],
  indices: [{ columns: ['facebookPageUserId'] }],
});

/** A queue offered on a connection's bot menu. */
export interface WhatsappQueue {
  whatsappId: number;
  queueId: number;
  companyId: number;
  whatsapp?: Whatsapp;
  queue?: Queue;
  company?: Company;
  createdAt: Date;
  updatedAt: Date;
}

export const WhatsappQueueEntity = tenantJoinEntity<WhatsappQueue>({
  name: 'WhatsappQueue',
  tableName: 'whatsapp_queues',
  owner: { relation: 'whatsapp', target: 'Whatsapp', inverseSide: 'whatsappQueues' },
  member: { relation: 'queue', target: 'Queue', inverseSide: 'whatsappQueues' },
});

/**
 * One entry of a Baileys connection's auth state ("creds", or "<type>-<id>" keys), stored as
 * BufferJSON-encoded jsonb. A secret: never logged nor returned.
 */
export interface BaileysAuth {
  id: number;
  companyId: number;
  company?: Company;
  whatsappId: number;
  whatsapp?: Whatsapp;
  key: string;
  value: unknown;
  createdAt: Date;
  updatedAt: Date;
}

export const BaileysAuthEntity = new EntitySchema<BaileysAuth>({
  name: 'BaileysAuth',
  tableName: 'baileys_auth',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    whatsappId: int(),
    key: varchar(),
    value: jsonb(),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    whatsapp: manyToOne('Whatsapp', 'whatsappId', 'CASCADE'),
  },
  uniques: [{ columns: ['whatsappId', 'key'] }],
  indices: [{ columns: ['companyId'] }],
});
