export * from './names.js';
export * from './secret.js';
export * from './service.js';
export * from './statefulset.js';
