import type { ListEntry } from '@liner/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { albumImageUrl } from '../../lib/album-image.ts';

// A list's entries: which items exist, their positions (1..n, unique per list) and notes, and the
// covers cards show. The list row itself (and its counters) is lists.repository.ts's.

/** Covers a card shows, from the first entries' albums. */
const CARD_COVERS = 4;
/** Entries read for them: a song list's first songs often share one album. */
const COVER_ENTRIES = 12;

/** The distinct covers of these albums, in order, at most CARD_COVERS. */
export function cardCovers(albums: { id: string; imageUrl: string }[]): string[] {
  const seen = new Set<string>();
  const covers: string[] = [];
  for (const album of albums) {
    if (covers.length === CARD_COVERS) break;
    if (seen.has(album.id)) continue;
    seen.add(album.id);
    covers.push(album.imageUrl);
  }
  return covers;
}

/** The albums among these ids, as entries of an album list. */
export async function findAlbumItems(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('albums').select('id').where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.id]));
}

/** The tracks among these ids, each with its album (a song entry carries its album). */
export async function findSongItems(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('tracks').select(['id', 'album_id']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.album_id]));
}

export async function insertEntries(
  db: Db,
  listId: string,
  entries: { itemId: string; albumId: string; trackId: string | null; position: number }[],
): Promise<void> {
  if (entries.length === 0) return;
  const now = new Date().toISOString();
  // Chunks keep every statement under SQLite's and PostgreSQL's bound-parameter limits.
  for (let i = 0; i < entries.length; i += 100) {
    await db
      .insertInto('list_entries')
      .values(
        entries.slice(i, i + 100).map((entry) => ({
          list_id: listId,
          item_id: entry.itemId,
          album_id: entry.albumId,
          track_id: entry.trackId,
          position: entry.position,
          added_at: now,
        })),
      )
      .execute();
  }
}

export async function entryPosition(db: Db, listId: string, itemId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('list_entries')
    .select('position')
    .where('list_id', '=', listId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return row?.position;
}

/** The list's item ids in their order. */
export async function itemIdsInOrder(db: Db, listId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('list_entries')
    .select('item_id')
    .where('list_id', '=', listId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.item_id);
}

/** Removes an entry and closes the gap it leaves, so positions stay 1..n. */
export async function deleteEntry(db: Db, listId: string, itemId: string, position: number): Promise<void> {
  await db.deleteFrom('list_entries').where('list_id', '=', listId).where('item_id', '=', itemId).execute();
  // Through negative positions: a row-by-row shift could meet its neighbour under the unique index.
  await db
    .updateTable('list_entries')
    .set({ position: sql<number>`1 - position` })
    .where('list_id', '=', listId)
    .where('position', '>', position)
    .execute();
  await db
    .updateTable('list_entries')
    .set({ position: sql<number>`-position` })
    .where('list_id', '=', listId)
    .where('position', '<', 0)
    .execute();
}

/** Gives the entries positions 1..n in this order (a permutation of the list's items, checked by the caller). */
export async function setOrder(db: Db, listId: string, itemIds: string[]): Promise<void> {
  if (itemIds.length === 0) return;
  // First every entry to its new position negated, then all back: the unique (list, position)
  // index never sees two rows on one position, whatever order the database updates rows in.
  for (let i = 0; i < itemIds.length; i += 200) {
    const part = itemIds.slice(i, i + 200);
    const cases = sql.join(
      part.map((itemId, j) => sql`when ${itemId} then cast(${-(i + j + 1)} as integer)`),
      sql` `,
    );
    await db
      .updateTable('list_entries')
      .set({ position: sql<number>`case item_id ${cases} end` })
      .where('list_id', '=', listId)
      .where('item_id', 'in', part)
      .execute();
  }
  await db
    .updateTable('list_entries')
    .set({ position: sql<number>`-position` })
    .where('list_id', '=', listId)
    .where('position', '<', 0)
    .execute();
}

export async function setNote(db: Db, listId: string, itemId: string, note: string): Promise<boolean> {
  const result = await db
    .updateTable('list_entries')
    .set({ note })
    .where('list_id', '=', listId)
    .where('item_id', '=', itemId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function listEntries(db: Db, listId: string): Promise<ListEntry[]> {
  const rows = await db
    .selectFrom('list_entries')
    .innerJoin('albums', 'albums.id', 'list_entries.album_id')
    .leftJoin('tracks', 'tracks.id', 'list_entries.track_id')
    .select([
      'list_entries.item_id',
      'list_entries.position',
      'list_entries.note',
      'albums.id as album_id',
      'albums.title as album_title',
      'albums.artist_name',
      'albums.cover_url',
      'tracks.id as track_id',
      'tracks.title as track_title',
    ])
    .where('list_entries.list_id', '=', listId)
    .orderBy('list_entries.position')
    .execute();
  return rows.map((row) => ({
    itemId: row.item_id,
    position: row.position,
    note: row.note,
    album: {
      id: row.album_id,
      name: row.album_title,
      artistName: row.artist_name,
      imageUrl: albumImageUrl(row.album_id, row.cover_url),
    },
    song: row.track_id && row.track_title !== null ? { id: row.track_id, title: row.track_title } : null,
  }));
}

/** The first covers of each list, in list order, for cards. */
export async function coversOf(db: Db, listIds: string[]): Promise<Map<string, string[]>> {
  const covers = new Map<string, string[]>(listIds.map((id) => [id, []]));
  if (listIds.length === 0) return covers;
  const rows = await db
    .selectFrom('list_entries')
    .innerJoin('albums', 'albums.id', 'list_entries.album_id')
    .select(['list_entries.list_id', 'albums.id', 'albums.cover_url'])
    .where('list_entries.list_id', 'in', listIds)
    .where('list_entries.position', '<=', COVER_ENTRIES)
    .orderBy('list_entries.list_id')
    .orderBy('list_entries.position')
    .execute();
  const albums = new Map<string, { id: string; imageUrl: string }[]>(listIds.map((id) => [id, []]));
  for (const row of rows) albums.get(row.list_id)?.push({ id: row.id, imageUrl: albumImageUrl(row.id, row.cover_url) });
  for (const [listId, found] of albums) covers.set(listId, cardCovers(found));
  return covers;
}
