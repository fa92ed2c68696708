import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Matching the catalogue to MusicBrainz (ADR 31): `albums.mb_checked_at` is when an
 * album was last looked up there, null while it never was. With `mbid` it tells the three states
 * apart: not tried (null), matched (an mbid), tried without a confident match (no mbid), so a
 * second run, or the next start, asks MusicBrainz nothing about albums already done. The index
 * finds the albums still to do by source, most popular first, without reading the whole catalogue.
 * `job_leases` lets one instance at a time run such a job (several share one database and one
 * MusicBrainz rate): a holder and when its claim lapses unless renewed.
 */
export function musicbrainzMatchMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('albums').addColumn('mb_checked_at', 'text').execute();
      await db.schema
        .createIndex('albums_mb_pending_idx')
        .on('albums')
        .columns(['source', 'mb_checked_at', 'popularity desc', 'id'])
        .execute();
      await db.schema
        .createTable('job_leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
