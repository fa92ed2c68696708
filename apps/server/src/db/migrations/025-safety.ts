import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

const AUDIENCE = (column: string) => sql`${sql.ref(column)} in ('public', 'followers', 'private')`;
const KINDS = sql`kind in ('followed', 'liked', 'commented', 'follow_requested', 'follow_accepted', 'report_handled')`;

/**
 * A community that can protect itself (ADR 41). Who blocked or muted whom; follow requests to a
 * locked profile; who may read each review, note and list (its audience: everyone, the owner's
 * followers, or the owner alone), and the audience a member's new posts start with.
 *
 * A list keeps `visibility` (public or unlisted: whether it is listed in public places) and gains
 * `audience` beside it, so a followers-only list can still be listed to those followers.
 *
 * The bell learns three kinds: a follow request, its approval, and "your report was handled", which
 * has no actor (the moderator stays anonymous). SQLite cannot change a check constraint, so there
 * the notifications table is rebuilt with its rows (nothing references it); PostgreSQL swaps the
 * constraints.
 */
export function safetyMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('blocks')
        .addColumn('blocker_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('blocked_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
        .addCheckConstraint('blocks_not_self', sql`blocker_id <> blocked_id`)
        .execute();
      // "Has either of us blocked the other" is asked from both ends.
      await db.schema.createIndex('blocks_blocked_idx').on('blocks').columns(['blocked_id', 'blocker_id']).execute();

      await db.schema
        .createTable('mutes')
        .addColumn('muter_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('muted_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('mutes_pk', ['muter_id', 'muted_id'])
        .addCheckConstraint('mutes_not_self', sql`muter_id <> muted_id`)
        .execute();
      await db.schema.createIndex('mutes_muted_idx').on('mutes').column('muted_id').execute();

      await db.schema
        .createTable('follow_requests')
        .addColumn('requester_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('target_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('follow_requests_pk', ['requester_id', 'target_id'])
        .addCheckConstraint('follow_requests_not_self', sql`requester_id <> target_id`)
        .execute();
      // The owner's requests page, oldest first.
      await db.schema
        .createIndex('follow_requests_target_idx')
        .on('follow_requests')
        .columns(['target_id', 'created_at', 'requester_id'])
        .execute();

      await db.schema
        .alterTable('profiles')
        .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0).check(sql`locked in (0, 1)`))
        .execute();
      await db.schema
        .alterTable('profiles')
        .addColumn('default_audience', 'text', (c) =>
          c.notNull().defaultTo('public').check(AUDIENCE('default_audience')),
        )
        .execute();
      await db.schema
        .alterTable('posts')
        .addColumn('audience', 'text', (c) => c.notNull().defaultTo('public').check(AUDIENCE('audience')))
        .execute();
      await db.schema
        .alterTable('lists')
        .addColumn('audience', 'text', (c) => c.notNull().defaultTo('public').check(AUDIENCE('audience')))
        .execute();

      if (dialect === 'sqlite') {
        await db.schema
          .createTable('notifications_next')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
          .addColumn('actor_id', 'text', (c) => c.references('user.id').onDelete('cascade'))
          .addColumn('kind', 'text', (c) => c.notNull().check(KINDS))
          .addColumn('subject_type', 'text', (c) =>
            c.check(sql`subject_type is null or subject_type in ('post', 'list', 'report')`),
          )
          .addColumn('subject_id', 'text')
          .addColumn('comment_id', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('read_at', 'text')
          .addCheckConstraint('notifications_not_self', sql`actor_id is null or user_id <> actor_id`)
          .execute();
        await sql`insert into notifications_next
          select id, user_id, actor_id, kind, subject_type, subject_id, comment_id, created_at, read_at from notifications`.execute(
          db,
        );
        await db.schema.dropTable('notifications').execute();
        await sql`alter table notifications_next rename to notifications`.execute(db);
        await db.schema
          .createIndex('notifications_user_created_idx')
          .on('notifications')
          .columns(['user_id', 'created_at', 'id'])
          .execute();
        await db.schema
          .createIndex('notifications_user_read_idx')
          .on('notifications')
          .columns(['user_id', 'read_at'])
          .execute();
        await db.schema
          .createIndex('notifications_subject_idx')
          .on('notifications')
          .columns(['subject_type', 'subject_id'])
          .execute();
        await db.schema.createIndex('notifications_actor_idx').on('notifications').column('actor_id').execute();
      } else {
        await sql`alter table notifications alter column actor_id drop not null`.execute(db);
        await sql`alter table notifications drop constraint notifications_kind_check`.execute(db);
        await sql`alter table notifications add constraint notifications_kind_check check (${KINDS})`.execute(db);
        await sql`alter table notifications drop constraint notifications_subject_type_check`.execute(db);
        await sql`alter table notifications add constraint notifications_subject_type_check
          check (subject_type is null or subject_type in ('post', 'list', 'report'))`.execute(db);
      }
    },
  };
}
