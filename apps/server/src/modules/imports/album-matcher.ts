import type { CatalogService, MusicBrainzCatalog, RecordingAlbum, SummaryRow } from '../catalog/index.ts';
import {
  albumOfRecording,
  lookUpAlbum,
  lookUpReleaseGroup,
  nameKey,
  releaseGroupOfRelease,
  storeReleaseGroup,
} from '../catalog/index.ts';
import type { MusicSearchService } from '../music-search/index.ts';

/**
 * Which album an import's row means (issue #18, ADR 38), in this order: the MusicBrainz release
 * group id the file carries; the catalogue's album with the same artist and title (compared as ADR 31's
 * matching compares them) and, when both have a year, a year at most one apart; then, at
 * MusicBrainz's shared pace, the release group of that id, the release group of the release id the
 * file carries, and MusicBrainz by name with the same rule. Anything less is no match, with the albums it
 * may be offered to the person: a rating on the wrong album is worse than a row left to resolve.
 */

export interface MatchOutcome {
  albumId: string | null;
  /** For no match: album ids it may be, best first. */
  candidates: string[];
  /** For no match: why, in words shown beside the row. */
  message: string | null;
}

export interface AlbumQuery {
  artist: string;
  title: string;
  year: number | null;
  albumMbid: string | null;
  /** A release (one edition) the file names, as ListenBrainz's mapping and Last.fm do. */
  releaseMbid: string | null;
}

/** Albums read from the catalogue's search per row; the right one is among the first few. */
const SEARCHED = 20;
const OFFERED = 6;

export const NO_SUCH_ALBUM = 'No album in the catalogue has this artist and title';

/** Why a loved recording no listen names could not be placed (ListenBrainz), by what was tried. */
export const recordingUnknown = {
  offline: (mbid: string) => `Loved recording ${mbid} is not among your listens, so its song is unknown`,
  unavailable: (mbid: string) =>
    `Loved recording ${mbid} is not among your listens, and MusicBrainz could not be asked which song it is`,
  nowhere: (mbid: string) =>
    `Loved recording ${mbid} is not among your listens, and MusicBrainz knows no album with it`,
};
export const MUSICBRAINZ_UNAVAILABLE =
  'No album in the catalogue has this artist and title, and MusicBrainz could not be asked';

function yearOf(date: string | null): number | null {
  const year = Number(date?.slice(0, 4));
  return date && Number.isInteger(year) && year > 0 ? year : null;
}

/** The confident local match among search answers, or null (see the module comment). */
export function chooseLocal(query: AlbumQuery, rows: SummaryRow[]): SummaryRow | null {
  const title = nameKey(query.title);
  const artist = nameKey(query.artist);
  let best: { row: SummaryRow; distance: number } | null = null;
  for (const row of rows) {
    if (nameKey(row.title) !== title || nameKey(row.artist_name) !== artist) continue;
    const theirs = yearOf(row.release_date);
    const distance = query.year === null || theirs === null ? 0.5 : Math.abs(theirs - query.year);
    if (distance > 1) continue;
    // Rows come most popular first: on a tie the more popular album wins.
    if (!best || distance < best.distance) best = { row, distance };
  }
  return best?.row ?? null;
}

export interface AlbumMatcherDeps {
  catalog: CatalogService;
  musicSearch: MusicSearchService;
  musicbrainz?: MusicBrainzCatalog;
}

export class AlbumMatcher {
  /** One import asks about each album once, however many rows name it. */
  private readonly known = new Map<string, MatchOutcome>();

  constructor(
    private readonly deps: AlbumMatcherDeps,
    private readonly signal?: AbortSignal,
  ) {}

  async match(query: AlbumQuery): Promise<MatchOutcome> {
    const ids = [query.albumMbid ?? '', query.releaseMbid ?? ''];
    const key = [nameKey(query.artist), nameKey(query.title), query.year ?? '', ...ids].join('\u0000');
    const remembered = this.known.get(key);
    if (remembered) return remembered;
    const outcome = await this.find(query);
    this.known.set(key, outcome);
    return outcome;
  }

  /**
   * The song a loved recording is and the album it came out on, from MusicBrainz (ListenBrainz
   * names a love by its recording alone when no listen names it); or why that is not known.
   */
  async recording(mbid: string): Promise<RecordingAlbum | string> {
    const { musicbrainz } = this.deps;
    if (!musicbrainz) return recordingUnknown.offline(mbid);
    if (musicbrainz.client.open) return recordingUnknown.unavailable(mbid);
    try {
      return (await albumOfRecording(musicbrainz, mbid, { signal: this.signal })) ?? recordingUnknown.nowhere(mbid);
    } catch (error) {
      // Closing the app cuts the request short: the row stays pending and is read again.
      if (this.signal?.aborted) throw error;
      return recordingUnknown.unavailable(mbid);
    }
  }

  /**
   * Albums to offer for a row with no match: the full search's answers, else the search with fewer
   * words (the title without its edition and the artist, the title, the artist), as a person
   * looking for it would try.
   */
  private async nearNames(query: AlbumQuery, full: SummaryRow[]): Promise<SummaryRow[]> {
    const found = [...full];
    const bare = bareTitle(query.title);
    for (const q of [`${bare} ${query.artist}`, bare, query.artist]) {
      if (found.length >= OFFERED) break;
      found.push(...(await this.deps.musicSearch.localAlbums(q, OFFERED)));
    }
    return found;
  }

  private async find(query: AlbumQuery): Promise<MatchOutcome> {
    const { catalog, musicSearch, musicbrainz } = this.deps;
    const mbid = query.albumMbid?.toLowerCase() ?? null;
    if (mbid) {
      const byId = await catalog.findAlbumIdByMbid(mbid);
      if (byId) return matched(byId);
    }
    const local = await musicSearch.localAlbums(`${query.title} ${query.artist}`, SEARCHED);
    const confident = chooseLocal(query, local);
    if (confident) return matched(confident.id);
    let outside: SummaryRow[] = [];
    let asked = false;
    if (musicbrainz && !musicbrainz.client.open) {
      try {
        if (mbid) {
          const stub = await lookUpReleaseGroup(musicbrainz, mbid, { signal: this.signal });
          if (stub) return matched(stub.id);
        }
        const release = query.releaseMbid?.toLowerCase();
        if (release) {
          const group = await releaseGroupOfRelease(musicbrainz, release, { signal: this.signal });
          const known = group && (await catalog.findAlbumIdByMbid(group.id.toLowerCase()));
          if (known) return matched(known);
          const stub = group && (await storeReleaseGroup(musicbrainz, group));
          if (stub) return matched(stub.id);
        }
        const answer = await lookUpAlbum(musicbrainz, query, { signal: this.signal });
        if (answer.match) return matched(answer.match.id);
        outside = answer.candidates;
        asked = true;
      } catch (error) {
        // Closing the app cuts the request short: the row stays pending and is read again.
        if (this.signal?.aborted) throw error;
      }
    }
    const candidates = [...new Set([...(await this.nearNames(query, local)), ...outside].map((row) => row.id))].slice(
      0,
      OFFERED,
    );
    return {
      albumId: null,
      candidates,
      message: musicbrainz && !asked ? MUSICBRAINZ_UNAVAILABLE : NO_SUCH_ALBUM,
    };
  }
}

/** A title without its edition: "Kind of Blue (Legacy Edition)" → "Kind of Blue". */
function bareTitle(title: string): string {
  return title.replace(/\s*[([][^)\]]*[)\]]/g, ' ').trim() || title;
}

function matched(albumId: string): MatchOutcome {
  return { albumId, candidates: [], message: null };
}
