export * from './define.js';
export * from './routes/index.js';
export * from './openapi.js';
