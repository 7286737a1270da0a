export * from './schema.js';
export * from './common.js';
export * from './company.js';
export * from './connection.js';

import { companyCrd } from './company.js';
import { connectionCrd } from './connection.js';
import type { CustomResourceDefinition } from './schema.js';

/** Every Atendo CRD, in apply order. */
export function allCrds(): CustomResourceDefinition[] {
  return [companyCrd(), connectionCrd()];
}
