// The names api, worker and tests share for every durable process: workflow types, workflow ids,
// signals, queries and their payload types. Pure TypeScript (no zod, no Node APIs): workflow code
// imports it inside Temporal's sandbox as `@atendo/domain/processes`. One line per process.
export * from './gateway.js';
export * from './message-import.js';
export * from './ticket-migration.js';
export * from './campaign.js';
export * from './ticket-timers.js';
export * from './queue-rotation.js';
export * from './schedule.js';
