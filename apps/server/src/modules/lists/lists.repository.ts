import type { ListEntry, ListKind, ListSummary, ListVisibility } from '@liner/shared';
import { sql } from 'kysely';
import type { Db, Dialect } from '../../db/database.ts';
import type { ListTable } from '../../db/schema.ts';
import { albumImageUrl } from '../../lib/album-image.ts';

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

export type ListRow = Omit<ListTable, 'entries_count' | 'likes_count' | 'comments_count'> & {
  entries_count: number;
  likes_count: number;
  comments_count: number;
  display_name: string;
};

function listsQuery(db: Db) {
  return db
    .selectFrom('lists')
    .innerJoin('profiles', 'profiles.user_id', 'lists.user_id')
    .selectAll('lists')
    .select('profiles.display_name');
}

export function toSummary(row: ListRow, covers: string[]): ListSummary {
  return {
    id: row.id,
    userId: row.user_id,
    userDisplayName: row.display_name,
    title: row.title,
    description: row.description,
    kind: row.kind,
    ranked: Number(row.ranked) === 1,
    visibility: row.visibility,
    entriesCount: Number(row.entries_count),
    likesCount: Number(row.likes_count),
    commentsCount: Number(row.comments_count),
    covers,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findList(db: Db, id: string): Promise<ListRow | undefined> {
  return listsQuery(db).where('lists.id', '=', id).executeTakeFirst();
}

/**
 * Holds the list row until the transaction ends (PostgreSQL), so writers of one list's entries
 * take turns: the entries count, the positions and a reorder's permutation check all read what the
 * previous writer committed. SQLite runs one write transaction at a time already.
 */
export async function lockList(
  db: Db,
  dialect: Dialect,
  id: string,
): Promise<{ user_id: string; kind: ListKind; entries_count: number } | undefined> {
  let query = db.selectFrom('lists').select(['user_id', 'kind', 'entries_count']).where('id', '=', id);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertList(
  db: Db,
  list: {
    id: string;
    userId: string;
    title: string;
    description: string;
    kind: ListKind;
    ranked: boolean;
    visibility: ListVisibility;
  },
): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('lists')
    .values({
      id: list.id,
      user_id: list.userId,
      title: list.title,
      description: list.description,
      kind: list.kind,
      ranked: list.ranked ? 1 : 0,
      visibility: list.visibility,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function updateList(
  db: Db,
  id: string,
  changes: {
    title?: string;
    description?: string;
    ranked?: boolean;
    visibility?: ListVisibility;
    entriesDelta?: number;
  },
): Promise<void> {
  await db
    .updateTable('lists')
    .set((eb) => ({
      ...(changes.title === undefined ? {} : { title: changes.title }),
      ...(changes.description === undefined ? {} : { description: changes.description }),
      ...(changes.ranked === undefined ? {} : { ranked: changes.ranked ? 1 : 0 }),
      ...(changes.visibility === undefined ? {} : { visibility: changes.visibility }),
      ...(changes.entriesDelta ? { entries_count: eb('entries_count', '+', changes.entriesDelta) } : {}),
      updated_at: new Date().toISOString(),
    }))
    .where('id', '=', id)
    .execute();
}

export async function deleteList(db: Db, id: string): Promise<void> {
  await db.deleteFrom('lists').where('id', '=', id).execute();
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

/** Where a page of lists stopped: newest first, or most liked first (then newest). */
export interface ListCursor {
  createdAt: string;
  id: string;
  likes?: number;
}

/**
 * A page of lists, newest first (or most liked first): someone's (with their unlisted ones when
 * they are asking), everyone's public ones, or the public ones holding an album or its songs.
 */
export async function pageOfLists(
  db: Db,
  options: {
    userId?: string;
    includeUnlisted?: boolean;
    albumId?: string;
    popular?: boolean;
    after?: ListCursor;
    limit: number;
  },
): Promise<ListRow[]> {
  let query = listsQuery(db);
  if (options.userId) query = query.where('lists.user_id', '=', options.userId);
  if (!options.includeUnlisted) query = query.where('lists.visibility', '=', 'public');
  const albumId = options.albumId;
  if (albumId) {
    query = query.where('lists.id', 'in', (eb) =>
      eb.selectFrom('list_entries').select('list_entries.list_id').where('list_entries.album_id', '=', albumId),
    );
  }
  const after = options.after;
  if (after) {
    query = query.where((eb) => {
      const newer = eb.or([
        eb('lists.created_at', '<', after.createdAt),
        eb.and([eb('lists.created_at', '=', after.createdAt), eb('lists.id', '<', after.id)]),
      ]);
      if (!options.popular) return newer;
      const likes = after.likes ?? 0;
      return eb.or([eb('lists.likes_count', '<', likes), eb.and([eb('lists.likes_count', '=', likes), newer])]);
    });
  }
  if (options.popular) query = query.orderBy('lists.likes_count', 'desc');
  return query.orderBy('lists.created_at', 'desc').orderBy('lists.id', 'desc').limit(options.limit).execute();
}

/** Someone's lists with their entries, as stored (the JSON export). */
export async function exportLists(db: Db, userId: string) {
  const lists = await db.selectFrom('lists').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
  if (lists.length === 0) return [];
  const entries = await db
    .selectFrom('list_entries')
    .select(['list_id', 'item_id', 'album_id', 'track_id', 'position', 'note', 'added_at'])
    .where('list_id', 'in', (eb) => eb.selectFrom('lists').select('id').where('user_id', '=', userId))
    .orderBy('list_id')
    .orderBy('position')
    .execute();
  return lists.map((list) => ({
    ...list,
    entries: entries.filter((entry) => entry.list_id === list.id).map(({ list_id: _, ...entry }) => entry),
  }));
}

/** The one place a list's like and comment counters move: in place, never below 0. */
export async function moveListReactionCounts(
  db: Db,
  id: string,
  change: { likes?: number; comments?: number },
): Promise<void> {
  const by = (column: 'likes_count' | 'comments_count', n: number) =>
    sql<number>`case when ${sql.ref(column)} + ${n} > 0 then ${sql.ref(column)} + ${n} else 0 end`;
  const likes = change.likes ?? 0;
  const comments = change.comments ?? 0;
  if (likes === 0 && comments === 0) return;
  await db
    .updateTable('lists')
    .set({
      ...(likes === 0 ? {} : { likes_count: by('likes_count', likes) }),
      ...(comments === 0 ? {} : { comments_count: by('comments_count', comments) }),
    })
    .where('id', '=', id)
    .execute();
}

export async function listReactionCounts(db: Db, id: string) {
  return db
    .selectFrom('lists')
    .select(['likes_count as likes', 'comments_count as comments'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listIdsOf(db: Db, userId: string): Promise<string[]> {
  return (await db.selectFrom('lists').select('id').where('user_id', '=', userId).execute()).map((row) => row.id);
}

/** Each list's title and owner, for notifications and the Likes tab. */
export async function describeLists(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { title: string; ownerDisplayName: string }>();
  const rows = await db
    .selectFrom('lists')
    .innerJoin('profiles', 'profiles.user_id', 'lists.user_id')
    .select(['lists.id', 'lists.title', 'profiles.display_name'])
    .where('lists.id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, { title: row.title, ownerDisplayName: row.display_name }]));
}
