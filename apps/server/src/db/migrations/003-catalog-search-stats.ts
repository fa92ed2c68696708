import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Community rating totals (album_stats, track_stats: sums in half stars 1–10, DESIGN.md decision 9)
 * and catalogue search. Every catalogue row gets `search_text`: its words NFKD-folded, without
 * diacritics, lowercased, one space apart, fields split by " | ", with a leading space so " word"
 * finds a word start (filled by the catalog repository). Searching it is dialect-specific:
 * - SQLite: contentless FTS5 tables (album_fts, track_fts) the repository writes beside the rows.
 *   Their rowids come from album_search_keys, an INTEGER PRIMARY KEY (stable across VACUUM):
 *   album_fts rowid = key, track_fts rowid = key * 4096 + position, so an album's rows can be
 *   replaced by rowid without scanning.
 * - PostgreSQL: pg_trgm GIN indexes over search_text answer `search_text LIKE '% word%'`.
 */
export function catalogSearchStatsMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('album_stats')
        .addColumn('album_id', 'text', (c) => c.primaryKey().references('albums.id').onDelete('cascade'))
        .addColumn('ratings_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`ratings_count >= 0`))
        .addColumn('ratings_sum', 'integer', (c) => c.notNull().defaultTo(0).check(sql`ratings_sum >= 0`))
        .execute();
      await db.schema
        .createTable('track_stats')
        .addColumn('track_id', 'text', (c) => c.primaryKey().references('tracks.id').onDelete('cascade'))
        .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
        .addColumn('ratings_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`ratings_count >= 0`))
        .addColumn('ratings_sum', 'integer', (c) => c.notNull().defaultTo(0).check(sql`ratings_sum >= 0`))
        .execute();
      await db.schema.createIndex('track_stats_album_idx').on('track_stats').column('album_id').execute();

      for (const table of ['artists', 'albums', 'tracks']) {
        await db.schema
          .alterTable(table)
          .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
      }

      if (dialect === 'sqlite') {
        await sql`create table album_search_keys (
          key integer primary key,
          album_id text not null unique
        )`.execute(db);
        const fts = sql.raw(
          `content='', contentless_delete=1, contentless_unindexed=1, detail=column, ` +
            `tokenize='unicode61 remove_diacritics 2', prefix='2 3'`,
        );
        await sql`create virtual table album_fts using fts5(album_id unindexed, title, artist, tracks, ${fts})`.execute(
          db,
        );
        await sql`create virtual table track_fts using fts5(track_id unindexed, body, ${fts})`.execute(db);
        return;
      }

      // pg_trgm lives in one schema for the whole database (a per-schema copy would be dropped with
      // its schema); its operator class is named with that schema so any search_path finds it.
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      const { rows } = await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm'`.execute(db);
      const trgmSchema = (rows[0]?.schema ?? 'public').replaceAll('"', '""');
      const opclass = sql.raw(`"${trgmSchema}".gin_trgm_ops`);
      for (const table of ['artists', 'albums', 'tracks']) {
        await sql`create index ${sql.id(`${table}_search_trgm`)} on ${sql.table(table)} using gin (search_text ${opclass})`.execute(
          db,
        );
      }
    },
  };
}
