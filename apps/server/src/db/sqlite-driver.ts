import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * better-sqlite3 has two lines (ADR 12): 13.x ships prebuilt Node-API binaries (no compiler,
 * nothing downloaded) but needs Node 22+; 12.x still supports Node 20 and is compiled from source
 * on install. Node 24 crashes with 12.x when statements are garbage-collected, so each Node gets
 * the line that works on it. Both have the same API.
 */
export const SQLITE_DRIVER_PACKAGE =
  Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3';

const require = createRequire(import.meta.url);

export const SqliteDatabase: typeof BetterSqlite3 = require(SQLITE_DRIVER_PACKAGE);
export type SqliteConnection = BetterSqlite3.Database;
export type SqliteStatement = BetterSqlite3.Statement;
