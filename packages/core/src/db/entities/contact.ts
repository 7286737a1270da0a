import { EntitySchema } from 'typeorm';
import {
  bool,
  int,
  manyToOne,
  oneToMany,
  primaryId,
  tenantColumn,
  tenantJoinEntity,
  tenantRelation,
  text,
  timestamps,
  timestamptz,
  varchar,
} from './columns.js';
import type { Company } from './company.js';
import type { Tag } from './tag.js';
import type { Whatsapp } from './whatsapp.js';

/** A customer (or a group) on one channel. */
export interface Contact {
  id: number;
  companyId: number;
  company?: Company;
  name: string;
  /**
   * Digits with country code (WhatsApp), or the platform's user id (Facebook, Instagram);
   * optional for contacts typed in by hand (docs/product/contacts.md#validation).
   */
  number: string | null;
  email: string | null;
  profilePicUrl: string | null;
  urlPicture: string | null;
  isGroup: boolean;
  disableBot: boolean;
  acceptAudioMessage: boolean;
  /** false means blocked. */
  active: boolean;
  /** whatsapp, facebook or instagram. */
  channel: string;
  lgpdAcceptedAt: Date | null;
  /** Origin connection. */
  whatsappId: number | null;
  whatsapp?: Whatsapp | null;
  remoteJid: string | null;
  lid: string | null;
  /** Answered a campaign with an opt-out word (SAIR, STOP…): no campaign sends to it again. */
  campaignOptOut: boolean;
  /** The spec's extraInfo list. */
  extraInfo?: ContactCustomField[];
  contactTags?: ContactTag[];
  createdAt: Date;
  updatedAt: Date;
}

export const ContactEntity = new EntitySchema<Contact>({
  name: 'Contact',
  tableName: 'contacts',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    name: varchar(),
    number: varchar({ nullable: true }),
    email: varchar({ nullable: true }),
    profilePicUrl: text({ nullable: true }),
    urlPicture: text({ nullable: true }),
    isGroup: bool(false),
    disableBot: bool(false),
    acceptAudioMessage: bool(true),
    active: bool(true),
    channel: varchar({ default: 'whatsapp' }),
    lgpdAcceptedAt: timestamptz({ nullable: true }),
    whatsappId: int({ nullable: true }),
    remoteJid: varchar({ nullable: true }),
    lid: varchar({ nullable: true }),
    campaignOptOut: bool(false),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    whatsapp: manyToOne('Whatsapp', 'whatsappId', 'SET NULL'),
    extraInfo: oneToMany('ContactCustomField', 'contact'),
    contactTags: oneToMany('ContactTag', 'contact'),
  },
  // Also serves lookups by (companyId, number) and by companyId alone.
  uniques: [{ columns: ['companyId', 'number', 'channel'] }],
  indices: [
    { columns: ['companyId', 'name'] },
    { columns: ['companyId', 'lid'] },
    // Campaign recipients are checked against the (few) opted-out numbers.
    {
      name: 'IDX_contacts_campaign_opt_out',
      columns: ['companyId', 'number'],
      where: '"campaignOptOut"',
    },
  ],
});

/** One extraInfo entry of a contact (the entry named "valor" is the kanban amount). */
export interface ContactCustomField {
  id: number;
  companyId: number;
  company?: Company;
  contactId: number;
  contact?: Contact;
  name: string;
  value: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const ContactCustomFieldEntity = new EntitySchema<ContactCustomField>({
  name: 'ContactCustomField',
  tableName: 'contact_custom_fields',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    contactId: int(),
    name: varchar(),
    value: text({ nullable: true }),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    contact: manyToOne('Contact', 'contactId', 'CASCADE', { inverseSide: 'extraInfo' }),
  },
  indices: [{ columns: ['companyId'] }, { columns: ['contactId'] }],
});

/** A tag on a contact. */
export interface ContactTag {
  contactId: number;
  tagId: number;
  companyId: number;
  contact?: Contact;
  tag?: Tag;
  company?: Company;
  createdAt: Date;
  updatedAt: Date;
}

export const ContactTagEntity = tenantJoinEntity<ContactTag>({
  name: 'ContactTag',
  tableName: 'contact_tags',
  owner: { relation: 'contact', target: 'Contact', inverseSide: 'contactTags' },
  member: { relation: 'tag', target: 'Tag', inverseSide: 'contactTags' },
});
