import type { MigrationInterface } from 'typeorm';
import { Initial1795345077777 } from './1795345077777-initial.js';

/** Every migration, in order. Generated files are added here by `npm run migration:generate`. */
export const migrations: (new () => MigrationInterface)[] = [Initial1795345077777];
