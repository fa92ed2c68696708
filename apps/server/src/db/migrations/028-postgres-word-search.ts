import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * PostgreSQL: search by words instead of trigrams, in narrow tables a search can stop early in.
 *
 * The trigram indexes of migration 003 answered `LIKE '% word%'` over the whole of search_text,
 * and could not stop early: a common word's candidates were every album holding its trigrams, read
 * from the wide catalogue rows and sorted (search p95 on 100,000 albums: 52 ms albums, 114 ms
 * songs). Here each album and track has a row of its words only (a tsvector of the folded words,
 * see search-text.ts), its popularity and the btree order search ranks by:
 * - a common word walks that order and stops after the rows it ranks;
 * - a rarer one fetches its few matches through a GIN index over the words and sorts them.
 * search_terms (as on SQLite, migration 027) lists every indexed word, so a query's prefix is
 * searched as the words it stands for: GIN reads an exact word lazily and skips through it by the
 * rarest word of the query, where a prefix first gathers every row of every word it could be.
 *
 * Filled here from search_text; the catalogue's writes keep them up to date. The trigram indexes
 * and the tracks' popularity index (migration 011) are dropped: nothing reads them any more, and
 * every catalogue write paid for them.
 */
export function postgresWordSearchMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      // One connection with room to sort and no request's time limit: on a large catalogue the
      // fill and the indexes take longer than a request may.
      await sql`set local maintenance_work_mem = '256MB'`.execute(db);
      await sql`set local statement_timeout = 0`.execute(db);

      await sql`create table album_search (
        album_id text primary key references albums (id) on delete cascade,
        popularity integer not null,
        words tsvector not null,
        title tsvector not null,
        artist tsvector not null
      )`.execute(db);
      await sql`create table track_search (
        track_id text primary key references tracks (id) on delete cascade,
        album_id text not null,
        position integer not null,
        popularity integer not null,
        words tsvector not null,
        title tsvector not null
      )`.execute(db);
      // A collation that orders by code point, so `term >= 'velv' and term < 'velv' || U+10FFFF`
      // is every word with that prefix whatever the database's locale.
      await sql`create table search_terms (term text collate "C" primary key)`.execute(db);

      // search_text is ' title | artist | track | …' (albums) or ' title | artist' (tracks).
      const words = (text: string) =>
        sql.raw(`array_to_tsvector(array_remove(regexp_split_to_array(${text}, '[ |]+'), ''))`);
      const field = (text: string, n: number) =>
        sql.raw(
          `array_to_tsvector(array_remove(string_to_array(split_part(substr(${text}, 2), ' | ', ${n}), ' '), ''))`,
        );
      await sql`insert into album_search (album_id, popularity, words, title, artist)
        select id, popularity, ${words('search_text')}, ${field('search_text', 1)}, ${field('search_text', 2)}
        from albums order by popularity desc, id desc`.execute(db);
      await sql`insert into track_search (track_id, album_id, position, popularity, words, title)
        select id, album_id, position, popularity, ${words('search_text')}, ${field('search_text', 1)}
        from tracks order by popularity desc, album_id desc, position`.execute(db);
      await sql`insert into search_terms (term)
        select distinct unnest(tsvector_to_array(words)) from album_search`.execute(db);

      await sql`create index album_search_order on album_search (popularity desc, album_id desc)`.execute(db);
      await sql`create index track_search_order on track_search (popularity desc, album_id desc, position)`.execute(db);
      for (const [table, column] of [
        ['album_search', 'words'],
        ['album_search', 'title'],
        ['album_search', 'artist'],
        ['track_search', 'words'],
        ['track_search', 'title'],
      ] as const) {
        await sql`create index ${sql.id(`${table}_${column}_gin`)} on ${sql.table(table)} using gin (${sql.ref(column)})`.execute(
          db,
        );
      }
      for (const index of [
        'albums_search_trgm',
        'albums_title_trgm',
        'albums_artist_trgm',
        'tracks_search_trgm',
        'tracks_title_trgm',
        'tracks_popularity_idx',
      ]) {
        await sql`drop index if exists ${sql.id(index)}`.execute(db);
      }
      // The search's choice of plan starts from these tables' statistics (music-search.repository.ts).
      await sql`analyze album_search`.execute(db);
      await sql`analyze track_search`.execute(db);
    },
  };
}
