import { isDeepStrictEqual } from 'node:util';
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import type { DatabaseHandle, Db } from './database.ts';
import { withTransaction } from './transaction.ts';

/**
 * Fedify's key–value store on our database, either dialect (ADR 52, migration 029): remote
 * documents and keys it cached, activity ids it has handled, nonces. Keys are Fedify's key paths
 * as JSON text; a path's entries all start with the path's text less its closing bracket and a
 * comma, so listing a prefix is a range of the primary key (compared byte by byte).
 */

/** Expired entries are swept once per this many writes: reads ignore them meanwhile. */
const SWEEP_EVERY_WRITES = 500;

const encode = (key: KvKey): string => JSON.stringify(key);

function expiry(options: KvStoreSetOptions | undefined, now: number): string | null {
  if (!options?.ttl) return null;
  const ms = Temporal.Duration.from(options.ttl).total({
    unit: 'millisecond',
    relativeTo: Temporal.Now.zonedDateTimeISO('UTC'),
  });
  return new Date(now + ms).toISOString();
}

export class KyselyKvStore implements KvStore {
  private writes = 0;

  private readonly db: Db;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly now: () => number = Date.now,
  ) {
    this.db = database.db;
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = await this.db
      .selectFrom('fedify_kv')
      .select('value')
      .where('key', '=', encode(key))
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', this.nowText())]))
      .executeTakeFirst();
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const row = { key: encode(key), value: JSON.stringify(value), expires_at: expiry(options, this.now()) };
    await this.db
      .insertInto('fedify_kv')
      .values(row)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, expires_at: row.expires_at }))
      .execute();
    await this.wrote();
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.deleteFrom('fedify_kv').where('key', '=', encode(key)).execute();
  }

  /** Sets `key` to `newValue` only if it holds `expectedValue` now (undefined: absent or expired). */
  async cas(key: KvKey, expectedValue: unknown, newValue: unknown, options?: KvStoreSetOptions): Promise<boolean> {
    const swapped = await withTransaction(this.db, async (trx) => {
      const encoded = encode(key);
      const row = await trx
        .selectFrom('fedify_kv')
        .select(['value', 'expires_at'])
        .where('key', '=', encoded)
        // SQLite has one writer at a time; PostgreSQL locks the row until the swap commits.
        .$if(this.database.dialect === 'postgres', (qb) => qb.forUpdate())
        .executeTakeFirst();
      const live = row && (row.expires_at === null || row.expires_at > this.nowText());
      const current = live ? JSON.parse(row.value) : undefined;
      if (!isDeepStrictEqual(current, expectedValue)) return false;
      const next = { key: encoded, value: JSON.stringify(newValue), expires_at: expiry(options, this.now()) };
      await trx
        .insertInto('fedify_kv')
        .values(next)
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: next.value, expires_at: next.expires_at }))
        .execute();
      return true;
    });
    if (swapped) await this.wrote();
    return swapped;
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    let query = this.db
      .selectFrom('fedify_kv')
      .select(['key', 'value'])
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', this.nowText())]));
    if (prefix) {
      const exact = encode(prefix);
      // '["a","b"' then ',' starts every longer path; '-' is the character after ','.
      const open = exact.slice(0, -1);
      query = query.where((eb) =>
        eb.or([eb('key', '=', exact), eb.and([eb('key', '>=', `${open},`), eb('key', '<', `${open}-`)])]),
      );
    }
    for (const row of await query.orderBy('key').execute()) {
      yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) };
    }
  }

  /** Deletes the entries that have expired; returns how many. */
  async deleteExpired(): Promise<number> {
    const result = await this.db.deleteFrom('fedify_kv').where('expires_at', '<=', this.nowText()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private nowText(): string {
    return new Date(this.now()).toISOString();
  }

  private async wrote(): Promise<void> {
    this.writes += 1;
    if (this.writes % SWEEP_EVERY_WRITES === 0) await this.deleteExpired();
  }
}
