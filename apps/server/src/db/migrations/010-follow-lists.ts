import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Lists of a person's followers and of whom they follow, newest first, read page by page from an
 * index each: (follower, time, followed) and (followed, time, follower). The second replaces the
 * single-column index on following_id.
 */
export function followListsMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('follows_follower_created_idx')
        .on('follows')
        .columns(['follower_id', 'created_at', 'following_id'])
        .execute();
      await db.schema
        .createIndex('follows_following_created_idx')
        .on('follows')
        .columns(['following_id', 'created_at', 'follower_id'])
        .execute();
      await db.schema.dropIndex('follows_following_idx').execute();
    },
  };
}
