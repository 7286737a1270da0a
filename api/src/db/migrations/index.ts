import type { MigrationInterface } from 'typeorm';

/** Every migration, in order. Generated files are added here by `npm run migration:generate`. */
export const migrations: (new () => MigrationInterface)[] = [];
