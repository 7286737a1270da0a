import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { entities } from './entities/index.js';
import { migrations } from './migrations/index.js';

/** A TypeORM data source over PostgreSQL with every entity and migration; never synchronize. */
export function createDataSource(url: string, options: { logging?: boolean } = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    // gen_random_uuid() is built in since PostgreSQL 13; no extension to create.
    uuidExtension: 'pgcrypto',
    url,
    entities,
    migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    // TypeORM's own error log prints query parameters (password hashes, tokens): errors are
    // logged by the HTTP error handler instead, without parameters.
    logging: options.logging ? ['warn', 'migration'] : false,
    extra: { max: 10 },
  });
}
