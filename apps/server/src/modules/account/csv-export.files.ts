import type { CsvCell, CsvOptions } from '../../lib/csv.ts';
import { RYM_HEADER } from '../../lib/rym-format.ts';
import type { ExportAlbum, ExportTrack } from './csv-export.repository.ts';

/** The person's rows as the JSON export reads them (export-sections.ts, lists.exportOf). */
export interface CsvExportSource {
  trackRatings: { track_id: string; album_id: string; rating: number }[];
  chosenAlbumIds: ReadonlySet<string>;
  /** Every album with an album rating, chosen or the songs' mean. */
  ratedAlbumIds: readonly string[];
  collection: { album_id: string; rating_tenths: number; date_added: string }[];
  rateLater: { album_id: string; added_at: string }[];
  listens: { id: string; album_id: string; listened_on: string; relisten: number | boolean }[];
  /** The songs heard in each listen, where the diary knows them (imported scrobbles). */
  listenSongs: { listen_id: string; track_id: string }[];
  reviews: {
    album_id: string;
    content: string;
    rating_tenths: number | null;
    created_at: string;
    updated_at: string;
  }[];
  lists: {
    title: string;
    kind: string;
    ranked: number | boolean;
    visibility: string;
    entries: { album_id: string; track_id: string | null; position: number; note: string }[];
  }[];
  albums: ReadonlyMap<string, ExportAlbum>;
  tracks: ReadonlyMap<string, ExportTrack>;
  /** The person's album rating (ADR 21) in tenths of a star, or null. */
  albumRating: (albumId: string) => number | null;
}

const stars = (tenths: number | null | undefined) => (tenths == null ? null : (tenths / 10).toFixed(1));
const year = (date: string | null | undefined) => (date && /^\d{4}/.test(date) ? date.slice(0, 4) : null);
const yes = (flag: number | boolean) => Boolean(Number(flag));

/** RYM rates in whole half stars, 1–10: a songs' mean such as 3.7 stars goes to the nearest, 7. */
export function rymRating(tenths: number): number {
  return Math.min(10, Math.max(1, Math.round(tenths / 5)));
}

// localeCompare's order, without a collator made for every comparison: sorting a large library's
// rows with localeCompare took most of a second.
const collator = new Intl.Collator();

function byText<T>(key: (item: T) => string) {
  return (a: T, b: T) => collator.compare(key(a), key(b));
}

/** One CSV file before it is written: lib/csv.ts writes it, a piece at a time (csv-export.service.ts). */
export interface CsvTable {
  header: readonly string[];
  rows: Iterable<readonly CsvCell[]>;
  options?: CsvOptions;
}

function* mapLazily<T, U>(items: Iterable<T>, map: (item: T) => U): Generator<U> {
  for (const item of items) yield map(item);
}

/** Every CSV of the zip, by file name. */
export function csvFiles(source: CsvExportSource): Record<string, CsvTable> {
  const album = (id: string) => source.albums.get(id);
  const albumCells = (id: string): CsvCell[] => [album(id)?.title, album(id)?.artist_name];
  const albumKey = (id: string) => `${album(id)?.artist_name ?? ''}\u0000${album(id)?.title ?? ''}`;

  const rated = [...source.ratedAlbumIds].filter((id) => source.albumRating(id) !== null).sort(byText(albumKey));
  const ratings = rated.map((id) => [
    ...albumCells(id),
    year(album(id)?.release_date),
    stars(source.albumRating(id)),
    source.chosenAlbumIds.has(id),
    album(id)?.mbid,
    album(id)?.artist_mbid,
    id,
  ]);

  const songRows = source.trackRatings
    .map((row) => ({ row, track: source.tracks.get(row.track_id) }))
    .sort(
      (a, b) =>
        collator.compare(albumKey(a.row.album_id), albumKey(b.row.album_id)) ||
        (a.track?.position ?? 0) - (b.track?.position ?? 0),
    );
  const songRatings = songRows.map(({ row, track }) => [
    track?.title,
    track?.position,
    ...albumCells(row.album_id),
    (row.rating / 2).toFixed(1),
    track?.mbid,
    album(row.album_id)?.mbid,
  ]);

  const reviews = [...source.reviews]
    .sort(byText((row) => row.created_at))
    .map((row) => [
      ...albumCells(row.album_id),
      stars(source.albumRating(row.album_id) ?? row.rating_tenths),
      row.content,
      row.created_at,
      row.updated_at !== row.created_at ? row.updated_at : null,
      album(row.album_id)?.mbid,
    ]);

  const collection = [...source.collection]
    .sort(byText((row) => row.date_added))
    .map((row) => [
      ...albumCells(row.album_id),
      year(album(row.album_id)?.release_date),
      stars(source.albumRating(row.album_id) ?? row.rating_tenths),
      row.date_added,
      album(row.album_id)?.mbid,
    ]);

  const rateLater = [...source.rateLater]
    .sort(byText((row) => row.added_at))
    .map((row) => [
      ...albumCells(row.album_id),
      year(album(row.album_id)?.release_date),
      row.added_at,
      album(row.album_id)?.mbid,
    ]);

  const songsOf = new Map<string, ExportTrack[]>();
  for (const { listen_id, track_id } of source.listenSongs) {
    const track = source.tracks.get(track_id);
    if (!track) continue;
    const songs = songsOf.get(listen_id);
    if (songs) songs.push(track);
    else songsOf.set(listen_id, [track]);
  }
  // A diary may have tens of thousands of rows: each is made when the writer reaches it, between
  // its turns of the event loop, not all before the first byte.
  const diary = mapLazily(source.listens, (row) => [
    row.listened_on,
    yes(row.relisten),
    ...albumCells(row.album_id),
    album(row.album_id)?.mbid,
    // In track-list order, one cell: "Airbag; Lucky".
    (songsOf.get(row.id) ?? [])
      .sort((a, b) => a.position - b.position)
      .map((track) => track.title)
      .join('; ') || null,
  ]);

  const lists = source.lists.flatMap((list) =>
    [...list.entries]
      .sort((a, b) => a.position - b.position)
      .map((entry) => [
        list.title,
        list.kind,
        yes(list.ranked),
        list.visibility,
        entry.position,
        ...albumCells(entry.album_id),
        entry.track_id ? source.tracks.get(entry.track_id)?.title : null,
        entry.note || null,
      ]),
  );

  // Names go whole into Last Name, as RYM files a band; no RYM ids are known, so that column is empty.
  const rym = rated.map((id) => [
    null,
    null,
    album(id)?.artist_name,
    null,
    null,
    album(id)?.title,
    year(album(id)?.release_date),
    rymRating(source.albumRating(id) ?? 0),
    null,
    null,
    null,
    null,
  ]);

  const mbAlbum = 'musicbrainz_release_group_id';
  return {
    'ratings.csv': {
      header: [
        'album',
        'artist',
        'release_year',
        'rating',
        'rating_chosen',
        mbAlbum,
        'musicbrainz_artist_id',
        'liner_album_id',
      ],
      rows: ratings,
    },
    'song-ratings.csv': {
      header: ['track', 'position', 'album', 'artist', 'rating', 'musicbrainz_recording_id', mbAlbum],
      rows: songRatings,
    },
    'reviews.csv': {
      header: ['album', 'artist', 'rating', 'review', 'created_at', 'edited_at', mbAlbum],
      rows: reviews,
    },
    'collection.csv': {
      header: ['album', 'artist', 'release_year', 'rating', 'date_added', mbAlbum],
      rows: collection,
    },
    'rate-later.csv': { header: ['album', 'artist', 'release_year', 'added_at', mbAlbum], rows: rateLater },
    'diary.csv': { header: ['date', 'relisten', 'album', 'artist', mbAlbum, 'songs'], rows: diary },
    'lists.csv': {
      header: ['list', 'kind', 'ranked', 'visibility', 'position', 'album', 'artist', 'song', 'note'],
      rows: lists,
    },
    // No BOM: importers of RYM files match the header line from its first byte.
    'rym-ratings.csv': { header: RYM_HEADER, rows: rym, options: { bom: false } },
  };
}
