import { EntitySchema } from 'typeorm';
import type { ScheduleEntry } from '@atendo/domain';
import {
  bool,
  int,
  manyToOne,
  oneToMany,
  primaryId,
  schedulesColumn,
  tenantColumn,
  tenantRelation,
  text,
  timestamps,
  varchar,
} from './columns.js';
import type { Company } from './company.js';
import type { FileList } from './file-list.js';
import type { Prompt } from './prompt.js';
import type { QueueIntegration } from './queue-integration.js';
import type { User, UserQueue } from './user.js';
import type { WhatsappQueue } from './whatsapp.js';

/** A queue (sector) tickets wait in; its chatbot menu is the queue_options tree. */
export interface Queue {
  id: number;
  companyId: number;
  company?: Company;
  name: string;
  color: string;
  /** Position in the bot menu. */
  orderQueue: number | null;
  greetingMessage: string | null;
  outOfHoursMessage: string | null;
  closeTicket: boolean;
  /** Round-robin rotation on/off, and its interval in minutes. */
  ativarRoteador: boolean;
  tempoRoteador: number;
  integrationId: number | null;
  integration?: QueueIntegration | null;
  fileListId: number | null;
  fileList?: FileList | null;
  promptId: number | null;
  prompt?: Prompt | null;
  /** Queue working hours (scheduleType "queue"). */
  schedules: ScheduleEntry[];
  /** Every option of the queue's tree (roots have parentId null). */
  chatbots?: QueueOption[];
  userQueues?: UserQueue[];
  whatsappQueues?: WhatsappQueue[];
  createdAt: Date;
  updatedAt: Date;
}

export const QueueEntity = new EntitySchema<Queue>({
  name: 'Queue',
  tableName: 'queues',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    name: varchar(),
    color: varchar(),
    orderQueue: int({ nullable: true }),
    greetingMessage: text({ nullable: true }),
    outOfHoursMessage: text({ nullable: true }),
    closeTicket: bool(false),
    ativarRoteador: bool(false),
    tempoRoteador: int({ default: 0 }),
    integrationId: int({ nullable: true }),
    fileListId: int({ nullable: true }),
    promptId: int({ nullable: true }),
    schedules: schedulesColumn(),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    integration: manyToOne('QueueIntegration', 'integrationId', 'SET NULL'),
    fileList: manyToOne('FileList', 'fileListId', 'SET NULL'),
    prompt: manyToOne('Prompt', 'promptId', 'SET NULL'),
    chatbots: oneToMany('QueueOption', 'queue'),
    userQueues: oneToMany('UserQueue', 'queue'),
    whatsappQueues: oneToMany('WhatsappQueue', 'queue'),
  },
  uniques: [{ columns: ['companyId', 'name'] }, { columns: ['companyId', 'color'] }],
});

/** One chatbot option of a queue; options nest through parentId. */
export interface QueueOption {
  id: number;
  companyId: number;
  company?: Company;
  queueId: number;
  queue?: Queue;
  parentId: number | null;
  parent?: QueueOption | null;
  /** Child options. */
  options?: QueueOption[];
  name: string;
  greetingMessage: string | null;
  /** text, queue, attendent, integration or file. */
  queueType: string;
  closeTicket: boolean;
  optQueueId: number | null;
  optQueue?: Queue | null;
  optUserId: number | null;
  optUser?: User | null;
  optIntegrationId: number | null;
  optIntegration?: QueueIntegration | null;
  optFileId: number | null;
  optFile?: FileList | null;
  /** Position among its siblings. */
  order: number;
  createdAt: Date;
  updatedAt: Date;
}

export const QueueOptionEntity = new EntitySchema<QueueOption>({
  name: 'QueueOption',
  tableName: 'queue_options',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    queueId: int(),
    parentId: int({ nullable: true }),
    name: varchar(),
    greetingMessage: text({ nullable: true }),
    queueType: varchar({ default: 'text' }),
    closeTicket: bool(false),
    optQueueId: int({ nullable: true }),
    optUserId: int({ nullable: true }),
    optIntegrationId: int({ nullable: true }),
    optFileId: int({ nullable: true }),
    order: int({ default: 0 }),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    queue: manyToOne('Queue', 'queueId', 'CASCADE', { inverseSide: 'chatbots' }),
    parent: manyToOne('QueueOption', 'parentId', 'CASCADE', { inverseSide: 'options' }),
    options: oneToMany('QueueOption', 'parent'),
    optQueue: manyToOne('Queue', 'optQueueId', 'SET NULL'),
    optUser: manyToOne('User', 'optUserId', 'SET NULL'),
    optIntegration: manyToOne('QueueIntegration', 'optIntegrationId', 'SET NULL'),
    optFile: manyToOne('FileList', 'optFileId', 'SET NULL'),
  },
  indices: [
    { columns: ['companyId'] },
    { columns: ['queueId', 'parentId'] },
    { columns: ['parentId'] },
  ],
});
