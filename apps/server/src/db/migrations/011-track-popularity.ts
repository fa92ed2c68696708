import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Tracks carry their album's popularity (written with the album, catalog-writes.repository.ts), so
 * a PostgreSQL track search ranks its candidates without joining all 100,000 albums to learn
 * their order (that hash join was most of a track search's time). PostgreSQL walks
 * tracks_popularity_idx for common words; SQLite already yields tracks in popularity order from
 * its FTS keys (migration 003) and needs no index.
 */
export function trackPopularityMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('tracks')
        .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // Only the rows that change: every write also updates the trigram indexes on PostgreSQL.
      await sql`update tracks set popularity = a.popularity from albums a
        where a.id = tracks.album_id and a.popularity <> 0`.execute(db);
      if (dialect === 'postgres') {
        await sql`create index tracks_popularity_idx on tracks (popularity desc, album_id desc, position)`.execute(db);
      }
    },
  };
}
