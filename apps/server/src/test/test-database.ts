import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  dataDir: string;
  /** Another connection (pool) to the same database, as a second instance of the app would open. */
  openAnother(): DatabaseHandle;
  dispose(): Promise<void>;
}

/**
 * A fresh database per test file: a new SQLite file, or — when TEST_DATABASE_URL is set — a new
 * PostgreSQL schema, so parallel files never see each other's rows.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'liner-test-'));
  const handle = await openFreshDatabase(dataDir);
  return {
    handle,
    dataDir,
    openAnother: () =>
      handle.dialect === 'postgres'
        ? openDatabase({ dialect: 'postgres', url: process.env.TEST_DATABASE_URL as string, schema: handle.schema })
        : openDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'liner.db') }),
    async dispose() {
      // A PostgreSQL schema itself is dropped after the whole run (test/global-setup.ts).
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function openFreshDatabase(dataDir: string): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'liner.db') });
  // Named after the run that owns it, which drops it at the end (test/global-setup.ts).
  const schema = `test_${process.env.LINER_TEST_RUN ?? process.pid}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return openDatabase({ dialect: 'postgres', url, schema });
}
