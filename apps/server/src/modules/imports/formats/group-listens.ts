import { nameKey } from '../../../lib/search-text.ts';
import type { BadRow, ListensRow, ParsedRow } from './types.ts';

/**
 * Listens (ListenBrainz) and scrobbles (Last.fm) become one row per album: the days it was heard
 * and how often. Artist and album are compared by the catalogue's nameKey, the key the importer
 * matches by, so "Björk", "BJORK" and "bjork" are one album; the first spelling seen is shown.
 * A file may hold 300,000 scrobbles: names are folded once per spelling, not once per listen.
 */

export interface Listen {
  line: number;
  artist: string;
  /** Empty when the listen names no album. */
  album: string;
  track: string;
  /** Unix seconds; null when the file's date could not be read. */
  at: number | null;
  /** The date as the file wrote it, for messages. */
  dateText: string;
  albumMbid: string | null;
  releaseMbid: string | null;
  /** The first artist MusicBrainz credits, when the file's mapping names one unlike `artist`. */
  mainArtist?: string | null;
}

/** What the service calls one play, for messages: ListenBrainz says listen, Last.fm scrobble. */
export type ListenNoun = 'listen' | 'scrobble';

const DAY_SECONDS = 86_400;
const EARLIEST = Date.UTC(1900, 0, 1) / 1000;
/** The furthest Date can go (±100,000,000 days from 1970), in seconds. */
const LAST_SECOND = 8.64e12;

/** 'YYYY-MM-DD' in UTC of a Unix second. */
function utcDay(seconds: number): string {
  return new Date(Math.floor(seconds / DAY_SECONDS) * DAY_SECONDS * 1000).toISOString().slice(0, 10);
}

/** Rows in file order; parsers list their own bad rows among the grouped ones this way. */
export function byLine(rows: ParsedRow[]): ParsedRow[] {
  return rows.sort((a, b) => a.line - b.line);
}

/** A listen's Unix second when it is a day a diary can hold, else why it is not. */
function secondOrProblem(listen: Listen, tomorrow: number, noun: ListenNoun): number | string {
  const { at } = listen;
  if (at === null || !Number.isFinite(at) || Math.abs(at) > LAST_SECOND) {
    return listen.dateText ? `The ${noun}'s date "${listen.dateText}" is not a date` : `This ${noun} has no date`;
  }
  if (at >= tomorrow) return `The ${noun}'s date ${utcDay(at)} is after today`;
  if (at < EARLIEST) return `The ${noun}'s date ${utcDay(at)} is before 1900, so it is not a real day`;
  // Day 0 of Unix time: Last.fm dates a scrobble 1 January 1970 when it does not know when it was.
  if (Math.floor(at / DAY_SECONDS) === 0) {
    return `The ${noun}'s date is 1 January 1970, which is written when the real day is unknown`;
  }
  return Math.floor(at);
}

/** A value worked out once per key and remembered. */
function remembered<K, V>(compute: (key: K) => V): (key: K) => V {
  const values = new Map<K, V>();
  return (key) => {
    let value = values.get(key);
    if (value === undefined) {
      value = compute(key);
      values.set(key, value);
    }
    return value;
  };
}

/** A name as the importer compares it; one that folds to nothing ("( )") by its own text. */
const keyOf = (name: string) => nameKey(name) || name.trim();

/**
 * An album's listens, kept small: a history of 250,000 listens is read within a worker's heap.
 * Each day holds the songs heard that day as first spelt that day, one string a spelling.
 */
interface AlbumGroup {
  row: ListensRow;
  songsOn: Map<string, string[]>;
}

/** Seconds remembered to tell a copy of a listen from a replay: files list listens in time order. */
const COPY_WINDOW = 256;

/**
 * One recording at one second is one play (ListenBrainz's listen table is unique on listened_at,
 * user and recording): a second copy is a scrobbler's echo, not a replay. Copies are written
 * alike, so the song is compared as written. Exports list listens in time order, so a copy sits
 * beside its original: only the last COPY_WINDOW seconds are remembered, not one entry a listen.
 */
class RecentListens {
  private readonly at = new Map<number, Set<string>>();

  isCopy(second: number, album: string, track: string): boolean {
    const key = `${album}\u0000${track}`;
    const seen = this.at.get(second);
    if (seen?.has(key)) return true;
    if (seen) {
      seen.add(key);
      return false;
    }
    this.at.set(second, new Set([key]));
    if (this.at.size > COPY_WINDOW) this.at.delete(this.at.keys().next().value as number);
    return false;
  }
}

function noAlbumMessage(noun: ListenNoun, listens: number): string {
  return listens === 1
    ? `This ${noun} has no album, and the diary logs albums`
    : `These ${listens} ${noun}s have no album, and the diary logs albums`;
}

/**
 * Listens added one at a time as a file is read, so nothing but the groups is held: a file's
 * listens are never all in memory at once. `size` is the rows the groups will make, for the
 * parser to stop at the row limit while it reads.
 */
export class ListenGroups {
  private readonly tomorrow: number;
  private readonly bad: BadRow[] = [];
  private readonly noAlbum = new Map<string, { row: BadRow; listens: number }>();
  private readonly albums = new Map<string, AlbumGroup>();
  private readonly recent = new RecentListens();
  /** One string per spelling of a song, however many listens spell it so. */
  private readonly spelling = remembered((song: string) => song);
  private readonly folded = remembered(keyOf);
  private readonly dayOf = remembered((day: number) => utcDay(day * DAY_SECONDS));
  // Looked up by the names as written; a new spelling finds its album by the folded names.
  private readonly albumOf = remembered((written: string) => {
    const [artist = '', album = ''] = written.split('\u0000');
    return `${this.folded(artist)}\n${this.folded(album)}`;
  });

  constructor(
    today: string,
    private readonly noun: ListenNoun,
  ) {
    this.tomorrow = Date.parse(`${today}T00:00:00Z`) / 1000 + DAY_SECONDS;
  }

  get size(): number {
    return this.bad.length + this.noAlbum.size + this.albums.size;
  }

  add(listen: Listen): void {
    const second = secondOrProblem(listen, this.tomorrow, this.noun);
    const { line, artist, album, track } = listen;
    if (typeof second === 'string') {
      this.bad.push({ kind: 'bad', line, artist, title: album || track, message: second });
      return;
    }
    if (!album.trim()) {
      const key = `${this.folded(artist)}\n${this.folded(track)}`;
      const group = this.noAlbum.get(key) ?? {
        row: { kind: 'bad', line, artist, title: track, message: '' },
        listens: 0,
      };
      group.listens += 1;
      this.noAlbum.set(key, group);
      return;
    }
    const key = this.albumOf(`${artist}\u0000${album}`);
    let group = this.albums.get(key);
    if (!group) {
      const row: ListensRow = {
        kind: 'listens',
        line,
        artist,
        title: album,
        albumMbid: null,
        releaseMbid: null,
        days: [],
        plays: 0,
      };
      group = { row, songsOn: new Map() };
      this.albums.set(key, group);
    }
    if (this.recent.isCopy(second, key, track)) return;
    const day = this.dayOf(Math.floor(second / DAY_SECONDS));
    let songs = group.songsOn.get(day);
    if (!songs) {
      songs = [];
      group.songsOn.set(day, songs);
    }
    const song = track.trim();
    if (song) {
      const folded = this.folded(song);
      if (!songs.some((heard) => this.folded(heard) === folded)) songs.push(this.spelling(song));
    }
    group.row.plays += 1;
    group.row.albumMbid ??= listen.albumMbid;
    group.row.releaseMbid ??= listen.releaseMbid;
    if (listen.mainArtist) group.row.mainArtist ??= listen.mainArtist;
  }

  rows(): ParsedRow[] {
    const grouped = [...this.albums.values()].map(({ row, songsOn }) => {
      const days = [...songsOn.keys()].sort();
      const songs = days.flatMap((day) => {
        const heard = songsOn.get(day) ?? [];
        return heard.length > 0 ? [[day, heard] as const] : [];
      });
      return { ...row, days, songs: Object.fromEntries(songs) };
    });
    const unplaced = [...this.noAlbum.values()].map(({ row, listens }) => ({
      ...row,
      message: noAlbumMessage(this.noun, listens),
    }));
    return byLine([...grouped, ...unplaced, ...this.bad]);
  }
}
