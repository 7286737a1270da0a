/**
 * Every module's routes, one line per module. Everything exported here is merged into
 * `routes` (see index.ts), so export only route objects.
 */
export { authRoutes } from './auth.js';
export { companiesRoutes } from './companies.js';
export { connectionsRoutes } from './connections.js';
export { dashboardRoutes } from './dashboard.js';
export { helpsRoutes } from './helps.js';
export { internalRoutes } from './internal.js';
export { plansRoutes } from './plans.js';
export { settingsRoutes } from './settings.js';
export { systemRoutes } from './system.js';
export { usersRoutes } from './users.js';
export { tagsRoutes } from './tags.js';
export { quickMessagesRoutes } from './quick-messages.js';
export { ticketNotesRoutes } from './ticket-notes.js';
export { contactsRoutes } from './contacts.js';
export { ticketsRoutes } from './tickets.js';
export { messagesRoutes } from './messages.js';
export { queuesRoutes } from './queues.js';
export { chatbotsRoutes } from './chatbots.js';
export { queueIntegrationsRoutes } from './queue-integrations.js';
export { kanbanRoutes } from './kanban.js';
export { chatsRoutes } from './chats.js';
export { fileListsRoutes } from './file-lists.js';
export { promptsRoutes } from './prompts.js';
export { metaRoutes } from './meta.js';
export { sessionChannelRoutes } from './session-channel.js';
export { messagesApiRoutes } from './messages-api.js';
export { schedulesRoutes } from './schedules.js';
export { ticketMigrationRoutes } from './ticket-migration.js';
export { messageImportRoutes } from './message-import.js';
export { campaignsRoutes } from './campaigns.js';
export { contactListsRoutes } from './contact-lists.js';
export { ticketReportsRoutes } from './ticket-reports.js';
export { transcriptionRoutes } from './transcription.js';
export { proxiesRoutes } from './proxies.js';
export { invoicesRoutes } from './invoices.js';
export { whitelabelRoutes } from './whitelabel.js';
export { announcementsRoutes } from './announcements.js';
