import { nameKey } from '../../lib/search-text.ts';
import type { CatalogService, MusicBrainzCatalog, RecordingAlbum, SummaryRow } from '../catalog/index.ts';
import {
  albumOfRecording,
  lookUpAlbum,
  lookUpReleaseGroup,
  releaseGroupOfRelease,
  storeReleaseGroup,
} from '../catalog/index.ts';
import type { MusicSearchService } from '../music-search/index.ts';

/**
 * Which album an import's row means (ADR 38), in this order: the MusicBrainz release
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
  /** Other names the file gives the artist (RYM's localized name, the mapping's main artist). */
  otherArtistNames?: string[];
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

/**
 * Words that make a bracketed part of a title an edition of the album rather than its name:
 * "(Super Deluxe)", "(Deluxe Edition)", "[2017 remastered deluxe box set]", "(Remastered)".
 * "Version" is not among them: "Fearless (Taylor's Version)" is another recording.
 */
const EDITION_WORDS =
  /\b(deluxe|edition|remaster(ed)?|expanded|anniversary|bonus|reissue|box set|legacy|special|collector'?s|limited|mono|stereo)\b/i;

/** A title without the parts that name its edition: "Abbey Road (Super Deluxe Edition)" → "Abbey Road". */
export function withoutEdition(title: string): string {
  const bare = title
    .replace(/\s*[([]([^)\]]*)[)\]]/g, (part, inside: string) => (EDITION_WORDS.test(inside) ? ' ' : part))
    .replace(/\s+[-–—]\s+[^-–—]*$/, (suffix) => (EDITION_WORDS.test(suffix) ? '' : suffix))
    .replace(/\s+/g, ' ')
    .trim();
  return bare || title;
}

/** "Artist feat. Guest", "Artist ft. Guest", "Artist featuring Guest": the credit's own artist. */
export function withoutFeatured(artist: string): string {
  return artist.replace(/\s*[([]?\s*\b(feat\.?|ft\.|featuring)\s.*$/i, '').trim() || artist;
}

/** The keys an artist may be known by: as written, and without the guests it features. */
function artistKeys(names: string[]): Set<string> {
  return new Set(names.flatMap((name) => [nameKey(name), nameKey(withoutFeatured(name))]).filter(Boolean));
}

/**
 * The one album the rows can mean, or null: never a guess (ADR 38). The catalogue's albums of the
 * same artist (under any name the row gives) and title are taken; the title's edition is left out
 * only when no title matches as written. One such album is the match whatever its year (RYM dates
 * a reissue by the reissue). Several are told apart by the year, at most one apart, the closest
 * alone; two equally close, or no year to go by, leave the row for the person.
 */
export function chooseLocal(query: AlbumQuery, rows: SummaryRow[]): SummaryRow | null {
  const artists = artistKeys([query.artist, ...(query.otherArtistNames ?? [])]);
  const byArtist = new Map(
    rows
      .filter((row) => [...artistKeys([row.artist_name])].some((key) => artists.has(key)))
      .map((row) => [row.id, row]),
  );
  const same = (key: (title: string) => string) =>
    [...byArtist.values()].filter((row) => key(row.title) === key(query.title));
  const exact = same(nameKey);
  const albums = exact.length > 0 ? exact : same((title) => nameKey(withoutEdition(title)));
  if (albums.length <= 1) return albums[0] ?? null;
  if (query.year === null) return null;
  const year = query.year;
  const ranked = albums
    .map((row) => ({ row, distance: Math.abs((yearOf(row.release_date) ?? Number.POSITIVE_INFINITY) - year) }))
    .filter(({ distance }) => distance <= 1)
    .sort((a, b) => a.distance - b.distance);
  const [first, second] = ranked;
  return first && (!second || second.distance > first.distance) ? first.row : null;
}

export interface AlbumMatcherDeps {
  catalog: Pick<CatalogService, 'findAlbumIdByMbid'>;
  musicSearch: Pick<MusicSearchService, 'localAlbums'>;
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
    const others = (query.otherArtistNames ?? []).map(nameKey);
    const key = [nameKey(query.artist), nameKey(query.title), query.year ?? '', ...ids, ...others].join('\u0000');
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

  /** Searches for the album by its plainer names, each once, the first as written excluded. */
  private plainerSearches(query: AlbumQuery): string[] {
    const title = withoutEdition(query.title);
    const names = [query.artist, ...(query.otherArtistNames ?? [])].map(withoutFeatured);
    const searches = names.map((artist) => `${title} ${artist}`);
    return [...new Set(searches)].filter((search) => search !== `${query.title} ${query.artist}`);
  }

  private async find(query: AlbumQuery): Promise<MatchOutcome> {
    const { catalog, musicSearch, musicbrainz } = this.deps;
    const mbid = query.albumMbid?.toLowerCase() ?? null;
    if (mbid) {
      const byId = await catalog.findAlbumIdByMbid(mbid);
      if (byId) return matched(byId);
    }
    const local = await musicSearch.localAlbums(`${query.title} ${query.artist}`, SEARCHED);
    let confident = chooseLocal(query, local);
    // The search wants every word: without the edition and the guests it may find the album.
    for (const name of this.plainerSearches(query)) {
      if (confident) break;
      confident = chooseLocal(query, await musicSearch.localAlbums(name, SEARCHED));
    }
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
