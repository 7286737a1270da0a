import type { MigrationInterface } from 'typeorm';
import { Initial1795345077777 } from './1795345077777-initial.js';
import { SocketIoAttachments1795345077778 } from './1795345077778-socket-io-attachments.js';
import { KubernetesResources1795346959979 } from './1795346959979-kubernetes-resources.js';
import { CompanyNameCaseInsensitive1795346959980 } from './1795346959980-company-name-case-insensitive.js';
import { SharedRateLimits1795350094208 } from './1795350094208-shared-rate-limits.js';
import { TenantRowLevelSecurity1795400000000 } from './1795400000000-tenant-row-level-security.js';
import { Outbox1795500000000 } from './1795500000000-outbox.js';
import { TenantRlsRange1795600000000 } from './1795600000000-tenant-rls-range.js';
import { DashboardTicketPeriodIndex1795700000000 } from './1795700000000-dashboard-ticket-period-index.js';
import { TicketsListActivityIndex1795800000000 } from './1795800000000-tickets-list-activity-index.js';
import { SessionEndpoint1795900000000 } from './1795900000000-session-endpoint.js';
import { CampaignDelivery1796200000000 } from './1796200000000-campaign-delivery.js';
import { ScheduleRecurrence1796300000000 } from './1796300000000-schedule-recurrence.js';
import { ImportMessagesTicketMigrations1796500000000 } from './1796500000000-import-messages-ticket-migrations.js';
import { TenantCacheNotify1796600000000 } from './1796600000000-tenant-cache-notify.js';
import { TenantRlsInitplan1796700000000 } from './1796700000000-tenant-rls-initplan.js';
import { TicketsListCoveringIndexes1796800000000 } from './1796800000000-tickets-list-covering-indexes.js';
import { TicketTabCounts1796900000000 } from './1796900000000-ticket-tab-counts.js';
import { MessagesConversationCoveringIndex1797000000000 } from './1797000000000-messages-conversation-covering-index.js';
import { ConnectionStatusReason1797100000000 } from './1797100000000-connection-status-reason.js';
import { OutboxDedupKey1797200000000 } from './1797200000000-outbox-dedup-key.js';
import { TicketBotState1797300000000 } from './1797300000000-ticket-bot-state.js';
import { WhatsappBusinessAccount1797410000000 } from './1797410000000-whatsapp-business-account.js';
import { MessagesPendingSendIndex1797500000000 } from './1797500000000-messages-pending-send-index.js';

/** Every migration, in order. Generated files are added here by `npm run migration:generate`. */
export const migrations: (new () => MigrationInterface)[] = [
  Initial1795345077777,
  SocketIoAttachments1795345077778,
  KubernetesResources1795346959979,
  CompanyNameCaseInsensitive1795346959980,
  SharedRateLimits1795350094208,
  TenantRowLevelSecurity1795400000000,
  Outbox1795500000000,
  TenantRlsRange1795600000000,
  DashboardTicketPeriodIndex1795700000000,
  TicketsListActivityIndex1795800000000,
  SessionEndpoint1795900000000,
  CampaignDelivery1796200000000,
  ScheduleRecurrence1796300000000,
  ImportMessagesTicketMigrations1796500000000,
  TenantCacheNotify1796600000000,
  TenantRlsInitplan1796700000000,
  TicketsListCoveringIndexes1796800000000,
  TicketTabCounts1796900000000,
  MessagesConversationCoveringIndex1797000000000,
  ConnectionStatusReason1797100000000,
  OutboxDedupKey1797200000000,
  TicketBotState1797300000000,
  WhatsappBusinessAccount1797410000000,
  MessagesPendingSendIndex1797500000000,
];
