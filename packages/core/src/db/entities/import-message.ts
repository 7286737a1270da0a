import { EntitySchema } from 'typeorm';
import {
  bool,
  createdOnly,
  jsonb,
  manyToOne,
  primaryId,
  tenantColumn,
  tenantRelation,
  timestamptz,
  varchar,
} from './columns.js';
import type { Company } from './company.js';
import type { Whatsapp } from './whatsapp.js';

/**
 * A history message staged for a connection's import (docs/product/connections.md#import-of-old-messages): the session's mapped
 * InboundMessage, kept until the import ran it through the pipeline. One row per channel
 * message id and connection, so a batch handed over twice stages nothing new.
 */
export interface ImportMessage {
  id: number;
  companyId: number;
  company?: Company;
  whatsappId: number;
  whatsapp?: Whatsapp;
  wid: string;
  /** When the message was sent (the import's order). */
  sentAt: Date;
  isGroup: boolean;
  /** The InboundMessage as the session mapped it. */
  event: unknown;
  createdAt: Date;
}

/** Unique (whatsappId, wid): a message is staged once per connection. */
export const IMPORT_MESSAGE_WID_INDEX = 'UQ_import_messages_whatsapp_wid';

export const ImportMessageEntity = new EntitySchema<ImportMessage>({
  name: 'ImportMessage',
  tableName: 'import_messages',
  columns: {
    id: primaryId(),
    ...tenantColumn(),
    whatsappId: { type: 'int' },
    wid: varchar(),
    sentAt: timestamptz(),
    isGroup: bool(false),
    event: jsonb(),
    ...createdOnly(),
  },
  relations: {
    ...tenantRelation(),
    whatsapp: manyToOne('Whatsapp', 'whatsappId', 'CASCADE'),
  },
  uniques: [{ name: IMPORT_MESSAGE_WID_INDEX, columns: ['whatsappId', 'wid'] }],
  indices: [{ columns: ['companyId'] }, { columns: ['whatsappId', 'sentAt', 'id'] }],
});
