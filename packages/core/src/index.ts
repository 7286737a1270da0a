/**
 * The business core as other processes use it (`@atendo/core`): the worker opens the same
 * data source, runs inside the same tenant scopes and calls the same use cases as the api, so
 * no process but these writes business tables. Import this entry, or a file by its path under src/ (`@atendo/core/db/embedded.js`).
 */
export {
  createDataSource,
  openMigrationDataSource,
  openScopedDataSource,
} from './db/data-source.js';
export * from './db/entities/index.js';
export { asPlatform, withCompany, type PlatformReason } from './db/tenant-scope.js';
export { tenantData, type TenantData } from './db/tenant-data.js';
export { DomainEventBus, type DomainEventName, type DomainEvents } from './modules/events.js';
export { createSocketEmitter, type SocketEmitter } from './events/socket-emitter.js';
export { registerSocketEmitterListeners } from './modules/billing/realtime.js';
export type { BillingClock } from './modules/billing/billing-clock.js';
export type { BillingContext } from './modules/billing/billing-context.js';
export { deactivateOverdueCompanies } from './modules/billing/deactivate-overdue-companies.js';
export { issueDueInvoices } from './modules/billing/issue-due-invoices.js';
export { refreshCompanyStorage } from './modules/companies/refresh-company-storage.js';
export type { AppContext } from './context.js';
export { createWorkerContext, type WorkerContext } from './worker-context.js';
export {
  NoProcessGateway,
  TemporalProcessGateway,
  type ProcessGateway,
} from './processes/process-gateway.js';
export { LocalChannelAdapter, singleAdapterRegistry } from './channels/channel-adapter.js';
export type {
  ChannelAdapter,
  ChannelRegistry,
  RecordedSend,
} from './channels/channel-adapter.js';
export { runTicketTimerStep } from './modules/ticket-timers/run-ticket-timer-step.js';
export { rotateQueue } from './modules/ticket-timers/rotate-queue.js';
export {
  resumeQueueRotations,
  resumeTicketTimers,
} from './modules/ticket-timers/resume-ticket-timers.js';
export {
  beginCampaignDelivery,
  type CampaignBegin,
} from './modules/campaign-delivery/begin-campaign-delivery.js';
export {
  deliverCampaignStep,
  type CampaignStep,
} from './modules/campaign-delivery/deliver-campaign-step.js';
export { listCampaignsToResume } from './modules/campaign-delivery/list-campaigns-to-resume.js';
export { loadConfig, type Config } from './config.js';
export { createLogger, type Logger } from './logger.js';
export { receiveMessage } from './modules/inbound/receive-message.js';
export { closeTicket } from './modules/tickets/close-ticket.js';
export { prepareMessageImport } from './modules/message-import/prepare-message-import.js';
export { importStagedMessages } from './modules/message-import/import-staged-messages.js';
export { finishMessageImport } from './modules/message-import/finish-message-import.js';
export { listImportsToResume } from './modules/message-import/list-imports-to-resume.js';
export { stageHistory } from './modules/message-import/stage-history.js';
export { migrateTicketBatch } from './modules/ticket-migration/migrate-ticket-batch.js';
export { startTicketMigration } from './modules/ticket-migration/start-ticket-migration.js';
export { listMigrationsToResume } from './modules/ticket-migration/list-migrations-to-resume.js';
export { nextScheduledSend } from './modules/schedules/next-scheduled-send.js';
export {
  sendScheduledMessage,
  type ScheduledSendOutcome,
} from './modules/schedules/send-scheduled-message.js';
export { failScheduledMessage } from './modules/schedules/fail-scheduled-message.js';
export { listSchedulesToResume } from './modules/schedules/list-schedules-to-resume.js';
export { startScheduleProcess } from './modules/schedules/schedule-process.js';
export { createSchedule } from './modules/schedules/create-schedule.js';
export { createCampaign } from './modules/campaigns/create-campaign.js';
