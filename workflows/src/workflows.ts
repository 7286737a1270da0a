// Every workflow the worker registers; the worker bundles this file for the workflow sandbox.
export { billingSweep } from './billing/workflow.js';
export { campaignDelivery } from './campaigns/workflow.js';
export { ticketTimers } from './ticket-timers/workflow.js';
export { queueRotation } from './queue-rotation/workflow.js';
export { messageImport } from './message-import/workflow.js';
export { ticketMigration } from './ticket-migration/workflow.js';
export { scheduledMessage } from './schedules/workflow.js';
export { companyStorageSweep } from './company-storage/workflow.js';
