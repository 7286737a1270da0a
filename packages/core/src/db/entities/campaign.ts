import { EntitySchema } from 'typeorm';
import {
  bool,
  int,
  manyToOne,
  oneToMany,
  primaryId,
  tenantColumn,
  tenantRelation,
  text,
  timestamps,
  timestamptz,
  varchar,
} from './columns.js';
import type { Company } from './company.js';
import type { Contact } from './contact.js';
import type { ContactList, ContactListItem } from './contact-list.js';
import type { Queue } from './queue.js';
import type { Tag } from './tag.js';
import type { User } from './user.js';
import type { Whatsapp } from './whatsapp.js';

/** A bulk send to a contact list or to the contacts carrying a tag. */
export interface Campaign {
  id: number;
  companyId: number;
  company?: Company;
  name: string;
  message1: string | null;
  message2: string | null;
  message3: string | null;
  message4: string | null;
  message5: string | null;
  confirmationMessage1: string | null;
  confirmationMessage2: string | null;
  confirmationMessage3: string | null;
  confirmationMessage4: string | null;
  confirmationMessage5: string | null;
  /** INATIVA, PROGRAMADA, EM_ANDAMENTO, CANCELADA or FINALIZADA. */
  status: string;
  confirmation: boolean;
  scheduledAt: Date | null;
  completedAt: Date | null;
  contactListId: number | null;
  contactList?: ContactList | null;
  tagListId: number | null;
  tagList?: Tag | null;
  whatsappId: number | null;
  whatsapp?: Whatsapp | null;
  userId: number | null;
  user?: User | null;
  queueId: number | null;
  queue?: Queue | null;
  openTicket: string;
  statusTicket: string;
  mediaPath: string | null;
  mediaName: string | null;
  shippings?: CampaignShipping[];
  createdAt: Date;
  updatedAt: Date;
}

export const CampaignEntity = new EntitySchema<Campaign>({
  name: 'Campaign',
  tableName: 'campaigns',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    name: varchar(),
    message1: text({ nullable: true }),
    message2: text({ nullable: true }),
    message3: text({ nullable: true }),
    message4: text({ nullable: true }),
    message5: text({ nullable: true }),
    confirmationMessage1: text({ nullable: true }),
    confirmationMessage2: text({ nullable: true }),
    confirmationMessage3: text({ nullable: true }),
    confirmationMessage4: text({ nullable: true }),
    confirmationMessage5: text({ nullable: true }),
    status: varchar({ default: 'INATIVA' }),
    confirmation: bool(false),
    scheduledAt: timestamptz({ nullable: true }),
    completedAt: timestamptz({ nullable: true }),
    contactListId: int({ nullable: true }),
    tagListId: int({ nullable: true }),
    whatsappId: int({ nullable: true }),
    userId: int({ nullable: true }),
    queueId: int({ nullable: true }),
    openTicket: varchar({ default: 'disabled' }),
    statusTicket: varchar({ default: 'closed' }),
    mediaPath: varchar({ nullable: true }),
    mediaName: varchar({ nullable: true }),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    contactList: manyToOne('ContactList', 'contactListId', 'SET NULL'),
    tagList: manyToOne('Tag', 'tagListId', 'SET NULL'),
    whatsapp: manyToOne('Whatsapp', 'whatsappId', 'SET NULL'),
    user: manyToOne('User', 'userId', 'SET NULL'),
    queue: manyToOne('Queue', 'queueId', 'SET NULL'),
    shippings: oneToMany('CampaignShipping', 'campaign'),
  },
  indices: [{ columns: ['companyId', 'status'] }],
});

/**
 * One recipient of a campaign, written once per (campaign, recipient) so a restart never
 * sends twice.
 */
export interface CampaignShipping {
  id: number;
  companyId: number;
  company?: Company;
  campaignId: number;
  campaign?: Campaign;
  contactId: number | null;
  contact?: Contact | null;
  contactListItemId: number | null;
  contactListItem?: ContactListItem | null;
  number: string;
  message: string | null;
  confirmationMessage: string | null;
  confirmation: boolean;
  confirmationRequestedAt: Date | null;
  confirmedAt: Date | null;
  deliveredAt: Date | null;
  /** Our message id of the main message once claimed (a retry resends that same message). */
  jobId: string | null;
  /** Our message id of the confirmation request once claimed. */
  confirmationMessageId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export const CampaignShippingEntity = new EntitySchema<CampaignShipping>({
  name: 'CampaignShipping',
  tableName: 'campaign_shippings',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    campaignId: int(),
    contactId: int({ nullable: true }),
    contactListItemId: int({ nullable: true }),
    number: varchar(),
    message: text({ nullable: true }),
    confirmationMessage: text({ nullable: true }),
    confirmation: bool(false),
    confirmationRequestedAt: timestamptz({ nullable: true }),
    confirmedAt: timestamptz({ nullable: true }),
    deliveredAt: timestamptz({ nullable: true }),
    jobId: varchar({ nullable: true }),
    confirmationMessageId: int({ nullable: true }),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    campaign: manyToOne('Campaign', 'campaignId', 'CASCADE', { inverseSide: 'shippings' }),
    contact: manyToOne('Contact', 'contactId', 'SET NULL'),
    contactListItem: manyToOne('ContactListItem', 'contactListItemId', 'SET NULL'),
  },
  // List recipients are unique by item, tag recipients by contact (NULLs never collide).
  uniques: [
    { columns: ['campaignId', 'contactListItemId'] },
    { columns: ['campaignId', 'contactId'] },
  ],
  indices: [
    { columns: ['companyId'] },
    { columns: ['campaignId', 'number'] },
    // The delivery's cursor: the next recipients still to send, in id order.
    {
      name: 'IDX_campaign_shippings_pending',
      columns: ['campaignId', 'id'],
      where: '"deliveredAt" IS NULL',
    },
    // An inbound message looks up the campaigns that wrote to its number (confirmation, opt-out).
    { name: 'IDX_campaign_shippings_company_number', columns: ['companyId', 'number'] },
  ],
});

/** One campaign setting of a company: messageInterval, longerIntervalAfter, greaterInterval, variables, sabado, domingo, startHour, endHour. */
export interface CampaignSetting {
  id: number;
  companyId: number;
  company?: Company;
  key: string;
  value: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const CampaignSettingEntity = new EntitySchema<CampaignSetting>({
  name: 'CampaignSetting',
  tableName: 'campaign_settings',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    key: varchar(),
    value: text({ nullable: true }),
    ...timestamps(),
  },
  relations: { ...tenantRelation() },
  uniques: [{ columns: ['companyId', 'key'] }],
});
