import {
  type AddListEntryBody,
  ALBUM_ALREADY_IN_LIST,
  ALBUM_LIST_TAKES_ALBUMS,
  type CreateListBody,
  LIST_FULL,
  LIST_NOT_FOUND,
  LISTS_PAGE_SIZE,
  type List,
  type ListKind,
  type ListPage,
  NOT_YOUR_LIST,
  type PublicListsQuery,
  REORDER_NOT_A_PERMUTATION,
  SONG_ALREADY_IN_LIST,
  SONG_LIST_TAKES_SONGS,
  type UpdateListBody,
} from '@liner/shared';
import { type Reader, readerOf } from '../../db/audience.ts';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import { moveReactionCounts, reactionCounts } from '../../db/reaction-counts.ts';
import { type Trx, withTransaction } from '../../db/transaction.ts';
import { badRequest, forbidden, notFound, refusal } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { ReactionSubject } from '../reactions/index.ts';
import type { ListsNeeds } from './index.ts';
import { decodeListCursor, encodeListCursor } from './list-cursor.ts';
import {
  cardCovers,
  coversOf,
  deleteEntry,
  entryPosition,
  findAlbumItems,
  findSongItems,
  insertEntries,
  itemIdsInOrder,
  listEntries,
  setNote,
  setOrder,
} from './list-entries.repository.ts';
import {
  deleteList,
  describeLists,
  exportLists,
  findList,
  findOwnListByTitle,
  insertList,
  isListReadableBy,
  type ListRow,
  listIdsOf,
  lockList,
  pageOfLists,
  toSummary,
  updateList,
} from './lists.repository.ts';

const ENTRIES_MAX = 500;
const alreadyIn = (kind: ListKind) => (kind === 'album' ? ALBUM_ALREADY_IN_LIST : SONG_ALREADY_IN_LIST);

/**
 * Lists of albums or songs (ADR 33). Anyone with a list's address reads it (public or
 * unlisted); only public lists appear in listings. Only the owner changes a list; an admin may
 * delete any. Every write to a list's entries runs with the list row locked (lockList), so the
 * entries count, the 500 limit and the positions 1..n hold under concurrent requests.
 */
export class ListsService {
  private readonly db: Db;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: ListsNeeds,
  ) {
    this.db = database.db;
  }

  async create(user: SessionUser, body: CreateListBody): Promise<List> {
    const itemIds = body.itemIds ?? [];
    const items = await this.resolveItems(body.kind, itemIds);
    const visibility = body.visibility;
    const id = newId();
    const profile = await this.deps.profiles.findByUserId(user.id);
    await withTransaction(this.db, async (trx) => {
      await insertList(trx, {
        id,
        userId: user.id,
        title: body.title,
        description: body.description ?? '',
        kind: body.kind,
        ranked: body.ranked ?? false,
        visibility,
      });
      await insertEntries(
        trx,
        id,
        items.map((item, i) => ({ ...item, position: i + 1 })),
      );
      if (items.length > 0) await updateList(trx, id, { entriesDelta: items.length });
      // Unlisted lists stay out of every feed: only their address leads to them. The feed shows
      // the entry only to those the list's audience allows.
      if (visibility !== 'unlisted') {
        await this.deps.events.publish(trx, 'listCreated', {
          userId: user.id,
          displayName: profile?.display_name ?? user.name,
          listId: id,
          title: body.title,
          kind: body.kind,
        });
      }
    });
    return this.get(id, user.id);
  }

  /**
   * Public or unlisted: the address is enough; followers-only and only-me lists answer as missing
   * to anyone else (ADR 41). The viewer (when signed in) sees whether they liked it.
   */
  async get(listId: string, viewerId: string | null): Promise<List> {
    const row = await findList(this.db, listId, { viewerId });
    if (!row) throw refusal('LIST_NOT_FOUND', LIST_NOT_FOUND);
    const [entries, liked] = await Promise.all([
      listEntries(this.db, listId),
      this.deps.reactions.likedAmong(viewerId, 'list', [listId]),
    ]);
    const covers = cardCovers(entries.slice(0, 12).map((entry) => entry.album));
    return { ...toSummary(row, covers), entries, likedByMe: liked.has(listId) };
  }

  /** Lists as subjects of likes and comments (reactions module). */
  readonly reactionSubject: ReactionSubject = {
    type: 'list',
    notFound: { code: 'LIST_NOT_FOUND', message: LIST_NOT_FOUND },
    lockOwner: async (trx, id) => (await lockList(trx, this.database.dialect, id))?.user_id,
    moveCounts: (trx, id, change) => moveReactionCounts(trx, 'lists', id, change),
    counts: (db, id) => reactionCounts(db, 'lists', id),
    ownedBy: (trx, userId) => listIdsOf(trx, userId),
    readableBy: (db, id, viewerId) => isListReadableBy(db, id, viewerId),
    describe: (ids, viewerId) => describeLists(this.db, ids, viewerId),
  };

  async update(user: SessionUser, listId: string, changes: UpdateListBody): Promise<List> {
    await this.ownedBy(user, listId);
    await withTransaction(this.db, async (trx) => {
      await updateList(trx, listId, changes);
      await this.deps.events.publish(trx, 'listEdited', { userId: user.id, listId });
    });
    return this.get(listId, user.id);
  }

  /**
   * The owner, or an admin (moderation), deletes a list with its entries. `alongside` runs in the
   * same transaction (moderation: closing reports, the audit entry).
   */
  async delete(user: SessionUser, listId: string, alongside?: (trx: Trx) => Promise<void>): Promise<void> {
    const row = await findList(this.db, listId, user.role === 'admin' ? 'everything' : { viewerId: user.id });
    if (!row) throw refusal('LIST_NOT_FOUND', LIST_NOT_FOUND);
    if (row.user_id !== user.id && user.role !== 'admin') throw forbidden(NOT_YOUR_LIST);
    await withTransaction(this.db, async (trx) => {
      // The list's row first (reactions lock it): no like or comment lands between these deletes;
      // forgetting it tells the bell and the activity log (subjectRemoved).
      await this.deps.reactions.forgetSubject(trx, { type: 'list', id: listId });
      await deleteList(trx, listId);
      await alongside?.(trx);
    });
  }

  async addEntry(user: SessionUser, listId: string, body: AddListEntryBody): Promise<List> {
    const list = await this.ownedBy(user, listId);
    if (list.kind === 'album' && body.albumId === undefined) throw badRequest(ALBUM_LIST_TAKES_ALBUMS);
    if (list.kind === 'song' && body.trackId === undefined) throw badRequest(SONG_LIST_TAKES_SONGS);
    const [item] = await this.resolveItems(list.kind, [body.albumId ?? body.trackId ?? '']);
    if (!item) throw badRequest(list.kind === 'album' ? ALBUM_LIST_TAKES_ALBUMS : SONG_LIST_TAKES_SONGS);
    await this.locked(listId, async (trx, locked) => {
      if ((await entryPosition(trx, listId, item.itemId)) !== undefined) {
        throw refusal('ALREADY_IN_LIST', alreadyIn(list.kind));
      }
      if (locked.entries_count >= ENTRIES_MAX) throw badRequest(LIST_FULL);
      await insertEntries(trx, listId, [{ ...item, position: locked.entries_count + 1 }]);
      await updateList(trx, listId, { entriesDelta: 1 });
    });
    return this.get(listId, user.id);
  }

  /**
   * A loved song brought by an import (ADR 38) joins the person's song list `title`,
   * made unlisted on the first one (no feed entry: it is theirs to publish). In the caller's
   * transaction, which holds the person's profile lock, so two rows cannot both make the list.
   * 'present' when the song is in it already; 'full' at 500 entries.
   */
  async importSongIn(
    trx: Trx,
    userId: string,
    title: string,
    song: { trackId: string; albumId: string },
  ): Promise<'added' | 'present' | 'full'> {
    let listId = (await findOwnListByTitle(trx, userId, 'song', title))?.id;
    if (!listId) {
      listId = newId();
      const description = 'Songs you loved, brought in by an import.';
      await insertList(trx, {
        id: listId,
        userId,
        title,
        description,
        kind: 'song',
        ranked: false,
        visibility: 'unlisted',
      });
    }
    const list = await lockList(trx, this.database.dialect, listId);
    if (!list) return 'present';
    if ((await entryPosition(trx, listId, song.trackId)) !== undefined) return 'present';
    if (Number(list.entries_count) >= ENTRIES_MAX) return 'full';
    const entry = { itemId: song.trackId, albumId: song.albumId, trackId: song.trackId };
    await insertEntries(trx, listId, [{ ...entry, position: Number(list.entries_count) + 1 }]);
    await updateList(trx, listId, { entriesDelta: 1 });
    return 'added';
  }

  async removeEntry(user: SessionUser, listId: string, itemId: string): Promise<List> {
    await this.ownedBy(user, listId);
    await this.locked(listId, async (trx) => {
      const position = await entryPosition(trx, listId, itemId);
      if (position === undefined) throw notFound('This entry is not in the list');
      await deleteEntry(trx, listId, itemId, position);
      await updateList(trx, listId, { entriesDelta: -1 });
    });
    return this.get(listId, user.id);
  }

  async setNote(user: SessionUser, listId: string, itemId: string, note: string): Promise<List> {
    await this.ownedBy(user, listId);
    if (!(await setNote(this.db, listId, itemId, note))) throw notFound('This entry is not in the list');
    await updateList(this.db, listId, {});
    return this.get(listId, user.id);
  }

  /**
   * The whole new order at once. It must name every current entry exactly once, checked with the
   * list locked: of two concurrent reorders each applies whole, one after the other, and a reorder
   * that raced an add or a removal is refused rather than losing or doubling an entry.
   */
  async reorder(user: SessionUser, listId: string, itemIds: string[]): Promise<List> {
    await this.ownedBy(user, listId);
    await this.locked(listId, async (trx) => {
      const current = await itemIdsInOrder(trx, listId);
      const wanted = new Set(itemIds);
      const permutation =
        wanted.size === itemIds.length && current.length === itemIds.length && current.every((id) => wanted.has(id));
      if (!permutation) throw badRequest(REORDER_NOT_A_PERMUTATION);
      await setOrder(trx, listId, itemIds);
      await updateList(trx, listId, {});
    });
    return this.get(listId, user.id);
  }

  /** Someone's lists, newest first; their unlisted ones only to themselves. */
  async listByUser(viewer: SessionUser | null, userId: string, query: { cursor?: string; limit?: number }) {
    await this.deps.profiles.mustShowContentTo(viewer, userId);
    return this.page(readerOf(viewer), { userId, includeUnlisted: viewer?.id === userId }, query);
  }

  listPublic(viewer: SessionUser | null, query: PublicListsQuery): Promise<ListPage> {
    return this.page(readerOf(viewer), { popular: query.sort === 'popular' }, query);
  }

  /** Listed lists the viewer may read holding this album or any of its songs, newest first. */
  async listWithAlbum(
    viewer: SessionUser | null,
    albumId: string,
    query: { cursor?: string; limit?: number },
  ): Promise<ListPage> {
    if ((await findAlbumItems(this.db, [albumId])).size === 0) throw refusal('ALBUM_NOT_FOUND', 'Album not found');
    return this.page(readerOf(viewer), { albumId }, query);
  }

  /** The JSON export's lists, each with its entries. */
  exportOf(userId: string) {
    return exportLists(this.db, userId);
  }

  private async page(
    reader: Reader,
    filter: { userId?: string; includeUnlisted?: boolean; albumId?: string; popular?: boolean },
    query: { cursor?: string; limit?: number },
  ): Promise<ListPage> {
    const limit = query.limit ?? LISTS_PAGE_SIZE;
    const rows = await pageOfLists(this.db, {
      ...filter,
      reader,
      after: query.cursor ? decodeListCursor(query.cursor) : undefined,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const covers = await coversOf(
      this.db,
      page.map((row) => row.id),
    );
    const last = page.at(-1);
    return {
      lists: page.map((row) => toSummary(row, covers.get(row.id) ?? [])),
      nextCursor: rows.length > limit && last ? encodeListCursor(last, filter.popular === true) : null,
    };
  }

  private async ownedBy(user: SessionUser, listId: string): Promise<ListRow> {
    const row = await findList(this.db, listId, { viewerId: user.id });
    if (!row) throw refusal('LIST_NOT_FOUND', LIST_NOT_FOUND);
    if (row.user_id !== user.id) throw forbidden(NOT_YOUR_LIST);
    return row;
  }

  private locked(
    listId: string,
    fn: (trx: Trx, list: { user_id: string; kind: ListKind; entries_count: number }) => Promise<void>,
  ): Promise<void> {
    return withTransaction(this.db, async (trx) => {
      const list = await lockList(trx, this.database.dialect, listId);
      // Deleted between the owner check and the lock.
      if (!list) throw refusal('LIST_NOT_FOUND', LIST_NOT_FOUND);
      await fn(trx, { ...list, entries_count: Number(list.entries_count) });
    });
  }

  /**
   * The entries these ids make in a list of this kind: albums for an album list, songs (with their
   * album) for a song list. Every id must exist and appear once.
   */
  private async resolveItems(
    kind: ListKind,
    ids: string[],
  ): Promise<{ itemId: string; albumId: string; trackId: string | null }[]> {
    if (new Set(ids).size !== ids.length) throw refusal('ALREADY_IN_LIST', alreadyIn(kind));
    const found = kind === 'album' ? await findAlbumItems(this.db, ids) : await findSongItems(this.db, ids);
    return ids.map((itemId) => {
      const albumId = found.get(itemId);
      if (albumId === undefined) {
        throw kind === 'album'
          ? refusal('ALBUM_NOT_FOUND', 'Album not found')
          : refusal('TRACK_NOT_FOUND', 'Song not found');
      }
      return { itemId, albumId, trackId: kind === 'album' ? null : itemId };
    });
  }
}
