import { getMigrations } from 'better-auth/db/migration';
import type { FastifyInstance } from 'fastify';
import { type Kysely, Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { authTableOptions } from '../../auth/auth.ts';
import { type AppConfig, loadConfig } from '../../config/env.ts';
import { displayNameKey } from '../../lib/display-name-key.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { searchAlbums, searchTracks } from '../../modules/music-search/music-search.repository.ts';
import { withAdminClient } from '../../test/template-database.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { type DatabaseHandle, type Dialect, openDatabase } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { allMigrations } from './index.ts';

/**
 * Upgrade safety: every released schema upgrades to the latest with its data intact.
 * A database is migrated one step at a time, taking at each step the data that step's schema
 * allows, up to each prefix of the migration list in turn; then the app's own start-up migration
 * brings it to the latest, every row is still there, and the app starts and serves it.
 */

const names = Object.keys(allMigrations({ dialect: 'sqlite' }));
const silentMailer: Mailer = { async send() {} };
const T0 = '2024-01-02T03:04:05.000Z';

type Row = Record<string, unknown>;
type Inject = FastifyInstance['inject'];

interface Seed {
  /** Rows this step's schema allows, inserted right after it ran. */
  rows?: (dialect: Dialect) => Record<string, Row[]>;
  /** What the app must serve from them at the latest schema. */
  read?: (inject: Inject) => Promise<void>;
}

const ALBUM = 'upgrade-album';
const TRACKS = ['upgrade-track-1', 'upgrade-track-2'];
const ANA = 'upgrade-user-ana';
const BEA = 'upgrade-user-bea';

const get = async (inject: Inject, url: string) => {
  const res = await inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};

/** Better Auth's users: its tables exist before ours (db/migrate.ts). */
function users(dialect: Dialect): Row[] {
  const at = dialect === 'sqlite' ? T0 : new Date(T0);
  return [ANA, BEA].map((id) => ({
    id,
    name: id,
    email: `${id}@example.com`,
    emailVerified: dialect === 'sqlite' ? 1 : true,
    image: null,
    role: 'user',
    createdAt: at,
    updatedAt: at,
  }));
}

/**
 * Every migration says what data it must carry across upgrades, or why it adds none. A new
 * migration without an entry fails the test below: add its rows and reads here.
 */
const SEEDS: Record<string, Seed> = {
  '001-catalog': {
    rows: () => ({
      artists: [{ id: 'upgrade-artist', name: 'Upgrade Artist', sort_name: 'Artist, Upgrade' }],
      albums: [
        {
          id: ALBUM,
          title: 'Kept Across Upgrades',
          artist_id: 'upgrade-artist',
          artist_name: 'Upgrade Artist',
          release_date: '1999-05-01',
          genre: 'Jazz',
          cover_url: null,
          source: 'musicbrainz',
          external_id: 'mbid-upgrade',
          popularity: 7,
          created_at: T0,
        },
      ],
      tracks: TRACKS.map((id, i) => ({
        id,
        album_id: ALBUM,
        position: i + 1,
        title: `Song ${i + 1}`,
        duration_ms: 180_000,
      })),
    }),
    async read(inject) {
      const album = await get(inject, `/api/music/albums/${ALBUM}`);
      expect(album).toMatchObject({ name: 'Kept Across Upgrades', artistName: 'Upgrade Artist', genre: 'Jazz' });
      expect(album.tracks.map((t: { name: string }) => t.name)).toEqual(['Song 1', 'Song 2']);
    },
  },
  '002-profiles': {
    rows: () => ({
      profiles: [
        { user_id: ANA, display_name: 'Ana_Upgrade', bio: 'still here', follower_count: 0, following_count: 0 },
        { user_id: BEA, display_name: 'Bea_Upgrade', bio: '', follower_count: 0, following_count: 0 },
      ].map((p) => ({ ...p, display_name_key: displayNameKey(p.display_name), setup_complete: 1, created_at: T0 })),
    }),
    async read(inject) {
      expect(await get(inject, '/api/profiles/Ana_Upgrade')).toMatchObject({
        displayName: 'Ana_Upgrade',
        bio: 'still here',
      });
    },
  },
  '003-catalog-search-stats': {
    // Totals that match the ratings of 006, which they count (none yet).
    rows: () => ({
      album_stats: [{ album_id: ALBUM, ratings_count: 0, ratings_sum: 0 }],
      track_stats: TRACKS.map((track_id) => ({ track_id, album_id: ALBUM, ratings_count: 0, ratings_sum: 0 })),
    }),
  },
  '004-social': {
    rows: () => ({
      posts: [
        {
          id: 'upgrade-note',
          user_id: ANA,
          type: 'note',
          title: 'A note from before',
          content: 'written on an old schema',
          album_id: null,
          rating_tenths: null,
          likes_count: 0,
          comments_count: 0,
          created_at: T0,
          updated_at: T0,
        },
      ],
      follows: [{ follower_id: BEA, following_id: ANA, created_at: T0 }],
      activities: [
        { id: 'upgrade-activity', user_id: BEA, action: 'followed_user', target_id: ANA, data: '{}', created_at: T0 },
      ],
    }),
    async read(inject) {
      const posts = await get(inject, `/api/users/${ANA}/posts`);
      expect(JSON.stringify(posts)).toContain('A note from before');
    },
  },
  '005-featured-playlists': {
    rows: () => ({
      featured_playlists: [
        {
          id: '37i9dQZF1DXcBWIGoYBM5M',
          url: 'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M',
          title: 'Upgraded Hits',
          description: null,
          type: 'playlist',
          is_active: 1,
          image_url: null,
          position: 0,
          created_at: T0,
        },
      ],
    }),
    async read(inject) {
      expect(JSON.stringify(await get(inject, '/api/featured-playlists'))).toContain('Upgraded Hits');
    },
  },
  '006-library': {
    rows: () => ({
      track_ratings: [
        { user_id: ANA, track_id: TRACKS[0], album_id: ALBUM, rating: 8, updated_at: T0 },
        { user_id: ANA, track_id: TRACKS[1], album_id: ALBUM, rating: 6, updated_at: T0 },
      ],
      album_ratings: [{ user_id: ANA, album_id: ALBUM, rating_tenths: 35, updated_at: T0 }],
      // Edited away from the songs' mean: migration 009 keeps it as a chosen rating.
      collection_entries: [{ user_id: ANA, album_id: ALBUM, rating_tenths: 40, review_post_id: null, date_added: T0 }],
      rate_later: [{ user_id: BEA, album_id: ALBUM, added_at: T0 }],
    }),
    async read(inject) {
      const album = await get(inject, `/api/music/albums/${ALBUM}`);
      expect(album.community).toEqual({ ratingsCount: 2, average: 3.5 });
      const collection = await get(inject, `/api/users/${ANA}/collection`);
      expect(JSON.stringify(collection)).toContain(ALBUM);
      expect(JSON.stringify(await get(inject, `/api/users/${BEA}/ratelater`))).toContain(ALBUM);
    },
  },
  '007-display-name-skeleton': {},
  '008-rate-limits': {},
  '009-chosen-album-ratings': {
    rows: () => ({ chosen_album_ratings: [{ user_id: BEA, album_id: ALBUM, rating_tenths: 25, updated_at: T0 }] }),
  },
  '010-follow-lists': {},
  '011-track-popularity': {},
  '012-community': {
    rows: () => ({
      instance_settings: [{ key: 'registration', value: 'invite', updated_at: T0, updated_by: ANA }],
      invites: [
        {
          code: 'upgrade-invite',
          created_by: ANA,
          created_at: T0,
          expires_at: '2999-01-01T00:00:00.000Z',
          used_at: null,
          used_by: null,
        },
      ],
    }),
    async read(inject) {
      expect(await get(inject, '/api/registration')).toEqual({ mode: 'invite' });
    },
  },
  // No rows of its own: it derives them from the ones above.
  '013-catalog-depth': {
    async read(inject) {
      const album = await get(inject, `/api/music/albums/${ALBUM}`);
      // The main genre became the album's first genre; the tracks gave its count and runtime.
      expect(album).toMatchObject({
        type: 'album',
        genres: [{ slug: 'jazz', name: 'jazz' }],
        trackCount: 2,
        runtimeMs: 360_000,
        artistId: 'upgrade-artist',
      });
      // Ana's rating kept as chosen by 009 (4.0, over her songs' 3.5) and Bea's chosen 2.5 (no
      // songs): two listeners, 6.5 / 2 = 3.25, shown as 3.3.
      expect(album.listeners).toEqual({ count: 2, average: 3.3 });
    },
  },
  // A column, null on every album already here: each is still to be looked up (ADR 31).
  '014-musicbrainz-match': {},
  // Indexes only: the histogram reads the ratings 009 kept (Ana's chosen 4.0, Bea's chosen 2.5).
  '015-album-rating-lookups': {
    async read(inject) {
      const community = await get(inject, `/api/albums/${ALBUM}/community`);
      expect(community.histogram).toEqual([0, 0, 0, 0, 1, 0, 0, 1, 0, 0]);
    },
  },
  // Bea liked and commented on Ana's note of 004 (its counters follow, keepCountersTrue).
  '016-likes-comments': {
    rows: () => ({
      likes: [{ user_id: BEA, subject_type: 'post', subject_id: 'upgrade-note', created_at: T0 }],
      comments: [
        {
          id: 'upgrade-comment',
          subject_type: 'post',
          subject_id: 'upgrade-note',
          user_id: BEA,
          content: 'a comment from before',
          created_at: T0,
          updated_at: T0,
        },
      ],
    }),
    async read(inject) {
      const comments = await get(inject, '/api/posts/upgrade-note/comments');
      expect(comments).toMatchObject({
        commentsCount: 1,
        comments: [{ id: 'upgrade-comment', author: { userId: BEA } }],
      });
      const likes = await get(inject, `/api/users/${BEA}/likes`);
      expect(likes.items).toMatchObject([{ subjectType: 'post', post: { id: 'upgrade-note', likesCount: 1 } }]);
    },
  },
  '017-notifications': {
    rows: () => ({
      notifications: [
        {
          id: 'upgrade-notification',
          user_id: ANA,
          actor_id: BEA,
          kind: 'liked',
          subject_type: 'post',
          subject_id: 'upgrade-note',
          comment_id: null,
          created_at: T0,
          read_at: null,
        },
      ],
    }),
  },

  // feed, beside an album rating the new check allows.
  '018-activity-feed': {
    rows: () => ({
      activities: [
        {
          id: 'upgrade-rated',
          user_id: ANA,
          action: 'rated_album',
          target_id: ALBUM,
          album_id: ALBUM,
          day: '2024-01-03',
          data: '{"rating":4}',
          created_at: '2024-01-03T00:00:00.000Z',
        },
      ],
    }),
    async read(inject) {
      const recent = await get(inject, '/api/activity/recent');
      expect(recent.entries).toMatchObject([
        { id: 'upgrade-rated', action: 'rated_album', album: { id: ALBUM, title: 'Kept Across Upgrades', rating: 4 } },
        { id: 'upgrade-activity', action: 'followed_user', user: { userId: ANA, displayName: 'Ana_Upgrade' } },
      ]);
    },
  },
  '019-lists': {
    rows: () => ({
      lists: [
        {
          id: 'upgrade-list',
          user_id: ANA,
          title: 'Kept lists',
          description: '',
          kind: 'song',
          ranked: 1,
          visibility: 'public',
          entries_count: 1,
          created_at: T0,
          updated_at: T0,
        },
      ],
      list_entries: [
        {
          list_id: 'upgrade-list',
          item_id: TRACKS[0],
          album_id: ALBUM,
          track_id: TRACKS[0],
          position: 1,
          note: 'best one',
          added_at: T0,
        },
      ],
    }),
    async read(inject) {
      const list = await get(inject, '/api/lists/upgrade-list');
      expect(list).toMatchObject({ title: 'Kept lists', ranked: true, entriesCount: 1, likesCount: 0 });
      expect(list.entries).toMatchObject([{ itemId: TRACKS[0], position: 1, note: 'best one', album: { id: ALBUM } }]);
    },
  },
  '020-listens': {
    rows: () => ({
      listens: [
        {
          id: 'upgrade-listen',
          user_id: ANA,
          album_id: ALBUM,
          listened_on: '2024-01-01',
          relisten: 1,
          created_at: T0,
        },
      ],
    }),
    async read(inject) {
      const diary = await get(inject, `/api/users/${ANA}/diary`);
      expect(diary.entries).toMatchObject([
        { id: 'upgrade-listen', listenedOn: '2024-01-01', relisten: true, album: { id: ALBUM } },
      ]);
    },
  },
  // Ana's shelf of one; her stats count the ratings kept above (her chosen 4.0 over two songs).
  '021-favourite-albums': {
    rows: () => ({ favourite_albums: [{ user_id: ANA, album_id: ALBUM, position: 1, created_at: T0 }] }),
    async read(inject) {
      const shelf = await get(inject, `/api/users/${ANA}/favourites`);
      expect(shelf.albums.map((album: { id: string }) => album.id)).toEqual([ALBUM]);
      const stats = await get(inject, `/api/users/${ANA}/stats`);
      expect(stats).toMatchObject({ albumsRated: 1, songsRated: 2, averageRating: 4 });
      expect(stats.distribution).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 0, 0]);
    },
  },
  // An import with one row of each status. Imports are their owner's alone (no anonymous read
  // serves them); what they wrote is read through 009–021's reads above.
  '022-imports': {
    rows: () => ({
      import_jobs: [
        {
          id: 'upgrade-import',
          user_id: ANA,
          source: 'rym',
          file_name: 'rym.csv',
          status: 'done',
          total_rows: 2,
          done_rows: 2,
          matched: 1,
          unmatched: 1,
          skipped: 0,
          errors: 0,
          message: null,
          lease_holder: null,
          lease_until: null,
          created_at: T0,
          finished_at: T0,
        },
      ],
      import_rows: [
        {
          job_id: 'upgrade-import',
          row_no: 1,
          line: 2,
          status: 'imported',
          artist: 'Upgrade Artist',
          title: 'Kept Across Upgrades',
          year: 1999,
          data: '{}',
          album_id: ALBUM,
          message: null,
          candidates: null,
        },
        {
          job_id: 'upgrade-import',
          row_no: 2,
          line: 3,
          status: 'unmatched',
          artist: 'Nobody',
          title: 'Nothing',
          year: null,
          data: '{}',
          album_id: null,
          message: 'No album',
          candidates: JSON.stringify([ALBUM]),
        },
      ],
    }),
  },
  // The songs of 020's listen, as an import of scrobbles writes them; the diary lists them in
  // track-list order.
  '023-listen-songs': {
    rows: () => ({
      listen_songs: [
        { listen_id: 'upgrade-listen', track_id: TRACKS[1] },
        { listen_id: 'upgrade-listen', track_id: TRACKS[0] },
      ],
    }),
    async read(inject) {
      const diary = await get(inject, `/api/users/${ANA}/diary`);
      expect(diary.entries[0].songs.map((song: { id: string }) => song.id)).toEqual(TRACKS);
    },
  },
  // Two counted columns with a default: 022's stored import takes them, and nothing new is seeded.
  '024-import-listen-counts': {},
  // Posts, lists and profiles made before it stay public and unlocked: a visitor still reads them.
  // (The notifications table rebuilt on SQLite keeps 017's row: every seeded row is compared below.)
  '025-safety': {
    async read(inject) {
      expect((await get(inject, '/api/posts/upgrade-note')).id).toBe('upgrade-note');
      expect((await get(inject, '/api/lists/upgrade-list')).id).toBe('upgrade-list');
      expect((await get(inject, `/api/users/${ANA}/posts`)).posts.length).toBeGreaterThan(0);
    },
  },
  // An open report and an audit entry: both kept as they are by every later upgrade.
  '026-moderation': {
    rows: () => ({
      reports: [
        {
          id: 'upgrade-report',
          reporter_id: BEA,
          subject_type: 'post',
          subject_id: 'upgrade-note',
          owner_id: ANA,
          reason: 'spam',
          text: 'Kept across upgrades',
          status: 'open',
          resolution: null,
          created_at: T0,
          resolved_at: null,
        },
      ],
      audit_log: [
        {
          id: 'upgrade-audit',
          actor_id: ANA,
          actor_name: 'ana',
          action: 'change_registration',
          subject_type: null,
          subject_id: null,
          subject_label: null,
          note: 'Kept across upgrades',
          detail: 'Registration: open',
          created_at: T0,
        },
      ],
    }),
  },
  // Search tables derived from what the catalogue's writes stored beside the rows; the tests below
  // upgrade such a catalogue (the rows above go in raw, without search entries).
  '027-search-early-stop': {},
  '028-postgres-word-search': {},
  // Fedify's store and queue start empty.
  '029-fedify-store': {},
  // No member has keys until an actor of theirs is first asked for; no remote person exists yet.
  '030-federation-actors': {},
  // Nothing has been told to other servers before federation is first turned on.
  '031-federation-outbox': {},
  // No person of another server has commented before federation is first turned on.
  '032-remote-objects': {},
  // Posts made before it were boosted by nobody.
  '033-boosts': {
    async read(inject) {
      expect((await get(inject, '/api/posts/upgrade-note')).boostsCount).toBe(0);
    },
  },
  // No server is blocked before an admin blocks one.
  '034-blocked-domains': {},
  // People of other servers had no pictures here before it.
  '035-remote-pictures': {},
  // Blocks made before it were blocks; nobody was silenced.
  '036-silenced-servers-and-people': {},
  // Members before it see every score, as they did.
  '037-spoiler-free-scores': {
    async read(inject) {
      expect((await get(inject, `/api/albums/${ALBUM}/community`)).scoresHidden).toBe(false);
    },
  },
};

/** Rows whose counters follow the rows of 004 and 006, set as the services would have. */
async function keepCountersTrue(db: Kysely<unknown>, applied: string[]): Promise<void> {
  if (applied.includes('004-social')) {
    await sql`update profiles set follower_count = 1 where user_id = ${ANA}`.execute(db);
    await sql`update profiles set following_count = 1 where user_id = ${BEA}`.execute(db);
  }
  if (applied.includes('016-likes-comments')) {
    await sql`update posts set likes_count = 1, comments_count = 1 where id = 'upgrade-note'`.execute(db);
  }
  if (applied.includes('006-library')) {
    await sql`update album_stats set ratings_count = 2, ratings_sum = 14 where album_id = ${ALBUM}`.execute(db);
    await sql`update track_stats set ratings_count = 1, ratings_sum = 8 where track_id = ${TRACKS[0]}`.execute(db);
    await sql`update track_stats set ratings_count = 1, ratings_sum = 6 where track_id = ${TRACKS[1]}`.execute(db);
  }
}

/** One album with its artist and two tracks, with the search_text the catalogue's writes give them. */
async function insertSearchableAlbum(db: Kysely<unknown>): Promise<void> {
  await insert(db, 'artists', [
    { id: 'a1', name: 'Upgrade Artist', sort_name: 'Upgrade Artist', search_text: ' upgrade artist' },
  ]);
  const album = { id: ALBUM, title: 'Velveteen Morning', artist_id: 'a1', artist_name: 'Upgrade Artist' };
  await insert(db, 'albums', [
    {
      ...album,
      release_date: '1999',
      genre: 'jazz',
      source: 'seed',
      external_id: ALBUM,
      popularity: 7,
      created_at: T0,
      search_text: ' velveteen morning | upgrade artist | first light | second light',
    },
  ]);
  await insert(
    db,
    'tracks',
    ['first light', 'second light'].map((title, i) => ({
      id: TRACKS[i],
      album_id: ALBUM,
      position: i + 1,
      title,
      duration_ms: 1000,
      popularity: 7,
      search_text: ` ${title} | upgrade artist`,
    })),
  );
}

async function insert(db: Kysely<unknown>, table: string, rows: Row[]): Promise<void> {
  for (const row of rows) {
    const columns = Object.keys(row);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
      values (${sql.join(columns.map((c) => row[c]))})`.execute(db);
  }
}

const selectAll = async (db: Kysely<unknown>, table: string) =>
  (await sql<Row>`select * from ${sql.table(table)}`.execute(db)).rows;

function configFor(dataDir: string) {
  return loadConfig({
    DATA_DIR: dataDir,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    MUSICBRAINZ: 'off',
    WEB_DIST_DIR: `${dataDir}/no-web-build`,
  });
}

/** A database with Better Auth's tables and none of ours, and a migrator over our list. */
async function emptyDatabase(): Promise<{
  database: TestDatabase;
  migrator: Migrator;
  config: AppConfig;
}> {
  const database = await createTestDatabase({ empty: true });
  const { handle } = database;
  const config = configFor(database.dataDir);
  await (await getMigrations(authTableOptions(config, handle))).runMigrations();
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => allMigrations({ dialect: handle.dialect }) },
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  return { database, migrator, config };
}

async function step(migrator: Migrator, name: string): Promise<void> {
  const { error, results } = await migrator.migrateTo(name);
  if (error) throw error;
  expect(results?.map((r) => [r.migrationName, r.status])).toEqual([[name, 'Success']]);
}

const appliedNames = async (handle: DatabaseHandle) =>
  (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(handle.db)).rows.map(
    (r) => r.name,
  );

describe('migrations', () => {
  it('are named NNN-words, numbered from 001 without gaps, and listed in the order they run', () => {
    for (const name of names) expect(name).toMatch(/^\d{3}-[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(names.map((name) => Number(name.slice(0, 3)))).toEqual(names.map((_, i) => i + 1));
    // Kysely runs them by name: the list's order must be that order.
    expect([...names].sort()).toEqual(names);
    expect(Object.keys(SEEDS)).toEqual(names);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'run by three instances starting at once on an empty PostgreSQL schema: they take turns, each migration runs once',
    async () => {
      const database = await createTestDatabase({ empty: true });
      const handles = [database.handle, database.openAnother(), database.openAnother()];
      try {
        const config = configFor(database.dataDir);
        const applied = await Promise.all(handles.map((handle) => migrateToLatest(handle, config)));
        expect(applied.flat().sort()).toEqual(names);
        expect(await appliedNames(database.handle)).toEqual(names);
      } finally {
        for (const handle of handles.slice(1)) await handle.close();
        await database.dispose();
      }
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'run at start-up while another schema of the same database drops and recreates a view: only our schema is read',
    async () => {
      const database = await createTestDatabase({ empty: true });
      // Another schema of the same database (each test file has a database of its own).
      const neighbourSchema = `neighbour_${Date.now()}`;
      await withAdminClient(database.url as string, (client) => client.query(`create schema ${neighbourSchema}`));
      const churn = openDatabase({ dialect: 'postgres', url: database.url as string, schema: neighbourSchema });
      let churning = true;
      const churned = (async () => {
        // What another deployment's migrations (or another test file's) do to their own schema.
        let rounds = 0;
        while (churning || rounds === 0) {
          await churn.db.transaction().execute(async (trx) => {
            await sql`drop view if exists churned_view`.execute(trx);
            await sql`create view churned_view as select 1 as one`.execute(trx);
          });
          rounds += 1;
        }
        return rounds;
      })();
      try {
        const config = configFor(database.dataDir);
        const { handle } = database;
        const startUp = () => migrateToLatest(handle, config);
        expect(await startUp()).toEqual(names);
        // Several more start-ups, each asking Kysely whether its bookkeeping tables exist.
        for (let i = 0; i < 5; i++) expect(await startUp()).toEqual([]);
        const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
        expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([handle.schema]));
        expect(tables.map((table) => table.name)).toEqual(
          expect.arrayContaining(['kysely_migration', 'albums', 'user']),
        );
      } finally {
        churning = false;
        expect(await churned).toBeGreaterThan(0);
        await churn.close();
        await database.dispose();
      }
    },
  );

  it.skipIf(process.env.TEST_DATABASE_URL)(
    'SQLite: 027 gives a catalogue stored before it its word list and title indexes, and search uses them',
    async () => {
      const { database, migrator, config } = await emptyDatabase();
      const { handle } = database;
      const db = handle.db as Kysely<unknown>;
      try {
        const { error } = await migrator.migrateTo('026-moderation');
        if (error) throw error;
        // What catalog-writes.repository.ts stored for one album at 026 (key 7 × 4096 + position).
        await insertSearchableAlbum(db);
        await insert(db, 'album_search_keys', [{ key: 7, album_id: ALBUM }]);
        await sql`insert into album_fts (rowid, album_id, title, artist, tracks)
          values (7, ${ALBUM}, 'velveteen morning', 'upgrade artist', 'first light second light')`.execute(db);
        await sql`insert into track_fts (rowid, track_id, title, artist)
          values (${7 * 4096 + 1}, ${TRACKS[0]}, 'first light', 'upgrade artist'),
                 (${7 * 4096 + 2}, ${TRACKS[1]}, 'second light', 'upgrade artist')`.execute(db);

        await migrateToLatest(handle, config);
        const terms = (await selectAll(db, 'search_terms')).map((row) => row.term);
        expect(terms.sort()).toEqual(['artist', 'first', 'light', 'morning', 'second', 'upgrade', 'velveteen']);
        const page = { limit: 20, offset: 0 };
        // A long prefix read as the words it stands for; a title match found in the title index.
        const albums = await searchAlbums(handle.db, 'sqlite', 'velvet morn', 'album', page);
        expect(albums.rows.map((row) => row.id)).toEqual([ALBUM]);
        const songs = await searchTracks(handle.db, 'sqlite', 'second ligh', page);
        expect(songs.rows.map((row) => row.id)).toEqual([TRACKS[1]]);
      } finally {
        await database.dispose();
      }
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'PostgreSQL: 028 gives a catalogue stored before it its rows of words and word list, and search uses them',
    async () => {
      const { database, migrator, config } = await emptyDatabase();
      const { handle } = database;
      const db = handle.db as Kysely<unknown>;
      try {
        const { error } = await migrator.migrateTo('027-search-early-stop');
        if (error) throw error;
        await insertSearchableAlbum(db);

        await migrateToLatest(handle, config);
        const terms = (await selectAll(db, 'search_terms')).map((row) => row.term);
        expect(terms.sort()).toEqual(['artist', 'first', 'light', 'morning', 'second', 'upgrade', 'velveteen']);
        const { rows: indexes } = await sql<{ name: string }>`
          select indexname as name from pg_indexes where schemaname = current_schema()
          and (indexname like '%trgm' or indexname = 'tracks_popularity_idx')`.execute(db);
        expect(indexes).toEqual([]);
        const page = { limit: 20, offset: 0 };
        // A title match, an artist, a song by a prefix of its title, a word of another field.
        expect(
          (await searchAlbums(handle.db, 'postgres', 'velvet morn', 'album', page)).rows.map((row) => row.id),
        ).toEqual([ALBUM]);
        expect(
          (await searchAlbums(handle.db, 'postgres', 'upgrade', 'artist', page)).rows.map((row) => row.id),
        ).toEqual([ALBUM]);
        const songs = await searchTracks(handle.db, 'postgres', 'second ligh', page);
        expect(songs.rows.map((row) => row.id)).toEqual([TRACKS[1]]);
        expect(songs.total).toBe(1);
        const byArtist = await searchTracks(handle.db, 'postgres', 'upgrade art', page);
        expect(byArtist.rows.map((row) => row.id).sort()).toEqual([...TRACKS].sort());
      } finally {
        await database.dispose();
      }
    },
  );

  it('apply one by one, in order, on an empty database', async () => {
    const { database, migrator } = await emptyDatabase();
    try {
      for (const name of names) await step(migrator, name);
      expect(await appliedNames(database.handle)).toEqual(names);
    } finally {
      await database.dispose();
    }
  });

  // From no migration of ours (Better Auth's tables only) to the latest.
  const prefixes = names.map((_, i) => names.slice(0, i + 1));
  prefixes.unshift([]);
  it.each(prefixes.map((prefix) => [prefix.at(-1) ?? '(none)', prefix] as const))(
    'a database at %s upgrades to the latest with its data, and the app serves it',
    async (_label, prefix) => {
      const { database, migrator, config } = await emptyDatabase();
      const { handle } = database;
      let app: FastifyInstance | undefined;
      try {
        await insert(handle.db as Kysely<unknown>, 'user', users(handle.dialect));
        const tables = new Set<string>(['user']);
        for (const name of prefix) {
          await step(migrator, name);
          for (const [table, rows] of Object.entries(SEEDS[name]?.rows?.(handle.dialect) ?? {})) {
            await insert(handle.db as Kysely<unknown>, table, rows);
            tables.add(table);
          }
        }
        await keepCountersTrue(handle.db as Kysely<unknown>, prefix);
        const before = new Map<string, Row[]>();
        for (const table of tables) before.set(table, await selectAll(handle.db as Kysely<unknown>, table));

        // As at start-up (app.ts): whatever this schema lacks, in order.
        await migrateToLatest(handle, config);
        expect(await appliedNames(handle)).toEqual(names);
        for (const [table, rows] of before) {
          // Columns added later are new keys; every value the row had is unchanged.
          expect(await selectAll(handle.db as Kysely<unknown>, table), table).toEqual(
            expect.arrayContaining(rows.map((row) => expect.objectContaining(row))),
          );
        }
        if (prefix.includes('001-catalog')) {
          // Migration 011: tracks carry their album's popularity.
          const tracks = await selectAll(handle.db as Kysely<unknown>, 'tracks');
          expect(tracks.filter((t) => t.album_id === ALBUM).map((t) => t.popularity)).toEqual([7, 7]);
        }
        if (prefix.includes('006-library')) {
          // Migration 009: the collection's edited rating became the chosen one.
          const chosen = await selectAll(handle.db as Kysely<unknown>, 'chosen_album_ratings');
          expect(chosen).toContainEqual(expect.objectContaining({ user_id: ANA, album_id: ALBUM, rating_tenths: 40 }));
        }

        app = await buildApp(configFor(database.dataDir), {
          database: handle,
          logger: false,
          mailer: silentMailer,
          strictResponses: true,
        });
        for (const name of prefix) await SEEDS[name]?.read?.(app.inject.bind(app));
      } finally {
        await app?.close();
        await database.dispose();
      }
    },
  );
});
