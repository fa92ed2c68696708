import {
  DIARY_PAGE_SIZE,
  type DiaryPage,
  LISTEN_NOT_FOUND,
  LISTEN_NOT_OWN,
  LISTENS_PER_ALBUM_DAY_MAX,
  LISTENS_PER_ALBUM_DAY_MESSAGE,
  type Listen,
  type LogListenBody,
  listenDateProblem,
  todayUtc,
  type UpdateListenBody,
} from '@liner/shared';
import type { DatabaseHandle, Db, Dialect } from '../../db/database.ts';
import { lockProfiles } from '../../db/locks.ts';
import { withTransaction } from '../../db/transaction.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { badRequest, conflict, forbidden, notFound, refusal } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { ListensNeeds } from './index.ts';
import {
  addListenSongs,
  countListensOn,
  type DiaryCursor,
  deleteListen,
  findFirstListenOn,
  findListen,
  insertListen,
  listDaysOfAlbum,
  listDiary,
  listListensOfAlbum,
  listSongsOfListens,
  updateListen,
} from './listens.repository.ts';

/** The album page lists this many of your listens of it, newest first. */
const MINE_SHOWN = 100;

/** A day an import found an album heard on, and the album's songs played that day (track ids). */
export interface ImportedDay {
  day: string;
  trackIds: readonly string[];
}

/** A listen about to be written: its day checked, its flag decided. */
export interface CheckedListen {
  listenedOn: string;
  relisten: boolean;
}

/**
 * The listening diary. A listen's day is checked here against today in UTC; the
 * per-album per-day limit is counted under the person's profile lock (db/locks.ts), so a burst of
 * requests cannot slip past it on PostgreSQL (SQLite writes one transaction at a time).
 */
export class ListensService {
  private readonly db: Db;
  private readonly dialect: Dialect;

  constructor(
    database: DatabaseHandle,
    private readonly deps: ListensNeeds,
  ) {
    this.db = database.db;
    this.dialect = database.dialect;
  }

  /** Defaults (today, not a relisten) and the date rules; 400 with the rule's message. */
  check(body: LogListenBody): CheckedListen {
    const listenedOn = body.listenedOn ?? todayUtc();
    const problem = listenDateProblem(listenedOn);
    if (problem) throw badRequest(problem);
    return { listenedOn, relisten: body.relisten ?? false };
  }

  async log(user: SessionUser, albumId: string, body: LogListenBody): Promise<Listen> {
    await this.mustFindAlbum(albumId);
    const checked = this.check(body);
    try {
      return await withTransaction(this.db, async (trx) => {
        await lockProfiles(trx, this.dialect, [user.id]);
        return this.recordIn(trx, user.id, albumId, checked);
      });
    } catch (error) {
      // The account was deleted while the listen was being logged.
      if (isForeignKeyViolation(error)) throw refusal('USER_NOT_FOUND', 'User not found');
      throw error;
    }
  }

  /**
   * Writes a checked listen in the caller's transaction, which already holds the person's profile
   * lock (the collection's add does: a listen logged with the entry is both or neither).
   */
  async recordIn(trx: Db, userId: string, albumId: string, listen: CheckedListen): Promise<Listen> {
    const already = await countListensOn(trx, { userId, albumId, day: listen.listenedOn });
    if (already >= LISTENS_PER_ALBUM_DAY_MAX) throw conflict(LISTENS_PER_ALBUM_DAY_MESSAGE);
    const row: Listen = { id: newId(), userId, albumId, ...listen, createdAt: new Date().toISOString() };
    await insertListen(trx, row);
    return row;
  }

  /**
   * Imported days an album was heard, in the caller's transaction, which holds the
   * person's profile lock: one listen per day the diary lacks, so importing a file again adds
   * nothing. A day after the first one the person heard the album is a relisten. The songs played
   * on a day join that day's first listen, whether it was written now or logged before; a song it
   * already lists is not added twice. Answers how many listens were written. The days are checked
   * calendar days (the file's parser checked them).
   */
  async importDaysIn(trx: Db, userId: string, albumId: string, days: readonly ImportedDay[]): Promise<number> {
    const heard = await listDaysOfAlbum(trx, userId, albumId);
    const first = heard[0];
    let added = 0;
    for (const { day, trackIds } of [...days].sort((a, b) => a.day.localeCompare(b.day))) {
      let listenId = heard.includes(day) ? await findFirstListenOn(trx, { userId, albumId, day }) : undefined;
      if (!listenId) {
        const relisten = (first !== undefined && first < day) || added > 0;
        listenId = newId();
        await insertListen(trx, {
          id: listenId,
          userId,
          albumId,
          listenedOn: day,
          relisten,
          createdAt: new Date().toISOString(),
        });
        heard.push(day);
        added++;
      }
      await addListenSongs(trx, listenId, [...new Set(trackIds)]);
    }
    return added;
  }

  async mine(user: SessionUser, albumId: string): Promise<Listen[]> {
    await this.mustFindAlbum(albumId);
    return listListensOfAlbum(this.db, user.id, albumId, MINE_SHOWN);
  }

  /** Public, as a profile's other tabs are: newest day first, each with its album and their rating. */
  async diary(viewer: SessionUser | null, userId: string, query: { cursor?: string }): Promise<DiaryPage> {
    await this.deps.profiles.mustShowContentTo(viewer, userId);
    const rows = await listDiary(this.db, {
      userId,
      after: query.cursor ? decodeDiaryCursor(query.cursor) : undefined,
      limit: DIARY_PAGE_SIZE + 1,
    });
    const page = rows.slice(0, DIARY_PAGE_SIZE);
    const [ratingOf, songsOf] = await Promise.all([
      this.deps.ratings.albumRatings(
        [userId],
        page.map((entry) => entry.albumId),
      ),
      listSongsOfListens(
        this.db,
        page.map((entry) => entry.id),
      ),
    ]);
    const last = page.at(-1);
    return {
      entries: page.map((entry) => {
        const tenths = ratingOf(userId, entry.albumId);
        return { ...entry, rating: tenths === null ? null : tenths / 10, songs: songsOf.get(entry.id) ?? [] };
      }),
      nextCursor:
        rows.length > DIARY_PAGE_SIZE && last
          ? encodeDiaryCursor({ on: last.listenedOn, at: last.createdAt, id: last.id })
          : null,
    };
  }

  async update(user: SessionUser, listenId: string, changes: UpdateListenBody): Promise<Listen> {
    await this.mustOwn(user, listenId);
    const listenedOn = changes.listenedOn;
    if (listenedOn !== undefined) {
      const problem = listenDateProblem(listenedOn);
      if (problem) throw badRequest(problem);
    }
    await withTransaction(this.db, async (trx) => {
      await lockProfiles(trx, this.dialect, [user.id]);
      // Read again under the lock: it may have been deleted, or moved, meanwhile.
      const current = await findListen(trx, listenId);
      if (!current) throw notFound(LISTEN_NOT_FOUND);
      if (listenedOn !== undefined && listenedOn !== current.listenedOn) {
        const key = { userId: user.id, albumId: current.albumId, day: listenedOn, except: listenId };
        if ((await countListensOn(trx, key)) >= LISTENS_PER_ALBUM_DAY_MAX)
          throw conflict(LISTENS_PER_ALBUM_DAY_MESSAGE);
      }
      await updateListen(trx, listenId, changes);
    });
    const updated = await findListen(this.db, listenId);
    if (!updated) throw notFound(LISTEN_NOT_FOUND);
    return updated;
  }

  async delete(user: SessionUser, listenId: string): Promise<void> {
    await this.mustOwn(user, listenId);
    if (!(await deleteListen(this.db, listenId))) throw notFound(LISTEN_NOT_FOUND);
  }

  private async mustOwn(user: SessionUser, listenId: string): Promise<Listen> {
    const listen = await findListen(this.db, listenId);
    if (!listen) throw notFound(LISTEN_NOT_FOUND);
    if (listen.userId !== user.id) throw forbidden(LISTEN_NOT_OWN);
    return listen;
  }

  private async mustFindAlbum(albumId: string): Promise<void> {
    if (!(await this.deps.catalog.findAlbum(albumId))) throw refusal('ALBUM_NOT_FOUND', 'Album not found');
  }
}

function encodeDiaryCursor(at: DiaryCursor): string {
  return Buffer.from(JSON.stringify({ on: at.on, at: at.at, id: at.id })).toString('base64url');
}

/** 400 'Invalid cursor' for anything this server did not make, as lib/cursor.ts does. */
function decodeDiaryCursor(cursor: string): DiaryCursor {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof value?.on === 'string' && typeof value?.at === 'string' && typeof value?.id === 'string') return value;
  } catch {}
  throw badRequest('Invalid cursor');
}
