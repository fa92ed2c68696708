import type { Trx } from '../../db/transaction.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { nameKey } from '../../lib/search-text.ts';
import { reviewWithinLimit } from './formats/clean-row.ts';
import type { AlbumRow, ListensRow, LovedRow, ParsedRow } from './formats/types.ts';
import type { ImportsNeeds } from './index.ts';

/**
 * What a matched row writes (ADR 38), in the caller's transaction, which holds the
 * person's profile lock. Every step first looks at what is there and writes only what is missing,
 * so a row read again (after a crash between its writes and its status, or a file imported twice)
 * changes nothing and no count moves twice. Each write goes through the module that owns it.
 */
type RowWriters = Pick<ImportsNeeds, 'collection' | 'listens' | 'lists' | 'posts' | 'rateLater' | 'ratings'>;

/** Where loved songs go (ADR 38): a song list of the person's own, unlisted until they publish it. */
export const LOVED_LIST_TITLE = 'Loved on ListenBrainz';
export const LOVED_LIST_FULL = `Your list “${LOVED_LIST_TITLE}” holds 500 songs, the most a list can`;

/** The album a row goes into; for a loved song the song on it; for listens its track list. */
export interface Target {
  id: string;
  title: string;
  trackId?: string;
  tracks?: readonly { id: string; name: string }[];
}

/** A row the person's data cannot take as it is (a full list): it is listed with this reason. */
export class RowRefused extends AppError {
  constructor(message: string) {
    super('BAD_REQUEST', message);
  }
}

export interface Applied {
  /** The album's community totals may have moved: its cached pages are forgotten after commit. */
  ratingChanged: boolean;
  /** What the person should know about how the row went in (kept as the row's message). */
  note?: string;
}

/** A row that moved no rating: no cached page to forget. */
const NOTHING: Applied = { ratingChanged: false };

async function applyAlbum(
  trx: Trx,
  deps: RowWriters,
  userId: string,
  row: AlbumRow,
  album: { id: string; title: string },
): Promise<Applied> {
  const { review, note } = reviewWithinLimit(row.review);
  if (row.rating !== null) {
    // RYM's 0–10 are half stars; ratings are kept in tenths of a star.
    const tenths = row.rating * 5;
    const rated = await deps.ratings.importAlbumRatingIn(trx, userId, album.id, tenths);
    await deps.collection.importEntryIn(trx, userId, album, tenths, review);
    return { ratingChanged: rated, note };
  }
  if (review) {
    // A review without a rating cannot join the collection (it needs one): it stands as a review
    // post, once — the same text on the same album is not posted again.
    await deps.posts.importReviewIn(trx, {
      id: newId(),
      userId,
      title: album.title,
      content: review,
      albumId: album.id,
    });
    return { ratingChanged: false, note };
  }
  // Wishlisted, owned or once owned but never rated: one to hear or rate later.
  await deps.rateLater.importEntryIn(trx, userId, album.id);
  return NOTHING;
}

async function applyLoved(trx: Trx, deps: RowWriters, userId: string, row: LovedRow, album: Target) {
  if (!album.trackId) throw new RowRefused(`The album has no song called “${row.track}”`);
  const outcome = await deps.lists.importSongIn(trx, userId, LOVED_LIST_TITLE, {
    trackId: album.trackId,
    albumId: album.id,
  });
  if (outcome === 'full') throw new RowRefused(LOVED_LIST_FULL);
  return NOTHING;
}

/** Names listed in a row's note before "and N more". */
const SONGS_NAMED = 5;

/** Why some songs of a row are not in the diary: the album's track list has no song so called. */
export function songsNotOnAlbum(names: readonly string[]): string {
  const quoted = names.slice(0, SONGS_NAMED).map((name) => `“${name}”`);
  const more = names.length - quoted.length;
  const list = more > 0 ? `${quoted.join(', ')} and ${more} more` : quoted.join(', ');
  return names.length === 1
    ? `The song ${list} is not on the album's track list, so the diary leaves it out`
    : `${names.length} songs are not on the album's track list, so the diary leaves them out: ${list}`;
}

/**
 * Each day the album was heard becomes a diary entry, with the songs of that day the album's track
 * list has (compared as the catalogue compares names). Songs it lacks are named in the row's note.
 */
async function applyListens(trx: Trx, deps: RowWriters, userId: string, row: ListensRow, album: Target) {
  // A name that folds to nothing (all punctuation) is compared as written.
  const songKey = (name: string) => nameKey(name) || name.trim();
  const trackOf = new Map<string, string>();
  // A title the list has twice ("Intro" and its reprise) is the first of them.
  for (const track of [...(album.tracks ?? [])].reverse()) trackOf.set(songKey(track.name), track.id);
  const missing = new Set<string>();
  const days = row.days.map((day) => ({
    day,
    trackIds: (row.songs?.[day] ?? []).flatMap((name) => {
      const id = trackOf.get(songKey(name));
      if (!id) missing.add(name);
      return id ? [id] : [];
    }),
  }));
  await deps.listens.importDaysIn(trx, userId, album.id, days);
  return missing.size > 0 ? { ...NOTHING, note: songsNotOnAlbum([...missing]) } : NOTHING;
}

export async function applyRow(
  trx: Trx,
  deps: RowWriters,
  userId: string,
  row: ParsedRow,
  album: Target,
): Promise<Applied> {
  switch (row.kind) {
    case 'album':
      return applyAlbum(trx, deps, userId, row, album);
    case 'listens':
      return applyListens(trx, deps, userId, row, album);
    case 'loved':
      return applyLoved(trx, deps, userId, row, album);
    case 'bad':
      return NOTHING;
  }
}
