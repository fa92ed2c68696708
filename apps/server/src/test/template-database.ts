import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { loadSeedCatalog } from '../modules/catalog/index.ts';

/**
 * One migrated and seeded database per test run, copied for each test file (test-database.ts):
 * running every migration and loading the seed catalogue cost each file about half a second of a
 * core, and the suite makes ninety of them on each database. On SQLite the template is a file; on
 * PostgreSQL a database that `CREATE DATABASE … TEMPLATE` copies, holding our tables in one schema.
 * The migrations test still starts from empty databases and runs every migration itself.
 */
export const TEMPLATE_ENV = 'LINER_TEST_TEMPLATE';

/** The schema our tables live in inside every database copied from the PostgreSQL template. */
export const TEMPLATE_SCHEMA = 'liner';

/** `postgres://…/test` with its database name replaced. */
export function databaseUrl(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

export async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function migrateAndSeed(database: Parameters<typeof migrateToLatest>[0], dataDir: string): Promise<void> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    MUSICBRAINZ: 'off',
    WEB_DIST_DIR: `${dataDir}/no-web-build`,
  });
  await migrateToLatest(database, config);
  await loadSeedCatalog(database);
}

/**
 * Builds the run's template and returns what the test files need to copy it (the SQLite file, or
 * the PostgreSQL database's name) and how to remove it after the run.
 */
export async function buildTemplate(run: string): Promise<{ template: string; remove(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liner-template-'));
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const file = path.join(dataDir, 'liner.db');
    const handle = openDatabase({ dialect: 'sqlite', file });
    try {
      await migrateAndSeed(handle, dataDir);
    } finally {
      // Closing checkpoints the write-ahead log into the file, so a plain copy holds everything.
      await handle.close();
    }
    return { template: file, remove: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `test_${run}_template`;
  await withAdminClient(url, async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
  const templateUrl = databaseUrl(url, name);
  await withAdminClient(templateUrl, (client) => client.query(`create schema ${TEMPLATE_SCHEMA}`));
  const handle = openDatabase({ dialect: 'postgres', url: templateUrl, schema: TEMPLATE_SCHEMA });
  try {
    await migrateAndSeed(handle, dataDir);
  } finally {
    // A template with a session open on it cannot be copied.
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    template: name,
    remove: () =>
      withAdminClient(url, async (client) => void (await client.query(`drop database if exists ${name} with (force)`))),
  };
}
