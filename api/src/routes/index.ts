/**
 * Every module of the api, one line per module: its HTTP side (`<module>/http.ts`, handlers
 * and per-route middleware). Everything exported here is mounted (see handlers.ts),
 * so export only ModuleHttp functions.
 */
export { authHttp } from './auth/http.js';
export { companiesHttp } from './companies/http.js';
export { connectionsHttp } from './connections/http.js';
export { dashboardHttp } from './dashboard/http.js';
export { helpsHttp } from './helps/http.js';
export { plansHttp } from './plans/http.js';
export { settingsHttp } from './settings/http.js';
export { systemHttp } from './system/http.js';
export { usersHttp } from './users/http.js';
export { tagsHttp } from './tags/http.js';
export { quickMessagesHttp } from './quick-messages/http.js';
export { ticketNotesHttp } from './ticket-notes/http.js';
export { contactsHttp } from './contacts/http.js';
export { ticketsHttp } from './tickets/http.js';
export { messagesHttp } from './messages/http.js';
export { queuesHttp } from './queues/http.js';
export { sessionChannelHttp } from './session-channel/http.js';
export { chatbotsHttp } from './chatbots/http.js';
export { queueIntegrationsHttp } from './queue-integrations/http.js';
export { kanbanHttp } from './kanban/http.js';
export { chatsHttp } from './chats/http.js';
export { fileListsHttp } from './file-lists/http.js';
export { promptsHttp } from './prompts/http.js';
export { metaHttp } from './meta/http.js';
export { messagesApiHttp } from './messages-api/http.js';
export { schedulesHttp } from './schedules/http.js';
export { ticketMigrationHttp } from './ticket-migration/http.js';
export { messageImportHttp } from './message-import/http.js';
export { campaignsHttp } from './campaigns/http.js';
export { contactListsHttp } from './contact-lists/http.js';
export { ticketReportsHttp } from './ticket-reports/http.js';
export { transcriptionHttp } from './transcription/http.js';
export { proxiesHttp } from './proxies/http.js';
export { invoicesHttp } from './invoices/http.js';
export { paymentsHttp } from './payments/http.js';
export { whitelabelHttp } from './whitelabel/http.js';
export { announcementsHttp } from './announcements/http.js';
