import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * The songs heard in a diary entry: a scrobble names its song, and a diary built from
 * scrobbles shows which of the album's songs were played that day. One row per song per listen;
 * both go with the listen (and so with its person and album) or with the song. Read a page of
 * listens at a time by the key; the song's index lets a track list's refresh drop a song without
 * a scan.
 */
export function listenSongsMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('listen_songs')
        .addColumn('listen_id', 'text', (c) => c.notNull().references('listens.id').onDelete('cascade'))
        .addColumn('track_id', 'text', (c) => c.notNull().references('tracks.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('listen_songs_pk', ['listen_id', 'track_id'])
        .execute();
      await db.schema.createIndex('listen_songs_track_idx').on('listen_songs').column('track_id').execute();
    },
  };
}
