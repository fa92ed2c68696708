import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * SQLite: what lets a search stop after the rows it ranks, however many match.
 *
 * - search_terms, every word of the search index, one row each. FTS5 answers a prefix query
 *   longer than its prefix index ('velv'*; the index holds up to three letters) by merging the
 *   whole doclist of every word it could be before yielding a row: 1.3 ms for 'velvet'* on 100,000
 *   albums, against 0.04 ms for the word 'velvet', which FTS5 reads lazily in rowid (popularity)
 *   order. A search turns such a prefix into the words it stands for (`velvet OR velvets`). Words
 *   are never removed: one no album holds any more matches nothing.
 * - album_title_fts and track_title_fts, the titles alone, with the same rowids as album_fts and
 *   track_fts (migration 003). A search ranks the rows whose title holds every word first; asked
 *   of album_fts with a column filter, FTS5 walks every row holding the words anywhere and checks
 *   their columns ('summer fever': over a thousand albums, ten with both in the title), where the
 *   titles' own index holds only title words.
 *
 * Filled here from what is already indexed; the catalogue's writes keep them up to date.
 */
export function searchEarlyStopMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'sqlite') return;
      await sql`create table search_terms (term text primary key) without rowid`.execute(db);
      await sql`create virtual table temp.album_fts_terms using fts5vocab(main, album_fts, row)`.execute(db);
      await sql`insert into search_terms (term) select term from temp.album_fts_terms`.execute(db);
      await sql`drop table temp.album_fts_terms`.execute(db);

      const options = sql.raw(
        `content='', contentless_delete=1, contentless_unindexed=1, detail=none, ` +
          `tokenize='unicode61 remove_diacritics 2', prefix='1 2 3'`,
      );
      await sql`create virtual table album_title_fts using fts5(album_id unindexed, title, ${options})`.execute(db);
      await sql`create virtual table track_title_fts using fts5(track_id unindexed, title, ${options})`.execute(db);
      // A track's rowid is its album's key × 4096 + its position, as in track_fts.
      // The first field of search_text, which starts with a space (see search-text.ts).
      const title = (column: string) => sql.raw(`substr(${column}, 2, instr(${column} || ' |', ' |') - 2)`);
      await sql`insert into album_title_fts (rowid, album_id, title)
        select k.key, a.id, ${title('a.search_text')}
        from album_search_keys k join albums a on a.id = k.album_id
        order by k.key`.execute(db);
      await sql`insert into track_title_fts (rowid, track_id, title)
        select k.key * 4096 + t.position, t.id, ${title('t.search_text')}
        from album_search_keys k join tracks t on t.album_id = k.album_id
        order by 1`.execute(db);
    },
  };
}
