import type { AlbumRow, BadRow, ParsedRow } from '../../modules/imports/formats/types.ts';
import { cycled, type KnownAlbum, UNKNOWN_ALBUMS, withoutAccents } from './fixture-albums.ts';
import { type RymFixtureRow, type RymRawLine, rymCsv } from './fixture-files.ts';

/**
 * A RateYourMusic export as people's are: 300 rows, most of them the test's known albums (used
 * round and round, so each is rated more than once, with the same rating or another), every tenth
 * one an album of UNKNOWN_ALBUMS, names split into first and last as RYM files people and "The"
 * bands, "Name [Localized]", accents dropped and capitals, HTML entities, reviews with commas,
 * quotes, a line break and blanks, shelved albums rated 0 (some wishlisted), years empty or
 * "0000", and six rows that cannot be read.
 */
export interface MessyRymExport {
  bytes: Buffer;
  expected: {
    /** What parseRym gives, row for row. */
    rows: ParsedRow[];
    /** Rows in the file, good and bad (300). */
    total: number;
    /** AlbumRows. */
    albums: number;
    /** BadRows, each with its message. */
    bad: number;
    /** AlbumRows naming a known album, repeats and odd spellings included: an importer matches them. */
    known: number;
    /** AlbumRows naming one of UNKNOWN_ALBUMS: left for their owner to resolve. */
    unknown: number;
    /** AlbumRows naming an album an earlier row named. */
    repeats: number;
    /** AlbumRows without a rating (RYM's 0). */
    unrated: number;
    reviews: number;
    wishlist: number;
  };
}

const ROWS = 300;
const RATING_MESSAGE = 'Rating must be a whole number from 0 to 10';
const REVIEWS = [
  'Dense, warm and strange.',
  'The "difficult" second side pays off.',
  'First line.\nSecond line, after a break.',
  '  Trimmed on both ends  ',
  'Drums & bass <3',
  '   ',
];
const OWNED = ['n', 'n', 'o', 'u'];
const OWNERSHIP: Record<string, AlbumRow['ownership']> = { o: 'owned', u: 'used', w: 'wishlist' };

interface Planned {
  file: RymFixtureRow | RymRawLine;
  expected: Omit<AlbumRow, 'line'> | Omit<BadRow, 'line'>;
  source: 'known' | 'unknown' | null;
  /** Which album the row names, to count repeats. */
  album: string | null;
}

/** The six unreadable rows, each in place of the row at its position. */
function badRow(i: number, { artist, title }: KnownAlbum): Planned | null {
  const bad = (file: Planned['file'], message: string, names = { artist, title }): Planned => ({
    file,
    expected: { kind: 'bad', ...names, message },
    source: null,
    album: null,
  });
  if (i === 37) return bad({ lastName: artist, title, rating: 11 }, RATING_MESSAGE);
  if (i === 74) return bad({ lastName: artist, title, rating: 'x' }, RATING_MESSAGE);
  if (i === 111) return bad({ lastName: artist, title: '' }, 'The row has no title', { artist, title: '' });
  if (i === 148) {
    const raw = ['9999', '', 'Broken Row Band', '', '', 'Half a Row', '2001'];
    const names = { artist: 'Broken Row Band', title: 'Half a Row' };
    return bad({ raw }, 'The row has 7 columns; a RateYourMusic row has 12', names);
  }
  if (i === 186) return bad({ lastName: artist, title, rating: '4.5' }, RATING_MESSAGE);
  if (i === 222) return bad({ lastName: '', title }, 'The row has no artist', { artist: '', title });
  return null;
}

/** The name as RYM files it: "The" bands and (some) people split, some with a localized name. */
function namesOf(artist: string, i: number): Pick<RymFixtureRow, 'firstName' | 'lastName'> {
  const words = artist.split(' ');
  if (words[0] === 'The' && words.length > 1) return { firstName: 'The', lastName: words.slice(1).join(' ') };
  if (i % 3 === 0 && words.length === 2) return { firstName: words[0], lastName: words[1] as string };
  if (i % 13 === 0) return { lastName: `${artist} [${withoutAccents(artist)}]` };
  return { lastName: artist };
}

function albumRow(i: number, album: KnownAlbum): Omit<Planned, 'source' | 'album'> {
  const oddSpelling = i % 17 === 8;
  const artist = oddSpelling ? withoutAccents(album.artist) : album.artist;
  const title = oddSpelling ? album.title.toUpperCase() : album.title;
  const year = i % 23 === 0 ? '' : i % 29 === 0 ? '0000' : (album.year ?? '');
  const rating = (i * 7) % 11;
  const ownership = rating === 0 ? (i % 2 ? 'w' : 'n') : (OWNED[i % OWNED.length] as string);
  const review = i % 7 === 0 ? REVIEWS[(i / 7) % REVIEWS.length] : undefined;
  return {
    file: { ...namesOf(artist, i), title, year, rating, ownership, review },
    expected: {
      kind: 'album',
      artist,
      title,
      year: typeof year === 'number' ? year : null,
      rating: rating || null,
      review: review?.trim() || null,
      ownership: OWNERSHIP[ownership] ?? null,
    },
  };
}

function plan(known: KnownAlbum[]): Planned[] {
  const planned: Planned[] = [];
  let next = 0;
  for (let i = 0; i < ROWS; i += 1) {
    const bad = badRow(i, cycled(known, i));
    if (bad) {
      planned.push(bad);
    } else if (i % 10 === 5) {
      const index = Math.floor(i / 10) % UNKNOWN_ALBUMS.length;
      planned.push({ ...albumRow(i, cycled(UNKNOWN_ALBUMS, index)), source: 'unknown', album: `unknown:${index}` });
    } else {
      const index = next++ % known.length;
      planned.push({ ...albumRow(i, cycled(known, index)), source: 'known', album: `known:${index}` });
    }
  }
  return planned;
}

export function messyRymExport(known: KnownAlbum[]): MessyRymExport {
  const planned = plan(known);
  let line = 2;
  const rows = planned.map(({ file, expected }) => {
    const row = { ...expected, line } as ParsedRow;
    line += 1 + ('review' in file ? (file.review?.split('\n').length ?? 1) - 1 : 0);
    return row;
  });
  const albums = rows.filter((row): row is AlbumRow => row.kind === 'album');
  const seen = new Set<string>();
  const repeats = planned.filter(({ album }) => album !== null && (seen.has(album) || !seen.add(album))).length;
  return {
    bytes: rymCsv(planned.map(({ file }) => file)),
    expected: {
      rows,
      total: rows.length,
      albums: albums.length,
      bad: rows.length - albums.length,
      known: planned.filter(({ source }) => source === 'known').length,
      unknown: planned.filter(({ source }) => source === 'unknown').length,
      repeats,
      unrated: albums.filter(({ rating }) => rating === null).length,
      reviews: albums.filter(({ review }) => review !== null).length,
      wishlist: albums.filter(({ ownership }) => ownership === 'wishlist').length,
    },
  };
}
