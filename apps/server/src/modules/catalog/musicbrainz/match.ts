import { randomUUID } from 'node:crypto';
import { nameKey } from '../../../lib/search-text.ts';
import {
  countPendingAlbums,
  findPendingAlbums,
  type PendingAlbum,
  type PendingCursor,
  recordMatch,
  releaseLease,
  takeLease,
} from './match.repository.ts';
import type { MbReleaseGroup } from './musicbrainz.client.ts';
import { MusicBrainzError } from './musicbrainz.client.ts';
import { artistCreditName } from './musicbrainz.mapping.ts';
import { luceneEscape, type MusicBrainzCatalog } from './musicbrainz.service.ts';

/**
 * Matching the bundled catalogue to MusicBrainz release groups (ADR 31): each album is looked up
 * once, by artist, title and year; a confident match stores its MBID, its artist's MBID and its
 * Cover Art Archive front cover; anything less is recorded as unmatched and the generated cover
 * stays. Nothing is written for an album whose lookup failed, so a later run asks again.
 */

/** Candidates asked for per album: the right one is in the first few when it exists. */
const CANDIDATES = 10;
/** Pending albums read per query. */
const PAGE = 100;
/** Failed lookups in a row that mean MusicBrainz or the archive is down: the run stops there. */
const OUTAGE_FAILURES = 3;
/** One process at a time matches (instances share the database and MusicBrainz's rate). */
const LEASE = 'musicbrainz-match';
/** A lease lapses this long after its last renewal: longer than one album can take (retries included). */
const LEASE_MS = 2 * 60_000;
const RENEW_MS = 20_000;

export type MatchAlbum = Pick<PendingAlbum, 'title' | 'artist_name' | 'release_date' | 'primary_type'>;

function yearOf(date: string | null | undefined): number | null {
  const year = Number(date?.slice(0, 4));
  return date && Number.isInteger(year) ? year : null;
}

/** Our type for a release group: `live` and `compilation` are secondary types in MusicBrainz. */
function typeOf(group: MbReleaseGroup): string | null {
  const secondary = (group['secondary-types'] ?? []).map((t) => t.toLowerCase());
  if (secondary.includes('live')) return 'live';
  if (secondary.includes('compilation')) return 'compilation';
  return group['primary-type']?.toLowerCase() ?? null;
}

/**
 * The confident match among search answers, or null. A candidate qualifies with the same title
 * and the same credited artist (folded as above) and, when the album has a year, a first release
 * within a year of it; one without a date qualifies only if no dated one does. Among those: the
 * nearer year, then the same type, then MusicBrainz's score. No candidate qualifying is no match:
 * a cover by the wrong artist is worse than the generated one.
 */
export function chooseReleaseGroup(album: MatchAlbum, groups: MbReleaseGroup[]): MbReleaseGroup | null {
  const title = nameKey(album.title);
  const artist = nameKey(album.artist_name);
  const year = yearOf(album.release_date);
  const ranked = groups
    .filter((group) => nameKey(group.title) === title && nameKey(artistCreditName(group['artist-credit'])) === artist)
    .map((group) => {
      const theirs = yearOf(group['first-release-date']);
      const apart = year === null || theirs === null ? 0 : Math.abs(theirs - year);
      // 0 same year (or the album has none), 1 a year apart, 2 undated; further apart never.
      const distance = year === null ? 0 : theirs === null ? 2 : apart <= 1 ? apart : Infinity;
      return { group, distance, sameType: typeOf(group) === album.primary_type ? 0 : 1 };
    })
    .filter((candidate) => candidate.distance !== Infinity)
    .sort(
      (a, b) =>
        a.distance - b.distance ||
        a.sameType - b.sameType ||
        (b.group.score ?? 0) - (a.group.score ?? 0) ||
        (a.group.id < b.group.id ? -1 : 1),
    );
  return ranked[0]?.group ?? null;
}

/** The release group search for an album: lowercased, so words like AND or NOT are not operators. */
export function matchQuery(album: Pick<MatchAlbum, 'title' | 'artist_name'>): string {
  const words = (text: string) => luceneEscape(text.toLowerCase());
  return `releasegroup:(${words(album.title)}) AND artist:(${words(album.artist_name)})`;
}

/** The artist's MBID, when the credit is that one artist (never one of a duo's members). */
function creditedArtistMbid(group: MbReleaseGroup): string | null {
  const credit = group['artist-credit'] ?? [];
  return credit.length === 1 && credit[0]?.artist?.id ? credit[0].artist.id.toLowerCase() : null;
}

export interface MatchSummary {
  matched: number;
  unmatched: number;
  failed: number;
  /** Matched albums that got a Cover Art Archive cover. */
  covers: number;
  /** The run stopped early: MusicBrainz or the archive looked down (or the breaker is open). */
  outage: boolean;
}

export interface MatchOptions {
  /** At most this many albums in this run. */
  limit?: number;
  /** Ends the run between albums and cuts the current request short (the app closing). */
  signal?: AbortSignal;
  /** After each album: done and the total this run expects. */
  onProgress?: (done: number, total: number) => void;
  /** After each album whose MBID or cover changed: the read cache forgets it. */
  onChanged?: (albumId: string) => void;
  onFailure?: (album: PendingAlbum, error: unknown) => void;
  /** Asked before each album; false ends the run, leaving the rest pending (the lease was lost). */
  beforeEach?: () => Promise<boolean>;
  now?: () => string;
}

type Outcome = 'matched' | 'unmatched';

async function matchOne(
  catalog: MusicBrainzCatalog,
  album: PendingAlbum,
  options: MatchOptions,
): Promise<{ outcome: Outcome; cover: boolean; written: boolean }> {
  const { signal } = options;
  let mbid = album.mbid;
  let artistMbid: string | null = null;
  if (!mbid) {
    const answer = await catalog.client.searchReleaseGroups(matchQuery(album), CANDIDATES, { signal });
    const group = chooseReleaseGroup(album, answer['release-groups'] ?? []);
    mbid = group?.id.toLowerCase() ?? null;
    artistMbid = group ? creditedArtistMbid(group) : null;
  }
  // A failing archive throws here, before anything is written: the album is asked again later.
  const coverUrl = mbid ? await catalog.fetchCover(album.id, mbid, { signal }) : undefined;
  const written = await recordMatch(catalog.database.db, {
    albumId: album.id,
    artistId: album.artist_id,
    checkedAt: options.now?.() ?? new Date().toISOString(),
    mbid: album.mbid ? null : mbid,
    artistMbid,
    coverUrl,
  });
  return { outcome: mbid ? 'matched' : 'unmatched', cover: coverUrl !== undefined, written };
}

/**
 * Looks up every album not looked up yet (or `limit` of them), most popular first, one at a time
 * at the client's shared rate. Resumable: done albums are skipped by the query, and an interrupted run leaves the
 * rest pending. Stops early, leaving them pending, when the signal ends it or after a few failures
 * in a row (an outage).
 */
export async function matchCatalog(catalog: MusicBrainzCatalog, options: MatchOptions = {}): Promise<MatchSummary> {
  const { db } = catalog.database;
  const summary: MatchSummary = { matched: 0, unmatched: 0, failed: 0, covers: 0, outage: false };
  const total = Math.min(await countPendingAlbums(db), options.limit ?? Number.POSITIVE_INFINITY);
  let done = 0;
  let failuresInARow = 0;
  let after: PendingCursor | null = null;
  options.onProgress?.(0, total);
  while (done < total && !options.signal?.aborted) {
    const page = await findPendingAlbums(db, after, Math.min(PAGE, total - done));
    if (page.length === 0) break;
    for (const album of page) {
      if (options.signal?.aborted) return summary;
      if (catalog.client.open) return { ...summary, outage: true };
      if (options.beforeEach && !(await options.beforeEach())) return summary;
      after = album;
      try {
        const { outcome, cover, written } = await matchOne(catalog, album, options);
        failuresInARow = 0;
        if (written) {
          summary[outcome]++;
          if (cover) summary.covers++;
          if (outcome === 'matched') options.onChanged?.(album.id);
        }
      } catch (error) {
        if (options.signal?.aborted) return summary;
        summary.failed++;
        options.onFailure?.(album, error);
        const outage = !(error instanceof MusicBrainzError) || error.outage || catalog.client.open;
        if (outage && ++failuresInARow >= OUTAGE_FAILURES) {
          done++;
          options.onProgress?.(done, total);
          return { ...summary, outage: true };
        }
      }
      done++;
      options.onProgress?.(done, total);
    }
  }
  return summary;
}

/**
 * Runs `task` while this process holds the matching lease, renewed as the task asks (its
 * `beforeEach`), and released after. Answers null, running nothing, while another process holds it.
 */
export async function withMatchLease<T>(
  catalog: MusicBrainzCatalog,
  task: (beforeEach: () => Promise<boolean>) => Promise<T>,
): Promise<T | null> {
  const { db } = catalog.database;
  const holder = randomUUID();
  if (!(await takeLease(db, LEASE, holder, new Date(), LEASE_MS))) return null;
  let renewed = Date.now();
  const beforeEach = async () => {
    if (Date.now() - renewed < RENEW_MS) return true;
    renewed = Date.now();
    return takeLease(db, LEASE, holder, new Date(), LEASE_MS);
  };
  try {
    return await task(beforeEach);
  } finally {
    await releaseLease(db, LEASE, holder);
  }
}
