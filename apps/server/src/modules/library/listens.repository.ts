import type { AlbumSummary, DiarySong, Listen } from '@liner/shared';
import type { Db } from '../../db/database.ts';
import { listenerTotals, SUMMARY_COLUMNS, toAlbumSummary } from '../catalog/index.ts';

/** Where a diary page stopped: the last row's day, time logged and id (newest first). */
export interface DiaryCursor {
  on: string;
  at: string;
  id: string;
}

const LISTEN_COLUMNS = [
  'listens.id as listen_id',
  'listens.user_id',
  'listens.album_id',
  'listens.listened_on',
  'listens.relisten',
  'listens.created_at as listened_at',
] as const;

interface ListenRow {
  listen_id: string;
  user_id: string;
  album_id: string;
  listened_on: string;
  relisten: number;
  listened_at: string;
}

function toListen(row: ListenRow): Listen {
  return {
    id: row.listen_id,
    userId: row.user_id,
    albumId: row.album_id,
    listenedOn: row.listened_on,
    relisten: row.relisten === 1,
    createdAt: row.listened_at,
  };
}

export async function insertListen(db: Db, listen: Listen): Promise<void> {
  await db
    .insertInto('listens')
    .values({
      id: listen.id,
      user_id: listen.userId,
      album_id: listen.albumId,
      listened_on: listen.listenedOn,
      relisten: listen.relisten ? 1 : 0,
      created_at: listen.createdAt,
    })
    .execute();
}

/** Their listens of an album on a day, besides `except` (the one being moved there): the per-day limit. */
export async function countListensOn(
  db: Db,
  key: { userId: string; albumId: string; day: string; except?: string },
): Promise<number> {
  let query = db
    .selectFrom('listens')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', key.userId)
    .where('album_id', '=', key.albumId)
    .where('listened_on', '=', key.day);
  if (key.except) query = query.where('id', '!=', key.except);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function findListen(db: Db, id: string): Promise<Listen | undefined> {
  const row = await db.selectFrom('listens').select(LISTEN_COLUMNS).where('listens.id', '=', id).executeTakeFirst();
  return row && toListen(row);
}

/** One person's listens of one album, newest first (listens_user_album_idx). */
export async function listListensOfAlbum(db: Db, userId: string, albumId: string, limit: number): Promise<Listen[]> {
  const rows = await db
    .selectFrom('listens')
    .select(LISTEN_COLUMNS)
    .where('listens.user_id', '=', userId)
    .where('listens.album_id', '=', albumId)
    .orderBy('listens.listened_on', 'desc')
    .orderBy('listens.created_at', 'desc')
    .orderBy('listens.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toListen);
}

/**
 * A person's diary newest first, a page after `after`: by day, then the time each was logged,
 * then id, the order of listens_user_day_idx, so the page is read from the index without a sort.
 */
export async function listDiary(
  db: Db,
  options: { userId: string; after?: DiaryCursor; limit: number },
): Promise<(Listen & { album: AlbumSummary })[]> {
  let query = db
    .selectFrom('listens')
    .innerJoin('albums', 'albums.id', 'listens.album_id')
    .select(LISTEN_COLUMNS)
    .select(SUMMARY_COLUMNS)
    .select(listenerTotals)
    .where('listens.user_id', '=', options.userId);
  const after = options.after;
  if (after) {
    // A row comparison (both dialects have them): PostgreSQL starts the index scan at the cursor,
    // where the same condition spelt with OR is a filter over every row of the pages before.
    query = query.where((eb) =>
      eb(
        eb.refTuple('listens.listened_on', 'listens.created_at', 'listens.id'),
        '<',
        eb.tuple(after.on, after.at, after.id),
      ),
    );
  }
  const rows = await query
    .orderBy('listens.listened_on', 'desc')
    .orderBy('listens.created_at', 'desc')
    .orderBy('listens.id', 'desc')
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({ ...toListen(row), album: toAlbumSummary(row) }));
}

export async function updateListen(
  db: Db,
  id: string,
  changes: { listenedOn?: string; relisten?: boolean },
): Promise<void> {
  await db
    .updateTable('listens')
    .set({
      ...(changes.listenedOn === undefined ? {} : { listened_on: changes.listenedOn }),
      ...(changes.relisten === undefined ? {} : { relisten: changes.relisten ? 1 : 0 }),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteListen(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('listens').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The distinct days someone heard an album, oldest first (imports skip the days already there). */
export async function listDaysOfAlbum(db: Db, userId: string, albumId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('listens')
    .select('listened_on')
    .distinct()
    .where('user_id', '=', userId)
    .where('album_id', '=', albumId)
    .orderBy('listened_on')
    .execute();
  return rows.map((row) => row.listened_on);
}

/** The first listen of an album on a day (the one an import's songs of that day join). */
export async function findFirstListenOn(
  db: Db,
  key: { userId: string; albumId: string; day: string },
): Promise<string | undefined> {
  const row = await db
    .selectFrom('listens')
    .select('id')
    .where('user_id', '=', key.userId)
    .where('album_id', '=', key.albumId)
    .where('listened_on', '=', key.day)
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

/** Adds songs heard in a listen; those it already lists are left as they are. */
export async function addListenSongs(db: Db, listenId: string, trackIds: readonly string[]): Promise<void> {
  if (trackIds.length === 0) return;
  await db
    .insertInto('listen_songs')
    .values(trackIds.map((trackId) => ({ listen_id: listenId, track_id: trackId })))
    .onConflict((oc) => oc.columns(['listen_id', 'track_id']).doNothing())
    .execute();
}

/** The songs heard in each of some listens, in track-list order (one query for a diary page). */
export async function listSongsOfListens(db: Db, listenIds: readonly string[]): Promise<Map<string, DiarySong[]>> {
  const songs = new Map<string, DiarySong[]>();
  if (listenIds.length === 0) return songs;
  const rows = await db
    .selectFrom('listen_songs')
    .innerJoin('tracks', 'tracks.id', 'listen_songs.track_id')
    .select(['listen_songs.listen_id', 'tracks.id', 'tracks.title', 'tracks.position'])
    .where('listen_songs.listen_id', 'in', listenIds)
    .orderBy('listen_songs.listen_id')
    .orderBy('tracks.position')
    .execute();
  for (const row of rows) {
    const list = songs.get(row.listen_id) ?? [];
    list.push({ id: row.id, name: row.title, position: row.position });
    songs.set(row.listen_id, list);
  }
  return songs;
}
