import { type Kysely, sql } from 'kysely';

/**
 * Boosts (ActivityPub's Announce): someone of another server shared a member's note or review with
 * their followers. One per person and post; the post counts them (its module is the only writer,
 * as of its likes and comments).
 */
export function boostsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table posts add column boosts_count integer not null default 0`.execute(db);
      await db.schema
        .createTable('boosts')
        .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('boosts_pk', ['user_id', 'post_id'])
        .execute();
      await db.schema.createIndex('boosts_post_idx').on('boosts').column('post_id').execute();
    },
  };
}
