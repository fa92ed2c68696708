import { IMPORT_EMPTY, IMPORT_WRONG_FORMAT } from '@liner/shared';
import { type CsvRow, csvRows } from './csv-read.ts';
import { textOf } from './file-text.ts';
import { byLine, type Listen, ListenGroups } from './group-listens.ts';
import { scrobbleSeconds } from './lastfm-date.ts';
import { mbidOf } from './mbid.ts';
import { withinRowLimit } from './row-limit.ts';
import { type BadRow, ImportFormatError, type ParsedRow, type Parser } from './types.ts';

/*
 * Last.fm scrobbles as CSV. Last.fm itself exports nothing; people use:
 * - benfoxall/lastfm-to-csv (benjaminbenben.com/lastfm-to-csv; index.html and js/lastfm-export.js):
 *   no header, one scrobble a line, newest first, "artist,album,track,date" with every comma and
 *   double quote removed from the values (so nothing is quoted), LF line ends. The song playing
 *   while the file was made has no <date> and gets an empty date column.
 * - lastfm.ghan.nl/export ("Recent Tracks"): a header "uts,utc_time,artist,artist_mbid,album,
 *   album_mbid,track,track_mbid" (as importers of it quote it, e.g. in their tests); uts is the
 *   Unix time. Any header naming artist, track and uts, date or utc_time is read the same way.
 */

/** Whether the file starts with a header, how many columns a row has, and where each value is (-1: nowhere). */
interface Layout {
  header: boolean;
  width: number;
  artist: number;
  album: number;
  track: number;
  uts: number;
  date: number;
  albumMbid: number;
}

const LASTFM_TO_CSV: Layout = {
  header: false,
  width: 4,
  artist: 0,
  album: 1,
  track: 2,
  uts: -1,
  date: 3,
  albumMbid: -1,
};

function headerLayout(fields: string[]): Layout | null {
  const names = fields.map((name) => name.trim().toLowerCase());
  const column = (...candidates: string[]) => names.findIndex((name) => candidates.includes(name));
  const layout = {
    header: true,
    width: names.length,
    artist: column('artist'),
    album: column('album'),
    track: column('track'),
    uts: column('uts'),
    date: column('date', 'utc_time'),
    albumMbid: column('album_mbid'),
  };
  return layout.artist >= 0 && layout.track >= 0 && (layout.uts >= 0 || layout.date >= 0) ? layout : null;
}

/** lastfm-to-csv's shape: four columns, the last a date (checked on the first lines, past a now-playing one). */
function isLastfmToCsv(rows: CsvRow[]): boolean {
  return rows.slice(0, 5).some(({ fields }) => fields.length === 4 && scrobbleSeconds(fields[3] ?? '') !== null);
}

function listenOf({ line, fields }: CsvRow, layout: Layout): Listen | BadRow {
  const value = (column: number) => (column >= 0 ? (fields[column] ?? '').trim() : '');
  const [artist, album, track] = [value(layout.artist), value(layout.album), value(layout.track)];
  const bad = (message: string): BadRow => ({ kind: 'bad', line, artist, title: album || track, message });
  if (fields.length !== layout.width) {
    return bad(`The row has ${fields.length} columns; a Last.fm scrobble row has ${layout.width}`);
  }
  if (!artist) return bad('This scrobble has no artist');
  const [uts, date] = [value(layout.uts), value(layout.date)];
  if (!uts && !date) {
    return bad('This scrobble has no date (Last.fm lists the song playing as the file is made without one)');
  }
  const at = /^\d+$/.test(uts) ? Number(uts) : scrobbleSeconds(date);
  // Last.fm's album mbid is a MusicBrainz release id, not a release group's.
  return {
    line,
    artist,
    album,
    track,
    at,
    dateText: date || uts,
    albumMbid: null,
    releaseMbid: mbidOf(value(layout.albumMbid)),
  };
}

/** How many lines are read before the file's layout is decided (a now-playing line may come first). */
const LAYOUT_LINES = 5;

export const parseLastfm: Parser = (bytes, { today }) => {
  const text = textOf(bytes);
  if (text === null) throw new ImportFormatError(IMPORT_WRONG_FORMAT.lastfm);
  const reader = csvRows(text);
  const first: CsvRow[] = [];
  // Taken with next(): leaving a for…of early would close the reader.
  while (first.length < LAYOUT_LINES) {
    const next = reader.next();
    if (next.done) break;
    first.push(next.value);
  }
  if (first.length === 0) throw new ImportFormatError(IMPORT_EMPTY);
  const layout = headerLayout(first[0]?.fields ?? []) ?? (isLastfmToCsv(first) ? LASTFM_TO_CSV : null);
  if (!layout) throw new ImportFormatError(IMPORT_WRONG_FORMAT.lastfm);

  const bad: ParsedRow[] = [];
  const groups = new ListenGroups(today, 'scrobble');
  let scrobbles = 0;
  const read = (row: CsvRow) => {
    scrobbles += 1;
    const listen = listenOf(row, layout);
    if ('kind' in listen) bad.push(listen);
    else groups.add(listen);
    withinRowLimit(bad.length + groups.size);
  };
  for (const row of layout.header ? first.slice(1) : first) read(row);
  for (const row of reader) read(row);
  if (scrobbles === 0) throw new ImportFormatError(IMPORT_EMPTY);
  return byLine([...bad, ...groups.rows()]);
};
