import { albumAverageTenths } from '@liner/shared';
import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db, Dialect } from '../../db/database.ts';
import { type JsonArrayFrom, jsonArrayFromFor, parsedJson } from '../../db/json-arrays.ts';
import { lockProfiles } from '../../db/locks.ts';
import { userAndAlbumRow } from '../../db/user-and-album-row.ts';
import { chunks } from '../../lib/chunks.ts';

/**
 * Serializes one user's rating writes on PostgreSQL (SQLite runs one write transaction at a time):
 * two requests for the same song must not both read "no previous rating" and count twice. The
 * profile lock comes first in the global lock order (db/locks.ts).
 */
export async function lockUserRatings(db: Db, dialect: Dialect, userId: string): Promise<void> {
  await lockProfiles(db, dialect, [userId]);
}

export async function findTrackOfAlbum(db: Db, albumId: string, trackId: string) {
  return db
    .selectFrom('tracks')
    .select(['id', 'album_id'])
    .where('id', '=', trackId)
    .where('album_id', '=', albumId)
    .executeTakeFirst();
}

export async function findTrackRating(db: Db, userId: string, trackId: string): Promise<number | null> {
  const row = await db
    .selectFrom('track_ratings')
    .select('rating')
    .where('user_id', '=', userId)
    .where('track_id', '=', trackId)
    .executeTakeFirst();
  return row?.rating ?? null;
}

export async function saveTrackRating(
  db: Db,
  row: { userId: string; trackId: string; albumId: string; rating: number },
) {
  const now = new Date().toISOString();
  await db
    .insertInto('track_ratings')
    .values({ user_id: row.userId, track_id: row.trackId, album_id: row.albumId, rating: row.rating, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'track_id']).doUpdateSet({ rating: row.rating, updated_at: now }))
    .execute();
}

export async function deleteTrackRating(db: Db, userId: string, trackId: string): Promise<void> {
  await db.deleteFrom('track_ratings').where('user_id', '=', userId).where('track_id', '=', trackId).execute();
}

// A member's own ratings of one album: read on every album page they open, and by every rating
// they give, so compiled once (db/compiled-once.ts).
const trackRatingRows = compiledOnce((db: Db, userId: string, albumId: string) =>
  db
    .selectFrom('track_ratings')
    .select(['track_id', 'rating'])
    .where('user_id', '=', userId)
    .where('album_id', '=', albumId),
);

async function userTrackRatings(db: Db, userId: string, albumId: string): Promise<Record<string, number>> {
  const rows = await trackRatingRows(db, userId, albumId);
  return Object.fromEntries(rows.map((r) => [r.track_id, r.rating]));
}

/** Re-derives the user's album rating from their song ratings; returns it in tenths of a star. */
export async function recomputeAlbumRating(db: Db, userId: string, albumId: string): Promise<number | null> {
  const ratings = Object.values(await userTrackRatings(db, userId, albumId));
  const tenths = albumAverageTenths(ratings);
  if (tenths === null) {
    await db.deleteFrom('album_ratings').where('user_id', '=', userId).where('album_id', '=', albumId).execute();
    return null;
  }
  const now = new Date().toISOString();
  await db
    .insertInto('album_ratings')
    .values({ user_id: userId, album_id: albumId, rating_tenths: tenths, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'album_id']).doUpdateSet({ rating_tenths: tenths, updated_at: now }))
    .execute();
  return tenths;
}

const albumRatingRow = compiledOnce((db: Db, userId: string, albumId: string) =>
  db.selectFrom('album_ratings').select('rating_tenths').where('user_id', '=', userId).where('album_id', '=', albumId),
);

export async function findAlbumRating(db: Db, userId: string, albumId: string): Promise<number | null> {
  return (await albumRatingRow(db, userId, albumId))[0]?.rating_tenths ?? null;
}

export interface OwnAlbumRatings {
  /** Song ratings by track id. */
  ratings: Record<string, number>;
  /** The album rating from the songs, in tenths. */
  songs: number | null;
  /** The album rating chosen instead, in tenths. */
  chosen: number | null;
}

/**
 * A member's three ratings reads of one album in one statement, for the album page they open:
 * one round trip instead of three on PostgreSQL.
 */
function ownAlbumRatingsQuery(jsonArrayFrom: JsonArrayFrom) {
  return compiledOnce((db: Db, userId: string, albumId: string) =>
    db
      .selectFrom(userAndAlbumRow(userId, albumId))
      .select((eb) => [
        jsonArrayFrom(
          eb
            .selectFrom('track_ratings')
            .select(['track_ratings.track_id', 'track_ratings.rating'])
            .whereRef('track_ratings.user_id', '=', 'me.user_id')
            .whereRef('track_ratings.album_id', '=', 'me.album_id'),
        ).as('ratings'),
        eb
          .selectFrom('album_ratings')
          .select('album_ratings.rating_tenths')
          .whereRef('album_ratings.user_id', '=', 'me.user_id')
          .whereRef('album_ratings.album_id', '=', 'me.album_id')
          .as('songs'),
        eb
          .selectFrom('chosen_album_ratings')
          .select('chosen_album_ratings.rating_tenths')
          .whereRef('chosen_album_ratings.user_id', '=', 'me.user_id')
          .whereRef('chosen_album_ratings.album_id', '=', 'me.album_id')
          .as('chosen'),
      ]),
  );
}

const ownAlbumRatingsQueries = {
  postgres: ownAlbumRatingsQuery(jsonArrayFromFor.postgres),
  sqlite: ownAlbumRatingsQuery(jsonArrayFromFor.sqlite),
};

export async function ownAlbumRatings(
  db: Db,
  dialect: Dialect,
  userId: string,
  albumId: string,
): Promise<OwnAlbumRatings> {
  const row = (await ownAlbumRatingsQueries[dialect](db, userId, albumId))[0];
  const rows = parsedJson(row?.ratings, []);
  return {
    ratings: Object.fromEntries(rows.map((r) => [r.track_id, r.rating])),
    songs: row?.songs ?? null,
    chosen: row?.chosen ?? null,
  };
}

export async function trackStatsOfAlbum(db: Db, albumId: string) {
  return db
    .selectFrom('track_stats')
    .select(['track_id', 'ratings_count', 'ratings_sum'])
    .where('album_id', '=', albumId)
    .execute();
}

/** All of a user's song ratings. */
export async function allTrackRatingsOf(db: Db, userId: string) {
  return db
    .selectFrom('track_ratings')
    .select(['track_id', 'album_id', 'rating'])
    .where('user_id', '=', userId)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Community rating totals (album_stats, track_stats): written only here, read by charts and the catalogue.

export interface RatingDelta {
  albumId: string;
  trackId: string;
  /** The user's previous rating of the track in half stars (1–10), null when there was none. */
  oldRating: number | null;
  /** The new rating in half stars (1–10), null when it is cleared. */
  newRating: number | null;
  /**
   * The user's album rating (ADR 21) before and after, in tenths (null: none): the album's
   * listeners move in the same statement as its song totals. Absent: the listeners stay.
   */
  albumBefore?: number | null;
  albumAfter?: number | null;
}

function checkRating(value: number | null): number {
  if (value === null) return 0;
  if (!Number.isInteger(value) || value < 1 || value > 10) throw new RangeError(`Invalid rating ${value}`);
  return value;
}

/**
 * Moves album_stats (song totals and listeners, in one statement) and track_stats by one song
 * rating's change. The ratings feature calls it last in the transaction that writes the rating:
 * the album's row is the one every rater of the album waits for, so it is held for as few round
 * trips as possible (one statement per table, then the commit).
 */
export async function applyRatingDelta(db: Db, delta: RatingDelta): Promise<void> {
  const count = (delta.newRating === null ? 0 : 1) - (delta.oldRating === null ? 0 : 1);
  const sum = checkRating(delta.newRating) - checkRating(delta.oldRating);
  const listeners = (delta.albumAfter == null ? 0 : 1) - (delta.albumBefore == null ? 0 : 1);
  const tenths = (delta.albumAfter ?? 0) - (delta.albumBefore ?? 0);
  if (count === 0 && sum === 0 && listeners === 0 && tenths === 0) return;
  // With nothing lowered the album's row may not exist yet: an upsert. (Only then: SQLite checks
  // an upsert's candidate row against the constraints before it sees the conflict.)
  if (count >= 0 && sum >= 0 && listeners >= 0 && tenths >= 0) {
    await db
      .insertInto('album_stats')
      .values({
        album_id: delta.albumId,
        ratings_count: count,
        ratings_sum: sum,
        listeners,
        listener_tenths: tenths,
      })
      .onConflict((oc) =>
        oc.column('album_id').doUpdateSet({
          ratings_count: sql`album_stats.ratings_count + ${count}`,
          ratings_sum: sql`album_stats.ratings_sum + ${sum}`,
          listeners: sql`album_stats.listeners + ${listeners}`,
          listener_tenths: sql`album_stats.listener_tenths + ${tenths}`,
        }),
      )
      .execute();
  } else {
    // Something counted before is lowered, so the row exists; the check constraints refuse a
    // total below zero, as a drift would be.
    const album = await db
      .updateTable('album_stats')
      .set({
        ratings_count: sql`ratings_count + ${count}`,
        ratings_sum: sql`ratings_sum + ${sum}`,
        listeners: sql`listeners + ${listeners}`,
        listener_tenths: sql`listener_tenths + ${tenths}`,
      })
      .where('album_id', '=', delta.albumId)
      .executeTakeFirst();
    if (Number(album.numUpdatedRows) === 0) throw new Error(`No rating totals to lower for album ${delta.albumId}`);
  }
  if (count === 0 && sum === 0) return;
  if (count > 0) {
    await db
      .insertInto('track_stats')
      .values({ track_id: delta.trackId, album_id: delta.albumId, ratings_count: count, ratings_sum: sum })
      .onConflict((oc) =>
        oc.column('track_id').doUpdateSet({
          ratings_count: sql`track_stats.ratings_count + ${count}`,
          ratings_sum: sql`track_stats.ratings_sum + ${sum}`,
        }),
      )
      .execute();
    return;
  }
  const track = await db
    .updateTable('track_stats')
    .set({ ratings_count: sql`ratings_count + ${count}`, ratings_sum: sql`ratings_sum + ${sum}` })
    .where('track_id', '=', delta.trackId)
    .executeTakeFirst();
  if (Number(track.numUpdatedRows) === 0) throw new Error(`No rating totals to lower for track ${delta.trackId}`);
}

/**
 * Moves an album's listeners (people with an album rating, ADR 21) and their sum in tenths by one
 * person's album rating going from `before` to `after` (null: none). In the transaction that
 * changed it, after the person's profile lock (db/locks.ts); a count below zero is refused by the
 * check constraints, as a drift would be.
 */
export async function applyListenerDelta(
  db: Db,
  albumId: string,
  before: number | null,
  after: number | null,
): Promise<void> {
  const countDelta = (after === null ? 0 : 1) - (before === null ? 0 : 1);
  const sumDelta = (after ?? 0) - (before ?? 0);
  if (countDelta === 0 && sumDelta === 0) return;
  if (countDelta > 0) {
    // A new listener: the row may not exist yet. (Only here: SQLite checks an upsert's candidate
    // row against the constraints before it sees the conflict, so a negative one must update.)
    await db
      .insertInto('album_stats')
      .values({ album_id: albumId, ratings_count: 0, ratings_sum: 0, listeners: countDelta, listener_tenths: sumDelta })
      .onConflict((oc) =>
        oc.column('album_id').doUpdateSet({
          listeners: sql`album_stats.listeners + ${countDelta}`,
          listener_tenths: sql`album_stats.listener_tenths + ${sumDelta}`,
        }),
      )
      .execute();
    return;
  }
  const moved = await db
    .updateTable('album_stats')
    .set({
      listeners: sql`listeners + ${countDelta}`,
      listener_tenths: sql`listener_tenths + ${sumDelta}`,
    })
    .where('album_id', '=', albumId)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) throw new Error(`No listener totals to lower for album ${albumId}`);
}

/** Every album the user has an album rating for (ADR 21: chosen, else songs' mean), in tenths. */
export async function albumRatingsOfUser(db: Db, userId: string): Promise<Map<string, number>> {
  const [songs, chosen] = await Promise.all([
    db.selectFrom('album_ratings').select(['album_id', 'rating_tenths']).where('user_id', '=', userId).execute(),
    db.selectFrom('chosen_album_ratings').select(['album_id', 'rating_tenths']).where('user_id', '=', userId).execute(),
  ]);
  const effective = new Map(songs.map((row) => [row.album_id, row.rating_tenths]));
  for (const row of chosen) effective.set(row.album_id, row.rating_tenths);
  return effective;
}

export async function findAlbumStats(db: Db, albumId: string) {
  return db.selectFrom('album_stats').selectAll().where('album_id', '=', albumId).executeTakeFirst();
}

export async function findTrackStats(db: Db, trackId: string) {
  return db.selectFrom('track_stats').selectAll().where('track_id', '=', trackId).executeTakeFirst();
}

/** The album rating the user set themselves, in tenths, or null (ADR 21). */
const chosenAlbumRatingRow = compiledOnce((db: Db, userId: string, albumId: string) =>
  db
    .selectFrom('chosen_album_ratings')
    .select('rating_tenths')
    .where('user_id', '=', userId)
    .where('album_id', '=', albumId),
);

export async function findChosenAlbumRating(db: Db, userId: string, albumId: string): Promise<number | null> {
  return (await chosenAlbumRatingRow(db, userId, albumId))[0]?.rating_tenths ?? null;
}

/** Sets (tenths) or clears (null) the album rating the user chose. */
export async function saveChosenAlbumRating(
  db: Db,
  userId: string,
  albumId: string,
  tenths: number | null,
): Promise<void> {
  if (tenths === null) {
    await db.deleteFrom('chosen_album_ratings').where('user_id', '=', userId).where('album_id', '=', albumId).execute();
    return;
  }
  const now = new Date().toISOString();
  await db
    .insertInto('chosen_album_ratings')
    .values({ user_id: userId, album_id: albumId, rating_tenths: tenths, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'album_id']).doUpdateSet({ rating_tenths: tenths, updated_at: now }))
    .execute();
}

export interface AlbumRatingParts {
  userId: string;
  albumId: string;
  /** Mean of the song ratings, tenths. */
  songs: number | null;
  /** Set by the user, tenths. */
  chosen: number | null;
}

/** Albums per statement: a collection of any size stays under the drivers' bound-parameter limits. */
const ALBUMS_PER_READ = 500;

/**
 * Both parts of the album ratings of `userIds` × `albumIds` (one user's list of albums, or one
 * album's reviewers, a page at most): two indexed reads per 500 albums.
 */
export async function albumRatingParts(db: Db, userIds: string[], albumIds: string[]): Promise<AlbumRatingParts[]> {
  if (userIds.length === 0 || albumIds.length === 0) return [];
  const reads = chunks(albumIds, ALBUMS_PER_READ).map((part) =>
    Promise.all([
      db
        .selectFrom('album_ratings')
        .select(['user_id', 'album_id', 'rating_tenths'])
        .where('user_id', 'in', userIds)
        .where('album_id', 'in', part)
        .execute(),
      db
        .selectFrom('chosen_album_ratings')
        .select(['user_id', 'album_id', 'rating_tenths'])
        .where('user_id', 'in', userIds)
        .where('album_id', 'in', part)
        .execute(),
    ]),
  );
  const results = await Promise.all(reads);
  const songs = results.flatMap(([rows]) => rows);
  const chosen = results.flatMap(([, rows]) => rows);
  const parts = new Map<string, AlbumRatingParts>();
  const partOf = (userId: string, albumId: string) => {
    const key = `${userId}\u0000${albumId}`;
    let part = parts.get(key);
    if (!part) {
      part = { userId, albumId, songs: null, chosen: null };
      parts.set(key, part);
    }
    return part;
  };
  for (const row of songs) partOf(row.user_id, row.album_id).songs = row.rating_tenths;
  for (const row of chosen) partOf(row.user_id, row.album_id).chosen = row.rating_tenths;
  return [...parts.values()];
}

/**
 * The album ratings (ADR 21) of everyone with one for this album, as counts per rating in tenths:
 * the chosen rating where there is one, else the songs' mean. Two index reads (migration 015).
 */
export async function albumRatingCounts(db: Db, albumId: string): Promise<Array<{ tenths: number; count: number }>> {
  const rows = await sql<{ tenths: number; count: number | string }>`
    select tenths, count(*) as count from (
      select chosen.rating_tenths as tenths from chosen_album_ratings chosen where chosen.album_id = ${albumId}
      union all
      select means.rating_tenths as tenths from album_ratings means
      where means.album_id = ${albumId}
        and not exists (
          select 1 from chosen_album_ratings chosen
          where chosen.album_id = means.album_id and chosen.user_id = means.user_id
        )
    ) ratings
    group by tenths`.execute(db);
  return rows.rows.map((row) => ({ tenths: Number(row.tenths), count: Number(row.count) }));
}

export interface FriendRatingRow {
  user_id: string;
  display_name: string;
  picture_url: string | null;
  tenths: number;
}

/**
 * The album ratings of the people `userId` follows who have one for this album, highest first
 * (then by name), `limit` of them, and how many there are in all.
 */
export async function followedAlbumRatings(
  db: Db,
  userId: string,
  albumId: string,
  limit: number,
): Promise<{ rows: FriendRatingRow[]; total: number }> {
  const rated = sql`
    select fo.following_id as user_id, coalesce(chosen.rating_tenths, means.rating_tenths) as tenths
    from follows fo
    left join chosen_album_ratings chosen on chosen.album_id = ${albumId} and chosen.user_id = fo.following_id
    left join album_ratings means on means.album_id = ${albumId} and means.user_id = fo.following_id
    where fo.follower_id = ${userId} and (chosen.rating_tenths is not null or means.rating_tenths is not null)`;
  const [page, count] = await Promise.all([
    sql<FriendRatingRow>`
      select r.user_id, p.display_name, p.picture_url, r.tenths
      from (${rated}) r join profiles p on p.user_id = r.user_id
      order by r.tenths desc, p.display_name_key, r.user_id
      limit ${limit}`.execute(db),
    sql<{ total: number | string }>`select count(*) as total from (${rated}) r`.execute(db),
  ]);
  return {
    rows: page.rows.map((row) => ({ ...row, tenths: Number(row.tenths) })),
    total: Number(count.rows[0]?.total ?? 0),
  };
}
