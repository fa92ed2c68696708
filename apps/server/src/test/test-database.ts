import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { databaseUrl, TEMPLATE_ENV, TEMPLATE_SCHEMA, withAdminClient } from './template-database.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  /** On PostgreSQL, the address of this file's own database (a child process is pointed at it). */
  url?: string;
  /** Another connection (pool) to the same database, as a second instance of the app would open. */
  openAnother(): DatabaseHandle;
  dispose(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Nothing in it, not even our tables: for tests of the migrations themselves. */
  empty?: boolean;
}

/**
 * A database per test file, so parallel files never see each other's rows: a copy of the run's
 * migrated and seeded template (test/template-database.ts), or with `empty` a database with nothing
 * in it. SQLite: a file in a new data directory. PostgreSQL (TEST_DATABASE_URL): a database of its
 * own, named after the run so test/global-setup.ts drops it at the end.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liner-test-'));
  const template = options.empty ? undefined : process.env[TEMPLATE_ENV];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const file = path.join(dataDir, 'liner.db');
    if (template) copyFileSync(template, file);
    const handle = openDatabase({ dialect: 'sqlite', file });
    return {
      handle,
      dataDir,
      openAnother: () => openDatabase({ dialect: 'sqlite', file }),
      async dispose() {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `test_${process.env.LINER_TEST_RUN ?? process.pid}_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) =>
    client.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  const url = databaseUrl(serverUrl, name);
  if (!template) await withAdminClient(url, (client) => client.query(`create schema ${TEMPLATE_SCHEMA}`));
  const open = () => openDatabase({ dialect: 'postgres', url, schema: TEMPLATE_SCHEMA });
  const handle = open();
  return {
    handle,
    dataDir,
    url,
    openAnother: open,
    async dispose() {
      // The database itself is dropped with the run's others (test/global-setup.ts).
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
