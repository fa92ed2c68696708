import type { BadRow, ListensRow, LovedRow, ParsedRow } from '../../modules/imports/formats/types.ts';
import { cycled, type KnownAlbum, trackOf, UNKNOWN_ALBUMS, withoutAccents } from './fixture-albums.ts';
import {
  type FeedbackFixture,
  fixtureMbid,
  inFileOrder,
  type ListenFixture,
  lastfmCsv,
  lastfmValue,
  listenBrainzZip,
} from './fixture-files.ts';

/**
 * One listening history, January to March 2024, exported by ListenBrainz (a zip) or Last.fm
 * (lastfm-to-csv): about 230 plays of the test's known albums and five of UNKNOWN_ALBUMS (some with
 * release-group and release ids), names in capitals without accents, the same play twice, a leap
 * day and a midnight in UTC, a play dated in 2099 and one on 1 January 1970, plays with no album,
 * and (ListenBrainz) loved and hated recordings, (Last.fm) the song playing as the file was made.
 * Parse it with a `today` from 2024-03-01 to 2099-05-31.
 */
export interface MessyListens {
  bytes: Buffer;
  expected: {
    /** What the parser gives, row for row. */
    rows: ParsedRow[];
    /** Listens (scrobbles) in the file. */
    listens: number;
    /** ListensRows: one per album. */
    albums: number;
    /** ListensRows of known albums: an importer matches them. */
    known: number;
    /** ListensRows of UNKNOWN_ALBUMS: left for their owner to resolve. */
    unknown: number;
    bad: number;
    loved: number;
    /** Plays counted in the ListensRows (a play written twice counts once). */
    plays: number;
    /** Days summed over the ListensRows: the diary entries an import makes. */
    days: number;
  };
}

type Outcome =
  | { album: string; source: 'known' | 'unknown' }
  | { noAlbum: string }
  | { copy: true }
  | { problem: (noun: string) => string };

interface Play extends Omit<ListenFixture, 'at'> {
  album: string;
  /** null: the song playing as a Last.fm file is made. */
  at: Date | null;
  outcome: Outcome;
}

const HOUR = 3_600_000;
const START = Date.UTC(2024, 0, 1);
const REGULAR_PLAYS = 220;
const RECORDING = fixtureMbid('recording:loved');
const LOVED_MSID = fixtureMbid('msid:loved');
const UNHEARD = fixtureMbid('recording:unheard');
const at = (iso: string) => new Date(iso);

function regularPlays(known: KnownAlbum[]): Play[] {
  const plays: Play[] = [];
  let next = 0;
  for (let i = 0; i < REGULAR_PLAYS; i += 1) {
    const unknown = i % 6 === 5;
    const index = unknown ? Math.floor(i / 6) % 5 : next++ % known.length;
    const album = unknown ? cycled(UNKNOWN_ALBUMS, index) : cycled(known, index);
    const ids =
      unknown && index === 0 ? { releaseGroupMbid: fixtureMbid('rg:0'), releaseMbid: fixtureMbid('rel:0') } : {};
    const play: Play = {
      at: new Date(START + i * 5 * HOUR + (i % 7) * 61_000),
      artist: i % 11 === 3 ? withoutAccents(album.artist).toUpperCase() : album.artist,
      album: album.title,
      track: trackOf(album, i),
      ...ids,
      ...(i === 0 ? { recordingMbid: RECORDING } : i === 1 ? { msid: LOVED_MSID } : {}),
      outcome: { album: `${unknown ? 'unknown' : 'known'}:${index}`, source: unknown ? 'unknown' : 'known' },
    };
    plays.push(play);
    if (i % 40 === 13) plays.push({ ...play, outcome: { copy: true } });
  }
  return plays;
}

function oddPlays(first: KnownAlbum): Play[] {
  const { artist, title: album } = first;
  const kept = { album: 'known:0', source: 'known' } as const;
  const play = (iso: string, track: string, outcome: Outcome, named = album): Play => ({
    at: at(iso),
    artist,
    album: named,
    track,
    outcome,
  });
  const burial = (iso: string): Play => ({
    at: at(iso),
    artist: 'Burial',
    album: '',
    track: 'Archangel',
    outcome: { noAlbum: 'burial' },
  });
  return [
    play('2024-02-29T10:00:00Z', trackOf(first, 1), kept),
    play('2024-02-29T23:59:59Z', trackOf(first, 2), kept),
    play('2024-03-01T00:00:01Z', trackOf(first, 3), kept),
    play('2099-06-01T12:00:00Z', trackOf(first, 4), {
      problem: (noun) => `The ${noun}'s date 2099-06-01 is after today`,
    }),
    play('1970-01-01T00:00:00Z', trackOf(first, 5), {
      problem: (noun) => `The ${noun}'s date is 1 January 1970, which is written when the real day is unknown`,
    }),
    burial('2024-01-05T01:00:00Z'),
    burial('2024-01-20T02:00:00Z'),
    burial('2024-02-03T03:00:00Z'),
    play('2024-02-10T12:00:00Z', 'Untitled Demo', { noAlbum: 'demo' }, ''),
  ];
}

function plannedPlays(known: KnownAlbum[]): Play[] {
  return [...regularPlays(known), ...oddPlays(cycled(known, 0))];
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

interface Rendering {
  noun: string;
  /** A name as the file writes it. */
  shown: (text: string) => string;
  /** Whether the file carries the release-group and release ids. */
  ids: boolean;
}

/** The rows a history gives, worked out from the plan (not by folding names as the parser does). */
function expectedRows(inFile: Play[], { noun, shown, ids }: Rendering): { rows: ParsedRow[]; known: number } {
  const albums = new Map<string, { row: ListensRow; days: Set<string>; songs: Record<string, string[]> }>();
  const noAlbum = new Map<string, { row: BadRow; listens: number }>();
  const known = new Set<string>();
  const rows: ParsedRow[] = [];
  inFile.forEach((play, i) => {
    const line = i + 1;
    const { outcome } = play;
    const [artist, album, track] = [shown(play.artist), shown(play.album), shown(play.track)];
    if ('problem' in outcome) {
      rows.push({ kind: 'bad', line, artist, title: album || track, message: outcome.problem(noun) });
    }
    if ('noAlbum' in outcome) {
      const group = noAlbum.get(outcome.noAlbum) ?? {
        row: { kind: 'bad', line, artist, title: track, message: '' },
        listens: 0,
      };
      group.listens += 1;
      noAlbum.set(outcome.noAlbum, group);
    }
    if (!('album' in outcome) || !play.at) return;
    const group = albums.get(outcome.album) ?? {
      row: { kind: 'listens', line, artist, title: album, albumMbid: null, releaseMbid: null, days: [], plays: 0 },
      days: new Set<string>(),
      songs: {},
    };
    const day = utcDay(play.at);
    group.days.add(day);
    // The songs of each day in the order the file first names them, each once.
    const songs = group.songs[day] ?? [];
    if (!songs.includes(track)) group.songs[day] = [...songs, track];
    group.row.plays += 1;
    if (ids) {
      group.row.albumMbid ??= play.releaseGroupMbid ?? null;
      group.row.releaseMbid ??= play.releaseMbid ?? null;
    }
    albums.set(outcome.album, group);
    if (outcome.source === 'known') known.add(outcome.album);
  });
  for (const { row, listens } of noAlbum.values()) {
    const message =
      listens === 1
        ? `This ${noun} has no album, and the diary logs albums`
        : `These ${listens} ${noun}s have no album, and the diary logs albums`;
    rows.push({ ...row, message });
  }
  for (const { row, days, songs } of albums.values()) rows.push({ ...row, days: [...days].sort(), songs });
  return { rows, known: known.size };
}

function summary(rows: ParsedRow[], listens: number, knownRows: number): MessyListens['expected'] {
  const albums = rows.filter((row): row is ListensRow => row.kind === 'listens');
  return {
    rows: rows.sort((a, b) => a.line - b.line),
    listens,
    albums: albums.length,
    known: knownRows,
    unknown: albums.length - knownRows,
    bad: rows.filter((row) => row.kind === 'bad').length,
    loved: rows.filter((row) => row.kind === 'loved').length,
    plays: albums.reduce((sum, row) => sum + row.plays, 0),
    days: albums.reduce((sum, row) => sum + row.days.length, 0),
  };
}

/** The feedback of the history and the rows it gives, numbered after the listens. */
function lovedFeedback(plays: Play[], afterLine: number): { feedback: FeedbackFixture[]; rows: ParsedRow[] } {
  const named = (play: Play | undefined, recordingMbid: string | null, line: number): LovedRow => ({
    kind: 'loved',
    line,
    artist: play?.artist ?? '',
    title: play?.album ?? '',
    track: play?.track ?? '',
    recordingMbid,
    albumMbid: null,
    releaseMbid: null,
  });
  const [first, second] = plays;
  const line = (n: number) => afterLine + n;
  return {
    feedback: [
      { recordingMbid: RECORDING, score: 1 },
      { msid: LOVED_MSID, score: 1 },
      { recordingMbid: UNHEARD, score: 1 },
      { msid: fixtureMbid('msid:hated'), score: -1 },
      { msid: fixtureMbid('msid:Burial:Archangel'), score: 1 },
    ],
    rows: [
      named(first, RECORDING, line(1)),
      named(second, null, line(2)),
      // No listen names it: left for MusicBrainz to name when the rows are read.
      { ...named(undefined, UNHEARD, line(3)), track: '' },
      {
        kind: 'bad',
        line: line(5),
        artist: 'Burial',
        title: 'Archangel',
        message: 'This loved song was only heard with no album, and the diary logs albums',
      },
    ],
  };
}

export function messyListenBrainzExport(known: KnownAlbum[]): MessyListens {
  const plays = plannedPlays(known);
  const inFile = inFileOrder(plays.flatMap((play) => (play.at ? [{ ...play, at: play.at }] : [])));
  const { feedback, rows: loved } = lovedFeedback(plays, inFile.length);
  const listens: ListenFixture[] = inFile.map(({ outcome, album, ...listen }) => ({
    ...listen,
    album: album || undefined,
  }));
  const expected = expectedRows(inFile, { noun: 'listen', shown: (text) => text, ids: true });
  return {
    bytes: listenBrainzZip({ listens, feedback, pinned: true }),
    expected: summary([...expected.rows, ...loved], inFile.length, expected.known),
  };
}

export function messyLastfmExport(known: KnownAlbum[]): MessyListens {
  const message = 'This scrobble has no date (Last.fm lists the song playing as the file is made without one)';
  const nowPlaying: Play = {
    at: null,
    artist: 'Burial',
    album: 'Untrue',
    track: 'Near Dark',
    outcome: { problem: () => message },
  };
  // Last.fm lists newest first, the song playing now above them all.
  const dated = plannedPlays(known).sort((a, b) => (b.at?.getTime() ?? 0) - (a.at?.getTime() ?? 0));
  const inFile = [nowPlaying, ...dated];
  const expected = expectedRows(inFile, { noun: 'scrobble', shown: lastfmValue, ids: false });
  return {
    bytes: lastfmCsv(inFile.map(({ artist, album, track, at }) => ({ artist, album, track, at }))),
    expected: summary(expected.rows, inFile.length, expected.known),
  };
}
