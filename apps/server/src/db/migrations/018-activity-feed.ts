import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

const ACTIONS = sql`action in ('followed_user', 'new_review', 'new_note', 'rated_album', 'created_list')`;

/**
 * The activity feed. Two more actions: rating an album (one entry per album per day,
 * kept current in place) and creating a list. Entries about an album carry its id, so the feed
 * reads the album's title and cover as they are now. Indexed for its two reads, newest first with
 * a (created_at, id) keyset: the entries of the people someone follows (one index range per
 * person followed) and everyone's; and by target, for removing a post's entries.
 *
 * SQLite cannot change a check constraint, so there the table is rebuilt with its rows; PostgreSQL
 * swaps the constraint.
 */
export function activityFeedMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        await db.schema
          .createTable('activities_next')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
          .addColumn('action', 'text', (c) => c.notNull().check(ACTIONS))
          .addColumn('target_id', 'text', (c) => c.notNull())
          .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('album_id', 'text', (c) => c.references('albums.id').onDelete('cascade'))
          .addColumn('day', 'text')
          .execute();
        await sql`insert into activities_next (id, user_id, action, target_id, data, created_at)
          select id, user_id, action, target_id, data, created_at from activities`.execute(db);
        await db.schema.dropTable('activities').execute();
        await sql`alter table activities_next rename to activities`.execute(db);
      } else {
        await sql`alter table activities drop constraint activities_action_check`.execute(db);
        await sql`alter table activities add constraint activities_action_check check (${ACTIONS})`.execute(db);
        await db.schema
          .alterTable('activities')
          .addColumn('album_id', 'text', (c) => c.references('albums.id').onDelete('cascade'))
          .execute();
        await db.schema.alterTable('activities').addColumn('day', 'text').execute();
        await db.schema.dropIndex('activities_user_created_idx').execute();
      }
      // Reviews recorded before: their album is the review's.
      await sql`update activities set album_id = (select p.album_id from posts p where p.id = activities.target_id)
        where action = 'new_review'`.execute(db);

      // With the action and target, a feed learns which of a person's entries it shows (a list's
      // must be public) from the index alone.
      await db.schema
        .createIndex('activities_user_created_idx')
        .on('activities')
        .columns(['user_id', 'created_at', 'id', 'action', 'target_id'])
        .execute();
      await db.schema.createIndex('activities_created_idx').on('activities').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('activities_target_idx').on('activities').column('target_id').execute();
      // One rated_album entry per person, album and day; other actions leave `day` null, which
      // never collides on either dialect.
      await db.schema
        .createIndex('activities_daily_idx')
        .on('activities')
        .columns(['user_id', 'action', 'target_id', 'day'])
        .unique()
        .execute();
    },
  };
}
