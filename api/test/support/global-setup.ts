import type { TestProject } from 'vitest/node';
import { startTestPostgres } from '@atendo/testing/postgres';
import { createDataSource } from '@atendo/core/db/data-source.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgBaseUrl: string;
  }
}

/**
 * Starts one real PostgreSQL for the api suites (or uses TEST_DATABASE_URL's server), migrates
 * a template database once, and hands its base URL to the tests; each test file then clones
 * the template into its own database.
 */
export default async function setup(project: TestProject) {
  const db = await startTestPostgres();
  const template = db.url('atendo_template');
  const admin = createDataSource(db.url('postgres'));
  await admin.initialize();
  await admin.query('DROP DATABASE IF EXISTS atendo_template');
  await admin.query('CREATE DATABASE atendo_template');
  await admin.destroy();
  const ds = createDataSource(template);
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  await ds.destroy();
  project.provide('pgBaseUrl', db.url(''));
  return () => db.stop();
}
