import { nameKey } from '../../catalog/index.ts';
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

interface AlbumGroup {
  row: ListensRow;
  days: Set<string>;
  /** Each day's songs by their folded names, each with its first spelling. */
  songsOn: Map<string, Map<string, string>>;
  /** The songs heard at each second, to tell a copy of a listen from another listen. */
  songsAt: Map<number, string[]>;
}

/**
 * One recording at one second is one play (ListenBrainz's listen table is unique on listened_at,
 * user and recording): a second copy is a scrobbler's echo, not a replay. Copies are written
 * alike, so the song is compared as written.
 */
function isCopy(group: AlbumGroup, second: number, track: string): boolean {
  const songs = group.songsAt.get(second);
  if (songs?.includes(track)) return true;
  if (songs) songs.push(track);
  else group.songsAt.set(second, [track]);
  return false;
}

function noAlbumMessage(noun: ListenNoun, listens: number): string {
  return listens === 1
    ? `This ${noun} has no album, and the diary logs albums`
    : `These ${listens} ${noun}s have no album, and the diary logs albums`;
}

export function groupListens(listens: Listen[], today: string, noun: ListenNoun): ParsedRow[] {
  const tomorrow = Date.parse(`${today}T00:00:00Z`) / 1000 + DAY_SECONDS;
  const bad: BadRow[] = [];
  const noAlbum = new Map<string, { row: BadRow; listens: number }>();
  const albums = new Map<string, AlbumGroup>();
  const folded = remembered(keyOf);
  const dayOf = remembered((day: number) => utcDay(day * DAY_SECONDS));
  // Looked up by the names as written; a new spelling finds its album by the folded names.
  const albumOf = remembered((written: string) => {
    const [artist = '', album = ''] = written.split('\u0000');
    return `${folded(artist)}\n${folded(album)}`;
  });

  for (const listen of listens) {
    const second = secondOrProblem(listen, tomorrow, noun);
    const { line, artist, album, track } = listen;
    if (typeof second === 'string') {
      bad.push({ kind: 'bad', line, artist, title: album || track, message: second });
      continue;
    }
    if (!album.trim()) {
      const key = `${folded(artist)}\n${folded(track)}`;
      const group = noAlbum.get(key) ?? { row: { kind: 'bad', line, artist, title: track, message: '' }, listens: 0 };
      group.listens += 1;
      noAlbum.set(key, group);
      continue;
    }
    const key = albumOf(`${artist}\u0000${album}`);
    let group = albums.get(key);
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
      group = { row, days: new Set(), songsOn: new Map(), songsAt: new Map() };
      albums.set(key, group);
    }
    if (isCopy(group, second, track)) continue;
    const day = dayOf(Math.floor(second / DAY_SECONDS));
    group.days.add(day);
    if (track.trim()) {
      let songs = group.songsOn.get(day);
      if (!songs) {
        songs = new Map();
        group.songsOn.set(day, songs);
      }
      const song = folded(track);
      if (!songs.has(song)) songs.set(song, track.trim());
    }
    group.row.plays += 1;
    group.row.albumMbid ??= listen.albumMbid;
    group.row.releaseMbid ??= listen.releaseMbid;
  }

  const grouped = [...albums.values()].map(({ row, days, songsOn }) => ({
    ...row,
    days: [...days].sort(),
    songs: Object.fromEntries([...songsOn].map(([day, songs]) => [day, [...songs.values()]])),
  }));
  const unplaced = [...noAlbum.values()].map(({ row, listens }) => ({
    ...row,
    message: noAlbumMessage(noun, listens),
  }));
  return byLine([...grouped, ...unplaced, ...bad]);
}
