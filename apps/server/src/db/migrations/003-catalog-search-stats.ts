import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Community rating totals (album_stats, track_stats: sums in half stars 1–10, DESIGN.md decision 9)
 * and catalogue search. Every catalogue row gets `search_text`: its words NFKD-folded, without
 * diacritics, lowercased, one space apart, fields split by " | ", with a leading space so " word"
 * finds a word start (filled by catalog-writes.repository.ts). Searching it is dialect-specific:
 * - SQLite: contentless FTS5 tables (album_fts, track_fts) the repository writes beside the rows.
 *   Their rowids come from album_search_keys (an INTEGER PRIMARY KEY, stable across VACUUM):
 *   key = (100 − popularity) · 2³⁰ + sequence, so FTS5, which yields matches in rowid order, yields
 *   them most popular first and a search can stop after the first few hundred; album_fts rowid =
 *   key, track_fts rowid = key · 4096 + position, so an album's rows are replaced by rowid.
 * - PostgreSQL: pg_trgm GIN indexes over search_text (and its title and artist fields) answer
 *   `LIKE '% word%'`.
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
            `tokenize='unicode61 remove_diacritics 2', prefix='1 2 3'`,
        );
        await sql`create virtual table album_fts using fts5(album_id unindexed, title, artist, tracks, ${fts})`.execute(
          db,
        );
        await sql`create virtual table track_fts using fts5(track_id unindexed, title, artist, ${fts})`.execute(db);
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
      // The whole text answers "every word anywhere"; the title and artist fields get their own
      // indexes (and so their own statistics), which rank title matches and answer artist searches.
      const titleField = sql`(' ' || split_part(substr(search_text, 2), ' | ', 1))`;
      const artistField = sql`(' ' || split_part(substr(search_text, 2), ' | ', 2))`;
      await sql`create index albums_search_trgm on albums using gin (search_text ${opclass})`.execute(db);
      await sql`create index albums_title_trgm on albums using gin (${titleField} ${opclass})`.execute(db);
      await sql`create index albums_artist_trgm on albums using gin (${artistField} ${opclass})`.execute(db);
      await sql`create index tracks_search_trgm on tracks using gin (search_text ${opclass})`.execute(db);
      await sql`create index tracks_title_trgm on tracks using gin (${titleField} ${opclass})`.execute(db);
    },
  };
}
