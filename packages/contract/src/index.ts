export * from './define.js';
export * from './routes/index.js';
export * from './openapi.js';
export * from './realtime.js';
export { firstDifference } from './json-difference.js';
