import type { Kysely } from 'kysely';

/**
 * Spoiler-free scores: a member may ask not to be shown what others think of an album until they
 * have rated it. `spoiler_free` is the setting (0 or 1); `score_reveals` holds the albums they
 * chose to see anyway. The key (user, album) is the one read, for the albums of one answer at a
 * time; both go with the user or the album.
 */
export function spoilerFreeScoresMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('profiles')
        .addColumn('spoiler_free', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('score_reveals')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('score_reveals_pk', ['user_id', 'album_id'])
        .execute();
      // Deleting an album from the catalogue finds its reveals without a scan.
      await db.schema.createIndex('score_reveals_album_idx').on('score_reveals').column('album_id').execute();
    },
  };
}
