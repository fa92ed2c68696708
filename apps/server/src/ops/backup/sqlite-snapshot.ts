import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { latestAppliedMigration } from '../../db/schema-version.ts';

/** Pages per backup step: more than any database has, so the copy is one step (see below). */
const ALL_PAGES = 0x7fffffff;

/** How long the copy waits for a lock the server holds for a moment (a checkpoint, a WAL recovery). */
const BUSY_TIMEOUT_MS = 5000;

export interface SqliteSnapshot {
  bytes: number;
  /** The last migration applied, read from the copy itself. */
  schema: string | null;
}

/**
 * A consistent copy of the live SQLite database through SQLite's online backup API (ADR 27), on a
 * connection of our own: the database is in WAL mode, so the copy's read transaction never blocks
 * the server's writes, nor they the copy.
 *
 * One step copies every page: a copy made in small steps starts over whenever another process
 * writes between two steps, and under steady writes would never finish.
 */
export async function snapshotSqlite(source: string, target: string): Promise<SqliteSnapshot> {
  if (!existsSync(source)) throw new Error(`There is no database at ${source}: is DATA_DIR right?`);
  const live = new SqliteDatabase(source, { fileMustExist: true });
  try {
    live.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    await live.backup(target, { progress: () => ALL_PAGES });
  } finally {
    live.close();
  }
  const copy = new SqliteDatabase(target);
  // A self-contained file: no -wal beside it to forget (the server turns WAL back on when it opens it).
  copy.pragma('journal_mode = DELETE');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: copy }) });
  try {
    const schema = await latestAppliedMigration(db, 'sqlite');
    return { bytes: (await stat(target)).size, schema };
  } finally {
    await db.destroy();
  }
}
