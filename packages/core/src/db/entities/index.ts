import type { EntitySchema } from 'typeorm';
import { OutboxMessageEntity } from './outbox-message.js';
import { AnnouncementEntity } from './announcement.js';
import { CampaignEntity, CampaignSettingEntity, CampaignShippingEntity } from './campaign.js';
import { ChatEntity, ChatMessageEntity, ChatUserEntity } from './chat.js';
import { CompanyEntity } from './company.js';
import { ContactEntity, ContactCustomFieldEntity, ContactTagEntity } from './contact.js';
import { ContactListEntity, ContactListItemEntity } from './contact-list.js';
import { FileListEntity, FileListOptionEntity } from './file-list.js';
import { HelpEntity } from './help.js';
import { ImportMessageEntity } from './import-message.js';
import { InvoiceEntity } from './invoice.js';
import { LidMappingEntity } from './lid-mapping.js';
import { LogTicketEntity } from './log-ticket.js';
import { MessageEntity } from './message.js';
import { PlanEntity } from './plan.js';
import { PromptEntity } from './prompt.js';
import { ProxyEntity } from './proxy.js';
import { QueueEntity, QueueOptionEntity } from './queue.js';
import { QueueIntegrationEntity } from './queue-integration.js';
import { QuickMessageEntity } from './quick-message.js';
import { RateLimitEntity } from './rate-limit.js';
import { RefreshTokenEntity } from './refresh-token.js';
import { ScheduledMessageEntity } from './scheduled-message.js';
import { SettingEntity } from './setting.js';
import { TagEntity } from './tag.js';
import { TicketEntity, TicketTagEntity } from './ticket.js';
import { TicketNoteEntity } from './ticket-note.js';
import { TicketMigrationEntity } from './ticket-migration.js';
import { TicketTrakingEntity } from './ticket-traking.js';
import { TranscriptionCredentialEntity } from './transcription-credential.js';
import { UserEntity, UserQueueEntity } from './user.js';
import { UserRatingEntity } from './user-rating.js';
import { BaileysAuthEntity, WhatsappEntity, WhatsappQueueEntity } from './whatsapp.js';

export * from './announcement.js';
export * from './campaign.js';
export * from './chat.js';
export * from './columns.js';
export * from './company.js';
export * from './contact.js';
export * from './contact-list.js';
export * from './file-list.js';
export * from './help.js';
export * from './import-message.js';
export * from './invoice.js';
export * from './lid-mapping.js';
export * from './log-ticket.js';
export * from './message.js';
export * from './plan.js';
export * from './prompt.js';
export * from './proxy.js';
export * from './queue.js';
export * from './queue-integration.js';
export * from './quick-message.js';
export * from './rate-limit.js';
export * from './refresh-token.js';
export * from './scheduled-message.js';
export * from './setting.js';
export * from './tag.js';
export * from './ticket.js';
export * from './ticket-note.js';
export * from './ticket-migration.js';
export * from './ticket-traking.js';
export * from './transcription-credential.js';
export * from './user.js';
export * from './user-rating.js';
export * from './whatsapp.js';
export { OutboxMessageEntity, type OutboxMessage } from './outbox-message.js';

/** Tables that belong to the platform rather than to one company (no companyId). */
export const PLATFORM_TABLES = ['companies', 'plans', 'helps', 'rate_limits', 'outbox'] as const;

/** Every entity of the platform. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const entities: EntitySchema<any>[] = [
  PlanEntity,
  CompanyEntity,
  InvoiceEntity,
  SettingEntity,
  UserEntity,
  UserQueueEntity,
  RateLimitEntity,
  RefreshTokenEntity,
  QueueEntity,
  QueueOptionEntity,
  QueueIntegrationEntity,
  PromptEntity,
  FileListEntity,
  FileListOptionEntity,
  WhatsappEntity,
  WhatsappQueueEntity,
  BaileysAuthEntity,
  LidMappingEntity,
  ContactEntity,
  ContactCustomFieldEntity,
  ContactTagEntity,
  TagEntity,
  TicketEntity,
  TicketTagEntity,
  TicketTrakingEntity,
  LogTicketEntity,
  TicketNoteEntity,
  UserRatingEntity,
  MessageEntity,
  QuickMessageEntity,
  ContactListEntity,
  ContactListItemEntity,
  CampaignEntity,
  CampaignShippingEntity,
  CampaignSettingEntity,
  ScheduledMessageEntity,
  AnnouncementEntity,
  ChatEntity,
  ChatUserEntity,
  ChatMessageEntity,
  HelpEntity,
  ProxyEntity,
  TranscriptionCredentialEntity,
  OutboxMessageEntity,
  ImportMessageEntity,
  TicketMigrationEntity,
];
