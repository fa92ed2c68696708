import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { PageRead } from '../lib/keyset-pages.ts';
import type { Database } from './schema.ts';

/**
 * `query` a page at a time (keyset pagination): ordered by `key`, columns that together are
 * unique within the query's rows, each page starting after the previous page's last row. A
 * column's field in the row is its name after the last dot ('listen_songs.track_id' → track_id).
 * Row values, `(a, b) > (?, ?)`, read on both dialects and let an index on the key start there.
 */
export function keysetRead<TB extends keyof Database, Row>(
  query: SelectQueryBuilder<Database, TB, Row>,
  key: readonly string[],
): PageRead<Row> {
  const fields = key.map((column) => column.slice(column.lastIndexOf('.') + 1));
  const columns = sql.join(key.map((column) => sql.ref(column)));
  return (after, limit) => {
    let page = query;
    if (after !== undefined) {
      const values = fields.map((field) => (after as Record<string, unknown>)[field]);
      page = page.where(sql<SqlBool>`(${columns}) > (${sql.join(values)})`);
    }
    for (const column of key) page = page.orderBy(sql.ref(column));
    return page.limit(limit).execute() as Promise<Row[]>;
  };
}
