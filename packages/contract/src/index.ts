export * from './define.js';
export * from './routes.js';
export * from './openapi.js';
