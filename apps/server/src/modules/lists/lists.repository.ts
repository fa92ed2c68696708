import type { ListKind, ListSummary, ListVisibility } from '@liner/shared';
import { itemReadableBy, type Reader } from '../../db/audience.ts';
import type { Db, Dialect } from '../../db/database.ts';
import type { Audience } from '../../db/schema.ts';
import type { SubjectDescription } from '../reactions/index.ts';

const listReadableBy = (viewerId: string | null) =>
  itemReadableBy(viewerId, { owner: 'lists.user_id', audience: 'lists.audience' });

/**
 * A list's visibility is stored as two columns: whether it is listed in public places, and its
 * audience (migration 025). Public and unlisted lists reach everyone; a followers-only list is
 * listed to those followers.
 */
function stored(visibility: ListVisibility): { visibility: 'public' | 'unlisted'; audience: Audience } {
  if (visibility === 'unlisted') return { visibility: 'unlisted', audience: 'public' };
  if (visibility === 'public') return { visibility: 'public', audience: 'public' };
  return { visibility: 'public', audience: visibility };
}

export function visibilityOf(row: { visibility: 'public' | 'unlisted'; audience: Audience }): ListVisibility {
  return row.audience === 'public' ? row.visibility : row.audience;
}

/** A list row with its owner's display name, as listsQuery reads it. */
export type ListRow = Awaited<ReturnType<ReturnType<typeof listsQuery>['executeTakeFirstOrThrow']>>;

function listsQuery(db: Db, reader: Reader) {
  return db
    .selectFrom('lists')
    .$if(reader !== 'everything', (query) =>
      query.where(listReadableBy(reader === 'everything' ? null : reader.viewerId)),
    )
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
    visibility: visibilityOf(row),
    entriesCount: Number(row.entries_count),
    likesCount: Number(row.likes_count),
    commentsCount: Number(row.comments_count),
    covers,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The list, when the reader may read it (a list beyond its audience reads as missing). */
export async function findList(db: Db, id: string, reader: Reader): Promise<ListRow | undefined> {
  return listsQuery(db, reader).where('lists.id', '=', id).executeTakeFirst();
}

export async function isListReadableBy(db: Db, id: string, viewerId: string | null): Promise<boolean> {
  const row = await db
    .selectFrom('lists')
    .select('lists.id')
    .where('lists.id', '=', id)
    .where(listReadableBy(viewerId))
    .executeTakeFirst();
  return row !== undefined;
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
    /** Absent: the owner's default audience, listed. */
    visibility?: ListVisibility;
  },
): Promise<void> {
  const now = new Date().toISOString();
  const visibility = list.visibility ? stored(list.visibility) : undefined;
  await db
    .insertInto('lists')
    .values({
      id: list.id,
      user_id: list.userId,
      title: list.title,
      description: list.description,
      kind: list.kind,
      ranked: list.ranked ? 1 : 0,
      visibility: visibility?.visibility ?? 'public',
      audience:
        visibility?.audience ??
        db.selectFrom('profiles').select('profiles.default_audience').where('profiles.user_id', '=', list.userId),
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
      ...(changes.visibility === undefined ? {} : stored(changes.visibility)),
      ...(changes.entriesDelta ? { entries_count: eb('entries_count', '+', changes.entriesDelta) } : {}),
      updated_at: new Date().toISOString(),
    }))
    .where('id', '=', id)
    .execute();
}

export async function deleteList(db: Db, id: string): Promise<void> {
  await db.deleteFrom('lists').where('id', '=', id).execute();
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
    reader: Reader;
    userId?: string;
    includeUnlisted?: boolean;
    albumId?: string;
    popular?: boolean;
    after?: ListCursor;
    limit: number;
  },
): Promise<ListRow[]> {
  let query = listsQuery(db, options.reader);
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

export async function listIdsOf(db: Db, userId: string): Promise<string[]> {
  return (await db.selectFrom('lists').select('id').where('user_id', '=', userId).execute()).map((row) => row.id);
}

/** Each list's title and owner, for notifications and the Likes tab: those the viewer may read. */
export async function describeLists(db: Db, ids: readonly string[], viewerId: string | null) {
  if (ids.length === 0) return new Map<string, SubjectDescription>();
  const rows = await db
    .selectFrom('lists')
    .innerJoin('profiles', 'profiles.user_id', 'lists.user_id')
    .select(['lists.id', 'lists.title', 'lists.user_id', 'lists.visibility', 'profiles.display_name'])
    .where('lists.id', 'in', ids)
    .where(listReadableBy(viewerId))
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        title: row.title,
        ownerId: row.user_id,
        ownerDisplayName: row.display_name,
        listed: row.visibility === 'public',
      },
    ]),
  );
}

/** A person's oldest list of this kind with exactly this title (an import's own list, found again). */
export async function findOwnListByTitle(db: Db, userId: string, kind: ListKind, title: string) {
  return db
    .selectFrom('lists')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('title', '=', title)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
}
