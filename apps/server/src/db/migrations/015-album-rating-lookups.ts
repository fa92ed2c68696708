import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Reading an album's ratings across people (its histogram, and the ratings of the
 * people you follow): both album-rating tables were keyed by user first, so these reads scanned
 * every row. Ordered by album, then user, for the friends' lookup too.
 */
export function albumRatingLookupsMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('album_ratings_album_idx')
        .on('album_ratings')
        .columns(['album_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('chosen_album_ratings_album_idx')
        .on('chosen_album_ratings')
        .columns(['album_id', 'user_id'])
        .execute();
    },
  };
}
