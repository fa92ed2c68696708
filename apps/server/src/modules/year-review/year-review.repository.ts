import { sql } from 'kysely';
import { itemReadableBy } from '../../db/audience.ts';
import type { Db } from '../../db/database.ts';

/**
 * One person's year, read across the tables that keep it (ratings, the diary, posts, lists,
 * follows), read only. Timestamps are ISO-8601 text and diary days 'YYYY-MM-DD' on both
 * dialects, so a year is the range [from, to) of either and a month its characters 6–7.
 */
export interface YearRange {
  from: string;
  to: string;
}

export interface AlbumRow {
  id: string;
  title: string;
  artist_name: string;
  cover_url: string | null;
}

/** The album ratings as they count (ADR 21: chosen, else the songs' mean), last set in the range. */
function effectiveRatingsIn(userId: string, range: YearRange) {
  return sql`(
    select chosen.album_id, chosen.rating_tenths as tenths
    from chosen_album_ratings chosen
    where chosen.user_id = ${userId} and chosen.updated_at >= ${range.from} and chosen.updated_at < ${range.to}
    union all
    select means.album_id, means.rating_tenths as tenths
    from album_ratings means
    where means.user_id = ${userId} and means.updated_at >= ${range.from} and means.updated_at < ${range.to}
      and not exists (
        select 1 from chosen_album_ratings chosen
        where chosen.user_id = means.user_id and chosen.album_id = means.album_id
      )
  )`;
}

export async function countsOfYear(db: Db, userId: string, range: YearRange) {
  const [albums, songs, listens, followed] = await Promise.all([
    sql<{ n: number | string }>`select count(*) as n from ${effectiveRatingsIn(userId, range)} e`.execute(db),
    db
      .selectFrom('track_ratings')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('updated_at', '>=', range.from)
      .where('updated_at', '<', range.to)
      .executeTakeFirst(),
    db
      .selectFrom('listens')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.count<number | string>('album_id').distinct().as('albums'),
      ])
      .where('user_id', '=', userId)
      .where('listened_on', '>=', range.from.slice(0, 10))
      .where('listened_on', '<', range.to.slice(0, 10))
      .executeTakeFirst(),
    db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('follower_id', '=', userId)
      .where('created_at', '>=', range.from)
      .where('created_at', '<', range.to)
      .executeTakeFirst(),
  ]);
  return {
    albumsRated: Number(albums.rows[0]?.n ?? 0),
    songsRated: Number(songs?.n ?? 0),
    listens: Number(listens?.n ?? 0),
    albumsListened: Number(listens?.albums ?? 0),
    peopleFollowed: Number(followed?.n ?? 0),
  };
}

/** Listens and songs rated per month ('01'–'12'), only months that have any. */
export async function monthsOfYear(db: Db, userId: string, range: YearRange) {
  const [listens, songs] = await Promise.all([
    sql<{ month: string; n: number | string }>`
      select substr(listened_on, 6, 2) as month, count(*) as n from listens
      where user_id = ${userId} and listened_on >= ${range.from.slice(0, 10)} and listened_on < ${range.to.slice(0, 10)}
      group by substr(listened_on, 6, 2)`.execute(db),
    sql<{ month: string; n: number | string }>`
      select substr(updated_at, 6, 2) as month, count(*) as n from track_ratings
      where user_id = ${userId} and updated_at >= ${range.from} and updated_at < ${range.to}
      group by substr(updated_at, 6, 2)`.execute(db),
  ]);
  const byMonth = (rows: { month: string; n: number | string }[]) =>
    new Map(rows.map((row) => [Number(row.month), Number(row.n)]));
  return { listens: byMonth(listens.rows), songsRated: byMonth(songs.rows) };
}

/** Most listened albums of the range, then the higher rating (any time), then the title. */
export async function topAlbumsOfYear(db: Db, userId: string, range: YearRange, limit: number) {
  const rows = await sql<AlbumRow & { listens: number | string; tenths: number | string | null }>`
    select a.id, a.title, a.artist_name, a.cover_url, count(*) as listens,
      coalesce(
        (select c.rating_tenths from chosen_album_ratings c where c.user_id = ${userId} and c.album_id = a.id),
        (select m.rating_tenths from album_ratings m where m.user_id = ${userId} and m.album_id = a.id)
      ) as tenths
    from listens l join albums a on a.id = l.album_id
    where l.user_id = ${userId} and l.listened_on >= ${range.from.slice(0, 10)} and l.listened_on < ${range.to.slice(0, 10)}
    group by a.id, a.title, a.artist_name, a.cover_url
    order by count(*) desc, tenths desc, lower(a.title), a.id
    limit ${limit}`.execute(db);
  return rows.rows.map((row) => ({
    ...row,
    listens: Number(row.listens),
    tenths: row.tenths === null ? null : Number(row.tenths),
  }));
}

export async function topArtistsOfYear(db: Db, userId: string, range: YearRange, limit: number) {
  const rows = await sql<{ id: string; name: string; listens: number | string }>`
    select a.artist_id as id, a.artist_name as name, count(*) as listens
    from listens l join albums a on a.id = l.album_id
    where l.user_id = ${userId} and l.listened_on >= ${range.from.slice(0, 10)} and l.listened_on < ${range.to.slice(0, 10)}
    group by a.artist_id, a.artist_name
    order by count(*) desc, lower(a.artist_name), a.artist_id
    limit ${limit}`.execute(db);
  return rows.rows.map((row) => ({ ...row, listens: Number(row.listens) }));
}

export async function topGenresOfYear(db: Db, userId: string, range: YearRange, limit: number) {
  const rows = await sql<{ slug: string; name: string; albums: number | string }>`
    select g.slug, g.name, count(distinct l.album_id) as albums
    from listens l
    join album_genres ag on ag.album_id = l.album_id
    join genres g on g.slug = ag.genre_slug
    where l.user_id = ${userId} and l.listened_on >= ${range.from.slice(0, 10)} and l.listened_on < ${range.to.slice(0, 10)}
    group by g.slug, g.name
    order by count(distinct l.album_id) desc, lower(g.name), g.slug
    limit ${limit}`.execute(db);
  return rows.rows.map((row) => ({ ...row, albums: Number(row.albums) }));
}

/** The songs rated in the range, highest first, then the newest rating, then the title. */
export async function topSongsOfYear(db: Db, userId: string, range: YearRange, limit: number) {
  return db
    .selectFrom('track_ratings as r')
    .innerJoin('tracks as t', 't.id', 'r.track_id')
    .innerJoin('albums as a', 'a.id', 'r.album_id')
    .select([
      't.id',
      't.title',
      'r.rating',
      'a.id as album_id',
      'a.title as album_title',
      'a.artist_name',
      'a.cover_url',
    ])
    .where('r.user_id', '=', userId)
    .where('r.updated_at', '>=', range.from)
    .where('r.updated_at', '<', range.to)
    .orderBy('r.rating', 'desc')
    .orderBy('r.updated_at', 'desc')
    .orderBy(sql`lower(t.title)`)
    .orderBy('t.id')
    .limit(limit)
    .execute();
}

/** The albums rated in the range, highest first ('desc') or lowest first ('asc'). */
export async function ratedAlbumsOfYear(
  db: Db,
  userId: string,
  range: YearRange,
  order: 'asc' | 'desc',
  limit: number,
) {
  const direction = order === 'desc' ? sql`desc` : sql`asc`;
  const rows = await sql<AlbumRow & { tenths: number | string }>`
    select a.id, a.title, a.artist_name, a.cover_url, e.tenths
    from ${effectiveRatingsIn(userId, range)} e join albums a on a.id = e.album_id
    order by e.tenths ${direction}, lower(a.title), a.id
    limit ${limit}`.execute(db);
  return rows.rows.map((row) => ({ ...row, tenths: Number(row.tenths) }));
}

/** The longest review written in the range that the viewer may read. */
export async function longestReviewOfYear(db: Db, userId: string, range: YearRange, viewerId: string | null) {
  return db
    .selectFrom('posts')
    .leftJoin('albums', 'albums.id', 'posts.album_id')
    .select([
      'posts.id',
      'posts.title',
      'posts.content',
      'albums.id as album_id',
      'albums.title as album_title',
      'albums.artist_name',
      'albums.cover_url',
    ])
    .where('posts.user_id', '=', userId)
    .where('posts.type', '=', 'review')
    .where('posts.created_at', '>=', range.from)
    .where('posts.created_at', '<', range.to)
    .where(itemReadableBy(viewerId, { owner: 'posts.user_id', audience: 'posts.audience' }))
    .orderBy(sql`length(posts.content)`, 'desc')
    .orderBy('posts.id')
    .limit(1)
    .executeTakeFirst();
}

/** Lists made in the range that the viewer may read; unlisted ones for their owner only. */
export async function listsOfYear(db: Db, userId: string, range: YearRange, viewerId: string | null) {
  return db
    .selectFrom('lists')
    .select(['lists.id', 'lists.title', 'lists.kind'])
    .where('lists.user_id', '=', userId)
    .where('lists.created_at', '>=', range.from)
    .where('lists.created_at', '<', range.to)
    .where(itemReadableBy(viewerId, { owner: 'lists.user_id', audience: 'lists.audience' }))
    .$if(viewerId !== userId, (query) => query.where('lists.visibility', '=', 'public'))
    .orderBy('lists.created_at')
    .orderBy('lists.id')
    .execute();
}

/** The name a person goes by here, or undefined when there is no such person. */
export async function displayNameOf(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.selectFrom('profiles').select('display_name').where('user_id', '=', userId).executeTakeFirst();
  return row?.display_name;
}
