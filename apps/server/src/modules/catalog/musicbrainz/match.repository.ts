import type { Db } from '../../../db/database.ts';

/** The queries of matching the catalogue to MusicBrainz (match.ts, ADR 31). */

/** Only the bundled catalogue (and files imported in its format) is matched: other sources have their ids. */
const MATCHED_SOURCE = 'seed';

export interface PendingAlbum {
  id: string;
  title: string;
  artist_id: string;
  artist_name: string;
  release_date: string | null;
  primary_type: string;
  popularity: number;
  /** Known from the seed file: only its cover is still to fetch. */
  mbid: string | null;
}

/** Where a run has got to: the last album it took, in the order below. */
export type PendingCursor = Pick<PendingAlbum, 'popularity' | 'id'>;

/** How many albums were never looked up. */
export async function countPendingAlbums(db: Db): Promise<number> {
  const row = await db
    .selectFrom('albums')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('source', '=', MATCHED_SOURCE)
    .where('mb_checked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The next albums never looked up after `after`, most popular first (the home page's albums get
 * their covers first), then by id: a keyset on albums_mb_pending_idx.
 */
export function findPendingAlbums(db: Db, after: PendingCursor | null, limit: number): Promise<PendingAlbum[]> {
  return db
    .selectFrom('albums')
    .select(['id', 'title', 'artist_id', 'artist_name', 'release_date', 'primary_type', 'popularity', 'mbid'])
    .where('source', '=', MATCHED_SOURCE)
    .where('mb_checked_at', 'is', null)
    .$if(after !== null, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('popularity', '<', after?.popularity ?? 0),
          eb.and([eb('popularity', '=', after?.popularity ?? 0), eb('id', '>', after?.id ?? '')]),
        ]),
      ),
    )
    .orderBy('popularity', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface MatchOutcome {
  albumId: string;
  artistId: string;
  checkedAt: string;
  /** null: no confident match. */
  mbid: string | null;
  artistMbid: string | null;
  /** The stored front cover's URL; undefined keeps the album's cover (the generated one). */
  coverUrl: string | undefined;
}

/**
 * Records one lookup: the album's MBID and cover when matched, and when it was asked, so it is
 * not asked again. An artist learns its MBID only when it has none. Only a still-pending album is
 * written, so two runs at once record one outcome. Answers whether this call wrote it.
 */
export async function recordMatch(db: Db, outcome: MatchOutcome): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('albums')
      .set({
        mb_checked_at: outcome.checkedAt,
        ...(outcome.mbid ? { mbid: outcome.mbid } : {}),
        ...(outcome.coverUrl ? { cover_url: outcome.coverUrl } : {}),
      })
      .where('id', '=', outcome.albumId)
      .where('mb_checked_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    if (outcome.artistMbid) {
      await trx
        .updateTable('artists')
        .set({ mbid: outcome.artistMbid })
        .where('id', '=', outcome.artistId)
        .where('mbid', 'is', null)
        .execute();
    }
    return true;
  });
}

/**
 * Takes or renews the lease on a job: it is ours when free, lapsed, or already ours. One
 * statement, so two instances asking at once cannot both get it. Answers whether we hold it.
 */
export async function takeLease(db: Db, name: string, holder: string, now: Date, ttlMs: number): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
  await db
    .insertInto('job_leases')
    .values({ name, holder, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: expiresAt })
        .where((eb) =>
          eb.or([eb('job_leases.holder', '=', holder), eb('job_leases.expires_at', '<', now.toISOString())]),
        ),
    )
    .execute();
  const row = await db.selectFrom('job_leases').select('holder').where('name', '=', name).executeTakeFirst();
  return row?.holder === holder;
}

export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
}
