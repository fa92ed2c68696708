import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Lists of albums or songs (ADR 33). Counters sit on the list row and move in the
 * transaction that writes the entries (entries_count now; likes and comments when those arrive).
 * An entry names its item once (item_id: the album id of an album list, the track id of a song
 * list) and always carries its album, so "lists with this album or its songs" is one index lookup.
 */
export function listsMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('lists')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('album', 'song')`))
        .addColumn('ranked', 'integer', (c) => c.notNull().defaultTo(0).check(sql`ranked in (0, 1)`))
        .addColumn('visibility', 'text', (c) => c.notNull().check(sql`visibility in ('public', 'unlisted')`))
        .addColumn('entries_count', 'integer', (c) =>
          c.notNull().defaultTo(0).check(sql`entries_count between 0 and 500`),
        )
        .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`likes_count >= 0`))
        .addColumn('comments_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`comments_count >= 0`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // Someone's lists, newest first.
      await db.schema
        .createIndex('lists_user_created_idx')
        .on('lists')
        .columns(['user_id', 'created_at', 'id'])
        .execute();
      // Public lists, recent and popular, each a keyset walk.
      await db.schema
        .createIndex('lists_visibility_created_idx')
        .on('lists')
        .columns(['visibility', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('lists_visibility_popular_idx')
        .on('lists')
        .columns(['visibility', 'likes_count', 'created_at', 'id'])
        .execute();

      await db.schema
        .createTable('list_entries')
        .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
        .addColumn('item_id', 'text', (c) => c.notNull())
        .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
        .addColumn('track_id', 'text', (c) => c.references('tracks.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('added_at', 'text', (c) => c.notNull())
        // One row per item makes a second "add" impossible, not just unlikely.
        .addPrimaryKeyConstraint('list_entries_pk', ['list_id', 'item_id'])
        .addCheckConstraint(
          'list_entries_item',
          sql`(track_id is null and item_id = album_id) or (track_id is not null and item_id = track_id)`,
        )
        .addCheckConstraint('list_entries_note', sql`length(note) <= 2000`)
        .execute();
      // Positions are unique within a list: a reorder that lost an entry or doubled one cannot commit.
      await db.schema
        .createIndex('list_entries_position_idx')
        .on('list_entries')
        .columns(['list_id', 'position'])
        .unique()
        .execute();
      await db.schema
        .createIndex('list_entries_album_idx')
        .on('list_entries')
        .columns(['album_id', 'list_id'])
        .execute();
      await db.schema.createIndex('list_entries_track_idx').on('list_entries').column('track_id').execute();
    },
  };
}
