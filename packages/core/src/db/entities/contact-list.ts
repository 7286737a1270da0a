import { EntitySchema } from 'typeorm';
import {
  bool,
  int,
  manyToOne,
  oneToMany,
  primaryId,
  tenantColumn,
  tenantRelation,
  timestamps,
  varchar,
} from './columns.js';
import type { Company } from './company.js';

/** A campaign recipient list. */
export interface ContactList {
  id: number;
  companyId: number;
  company?: Company;
  name: string;
  contacts?: ContactListItem[];
  createdAt: Date;
  updatedAt: Date;
}

export const ContactListEntity = new EntitySchema<ContactList>({
  name: 'ContactList',
  tableName: 'contact_lists',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    name: varchar(),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    contacts: oneToMany('ContactListItem', 'contactList'),
  },
  indices: [{ columns: ['companyId'] }],
});

/** One recipient of a contact list (not a contact: lists are imported spreadsheets). */
export interface ContactListItem {
  id: number;
  companyId: number;
  company?: Company;
  contactListId: number;
  contactList?: ContactList;
  name: string;
  number: string;
  email: string | null;
  isWhatsappValid: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const ContactListItemEntity = new EntitySchema<ContactListItem>({
  name: 'ContactListItem',
  tableName: 'contact_list_items',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    contactListId: int(),
    name: varchar(),
    number: varchar(),
    email: varchar({ nullable: true }),
    isWhatsappValid: bool(false),
    ...timestamps(),
  },
  relations: {
    ...tenantRelation(),
    contactList: manyToOne('ContactList', 'contactListId', 'CASCADE', { inverseSide: 'contacts' }),
  },
  uniques: [{ columns: ['contactListId', 'number'] }],
  indices: [{ columns: ['companyId'] }],
});
