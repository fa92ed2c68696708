import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Catalogue depth:
 * - albums: primary type (album, ep, single, live, compilation), MusicBrainz release-group id,
 *   track count and runtime (kept with the tracks by catalog-writes.repository.ts);
 * - artists and tracks: MusicBrainz ids when known;
 * - genres, several per album (`album_genres`, position 0 is the main one, the old `albums.genre`);
 * - album_stats counts listeners: people with an album rating (ADR 21: the one they chose, else
 *   their songs' mean), and the sum of those ratings in tenths. Charts rank albums by listeners,
 *   not by song ratings, so ten songs rated by one person weigh as one voice.
 */
/** packages/shared's genreSlug as it was when this migration shipped: a migration never changes. */
function genreSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function catalogDepthMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('albums')
        .addColumn('primary_type', 'text', (c) => c.notNull().defaultTo('album'))
        .execute();
      await db.schema.alterTable('albums').addColumn('mbid', 'text').execute();
      await db.schema
        .alterTable('albums')
        .addColumn('track_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('albums').addColumn('runtime_ms', 'integer').execute();
      await db.schema.alterTable('artists').addColumn('mbid', 'text').execute();
      await db.schema.alterTable('tracks').addColumn('mbid', 'text').execute();
      await db.schema.createIndex('albums_mbid_idx').on('albums').column('mbid').execute();

      await sql`update albums set
        track_count = (select count(*) from tracks where tracks.album_id = albums.id),
        runtime_ms = (select sum(duration_ms) from tracks where tracks.album_id = albums.id)`.execute(db);

      await db.schema
        .createTable('genres')
        .addColumn('slug', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('album_genres')
        .addColumn('album_id', 'text', (c) => c.notNull().references('albums.id').onDelete('cascade'))
        .addColumn('genre_slug', 'text', (c) => c.notNull().references('genres.slug'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('album_genres_pk', ['album_id', 'genre_slug'])
        .execute();
      await db.schema
        .createIndex('album_genres_genre_idx')
        .on('album_genres')
        .columns(['genre_slug', 'album_id'])
        .execute();
      // The existing main genres: a handful of distinct names, each copied over in one statement.
      const names = await sql<{ genre: string }>`select distinct genre from albums where genre is not null`.execute(db);
      for (const { genre } of names.rows) {
        const slug = genreSlug(genre);
        if (!slug) continue;
        await sql`insert into genres (slug, name) values (${slug}, ${genre.trim().toLowerCase()})
          on conflict (slug) do nothing`.execute(db);
        await sql`insert into album_genres (album_id, genre_slug, position)
          select id, ${slug}, 0 from albums where genre = ${genre}
          on conflict do nothing`.execute(db);
      }

      await db.schema
        .alterTable('album_stats')
        .addColumn('listeners', 'integer', (c) => c.notNull().defaultTo(0).check(sql`listeners >= 0`))
        .execute();
      await db.schema
        .alterTable('album_stats')
        .addColumn('listener_tenths', 'integer', (c) => c.notNull().defaultTo(0).check(sql`listener_tenths >= 0`))
        .execute();
      // Every album rating as it counts (ADR 21): the chosen one, else the songs' mean.
      const effective = sql`(
        select r.user_id, r.album_id, coalesce(c.rating_tenths, r.rating_tenths) as tenths
          from album_ratings r
          left join chosen_album_ratings c on c.user_id = r.user_id and c.album_id = r.album_id
        union all
        select c.user_id, c.album_id, c.rating_tenths as tenths
          from chosen_album_ratings c
          where not exists (select 1 from album_ratings r where r.user_id = c.user_id and r.album_id = c.album_id)
      )`;
      await sql`insert into album_stats (album_id, ratings_count, ratings_sum)
        select distinct e.album_id, 0, 0 from ${effective} e
        where not exists (select 1 from album_stats s where s.album_id = e.album_id)`.execute(db);
      await sql`update album_stats set
        listeners = (select count(*) from ${effective} e where e.album_id = album_stats.album_id),
        listener_tenths = (select coalesce(sum(e.tenths), 0) from ${effective} e where e.album_id = album_stats.album_id)`.execute(
        db,
      );
      await db.schema
        .createIndex('album_stats_listeners_idx')
        .on('album_stats')
        .columns(['listeners', 'album_id'])
        .execute();
      await db.schema
        .createIndex('track_stats_count_idx')
        .on('track_stats')
        .columns(['ratings_count', 'track_id'])
        .execute();
    },
  };
}
