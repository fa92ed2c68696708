import { type Kysely, sql } from 'kysely';

/**
 * Who liner is on the fediverse (ADR 52, ADR 53):
 * - actor_keys: each actor's signing keys, an RSA key (Mastodon reads the first) and an Ed25519 key
 *   (integrity proofs), as JWK; `actor` is a member's user id, or 'instance' for the instance
 *   actor, which has no user row (so `user_id` is its own nullable column, for the cascade).
 * - remote_actors: a person on another server. They are a member here without a way to sign in
 *   (a user row with a profile named `handle@host`), so following, blocking, likes and comments
 *   work for them as for anyone; this row says where they live.
 * - remote_follows: the id of the Follow activity behind a follow or a follow request that crossed
 *   servers, which an Accept or a Reject must name.
 */
export function federationActorsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('actor_keys')
        .addColumn('actor', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('user.id').onDelete('cascade'))
        .addColumn('algorithm', 'text', (c) => c.notNull().check(sql`algorithm in ('RSASSA-PKCS1-v1_5', 'Ed25519')`))
        .addColumn('public_jwk', 'text', (c) => c.notNull())
        .addColumn('private_jwk', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('actor_keys_pk', ['actor', 'algorithm'])
        .addCheckConstraint('actor_keys_owner', sql`user_id = actor or (user_id is null and actor = 'instance')`)
        .execute();

      await db.schema
        .createTable('remote_actors')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
        .addColumn('uri', 'text', (c) => c.notNull().unique())
        .addColumn('handle', 'text', (c) => c.notNull())
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('inbox_uri', 'text', (c) => c.notNull())
        .addColumn('shared_inbox_uri', 'text')
        .addColumn('followers_uri', 'text')
        .addColumn('profile_url', 'text')
        .addColumn('fetched_at', 'text', (c) => c.notNull())
        .execute();
      // A domain's people, for blocking or silencing a whole server.
      await db.schema.createIndex('remote_actors_host_idx').on('remote_actors').column('host').execute();

      await db.schema
        .createTable('remote_follows')
        .addColumn('follower_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('following_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('activity_uri', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('remote_follows_pk', ['follower_id', 'following_id'])
        .execute();
      await db.schema.createIndex('remote_follows_following_idx').on('remote_follows').column('following_id').execute();
    },
  };
}
