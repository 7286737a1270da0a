export * from './number.js';
export * from './mask.js';
