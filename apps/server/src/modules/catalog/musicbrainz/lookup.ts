import { findAlbumIdsByExternalId } from '../catalog.repository.ts';
import type { SummaryRow } from '../catalog.rows.ts';
import { chooseReleaseGroup, matchQuery } from './match.ts';
import { type MbReleaseGroup, MusicBrainzError } from './musicbrainz.client.ts';
import { artistCreditName, isAlbumLike, releaseGroupToAlbum } from './musicbrainz.mapping.ts';
import type { MusicBrainzCatalog } from './musicbrainz.service.ts';

/**
 * One album asked of MusicBrainz by name, for an import's row that the catalogue does not have
 * (ADR 38): the same search and the same confidence rule as the catalogue's matching
 * (ADR 31), so a row is only ever matched to the album a person would agree is it. The confident
 * answer and the other album-like answers are stored as stub albums (as search-through does), so
 * the others can be offered as candidates to choose from.
 */

/** Candidates offered for a row MusicBrainz could not place with confidence. */
const OFFERED = 5;
const ASKED = 10;

export interface LookupAnswer {
  match: SummaryRow | null;
  candidates: SummaryRow[];
}

export async function lookUpAlbum(
  catalog: MusicBrainzCatalog,
  album: { artist: string; title: string; year: number | null },
  options: { signal?: AbortSignal } = {},
): Promise<LookupAnswer> {
  const answer = await catalog.client.searchReleaseGroups(
    matchQuery({ title: album.title, artist_name: album.artist }),
    ASKED,
    { signal: options.signal },
  );
  const groups = answer['release-groups'] ?? [];
  const chosen = chooseReleaseGroup(
    {
      title: album.title,
      artist_name: album.artist,
      release_date: album.year === null ? null : String(album.year),
      primary_type: 'album',
    },
    groups,
  );
  const offered = groups.filter((group) => group !== chosen && isAlbumLike(group)).slice(0, OFFERED);
  const stored = await catalog.storeStubs([...(chosen ? [chosen] : []), ...offered].map(releaseGroupToAlbum));
  // The chosen group's album: the stub just stored, or the album that already carried its MBID.
  const mbid = chosen?.id.toLowerCase();
  const matchId = mbid
    ? (await findAlbumIdsByExternalId(catalog.database.db, 'musicbrainz', [mbid])).get(mbid)
    : undefined;
  const matchRow = stored.find((row) => row.id === matchId) ?? null;
  return { match: matchRow, candidates: stored.filter((row) => row.id !== matchRow?.id) };
}

/** A malformed or unknown id is MusicBrainz's 400 or 404: no album, not an outage. */
function noneForUnknownId(error: unknown): null {
  if (error instanceof MusicBrainzError && /answered 4\d\d/.test(error.message)) return null;
  throw error;
}

/** A release group as a stub album (or the album already carrying its MBID); null if it is no album. */
export async function storeReleaseGroup(
  catalog: MusicBrainzCatalog,
  group: MbReleaseGroup,
): Promise<SummaryRow | null> {
  if (!isAlbumLike(group)) return null;
  const [row] = await catalog.storeStubs([releaseGroupToAlbum(group)]);
  return row ?? null;
}

/** The release group with this MBID, stored as a stub album if the catalogue lacks it; null if MusicBrainz has none. */
export async function lookUpReleaseGroup(
  catalog: MusicBrainzCatalog,
  mbid: string,
  options: { signal?: AbortSignal } = {},
): Promise<SummaryRow | null> {
  const group = await catalog.client.releaseGroup(mbid, { signal: options.signal }).catch(noneForUnknownId);
  return group ? storeReleaseGroup(catalog, group) : null;
}

/**
 * The release group (album) a release is an edition of: a ListenBrainz listen's mapping and a
 * Last.fm album id name a release (one pressing), where liner's albums are release groups. One
 * request: the release comes with its group, credited as the release is when MusicBrainz leaves
 * the group's credit out. Null if MusicBrainz has no such release.
 */
export async function releaseGroupOfRelease(
  catalog: MusicBrainzCatalog,
  releaseMbid: string,
  options: { signal?: AbortSignal } = {},
): Promise<MbReleaseGroup | null> {
  const release = await catalog.client.release(releaseMbid, { signal: options.signal }).catch(noneForUnknownId);
  const group = release?.['release-group'];
  if (!release || !group) return null;
  return { ...group, 'artist-credit': group['artist-credit'] ?? release['artist-credit'] };
}

/** The song a recording is and the album it came out on, by MusicBrainz's names. */
export interface RecordingAlbum {
  artist: string;
  album: string;
  track: string;
  albumMbid: string;
}

/**
 * The album a recording first came out on (a ListenBrainz love names only the recording): among
 * its official releases' album-like groups, a studio album before a compilation, live album or
 * soundtrack (groups with a secondary type), then the earliest. Null if MusicBrainz has no such
 * recording, or lists it on no album.
 */
export async function albumOfRecording(
  catalog: MusicBrainzCatalog,
  recordingMbid: string,
  options: { signal?: AbortSignal } = {},
): Promise<RecordingAlbum | null> {
  const recording = await catalog.client.recording(recordingMbid, { signal: options.signal }).catch(noneForUnknownId);
  const title = recording?.title?.trim();
  if (!recording || !title) return null;
  const groups = (recording.releases ?? [])
    .filter((release) => (release.status ?? 'Official') === 'Official')
    .flatMap((release) => {
      const group = release['release-group'];
      return group && isAlbumLike(group) ? [group] : [];
    });
  const rank = (group: MbReleaseGroup) =>
    `${(group['secondary-types'] ?? []).length > 0 ? 1 : 0}${group['first-release-date'] || '9999'}`;
  const [first] = groups.sort((a, b) => rank(a).localeCompare(rank(b)));
  if (!first) return null;
  return {
    artist: artistCreditName(first['artist-credit'] ?? recording['artist-credit']),
    album: first.title,
    track: title,
    albumMbid: first.id.toLowerCase(),
  };
}
