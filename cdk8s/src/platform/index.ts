export * from './common.js';
export * from './config.js';
export * from './rbac.js';
export * from './workloads.js';
export * from './policies.js';
export * from './manifests.js';
export * from './charts.js';
