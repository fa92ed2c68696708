import { strToU8, zipSync } from 'fflate';
import type { AppDeps } from '../../app-deps.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { exportUserData } from './account.repository.ts';
import { csvFiles } from './csv-export.files.ts';
import { albumsForExport, tracksForExport } from './csv-export.repository.ts';

/**
 * The zip is built in memory (ADR 37): one person's data is small, but a bound keeps a very large
 * library from holding the server's memory; past it, the JSON export still has everything.
 */
export const CSV_EXPORT_MAX_BYTES = 64 * 1024 * 1024;
export const CSV_EXPORT_TOO_LARGE = 'Your data is too large for the CSV export. Download the JSON export instead.';

/** "Download CSV files (zip)": the JSON export's rows, with titles and MusicBrainz ids, as spreadsheets. */
export class CsvExportService {
  constructor(
    private readonly database: DatabaseHandle,
    /** Album ratings (ADR 21) through the ratings module; lists through theirs, as the JSON export. */
    private readonly owners: Pick<AppDeps, 'lists' | 'ratings'>,
  ) {}

  async zip(user: SessionUser, now = new Date()): Promise<Uint8Array> {
    const db = this.database.db;
    const [data, lists] = await Promise.all([exportUserData(db, user.id), this.owners.lists.exportOf(user.id)]);
    const reviews = data.posts.flatMap((post) =>
      post.type === 'review' && post.album_id ? [{ ...post, album_id: post.album_id }] : [],
    );
    const ratedAlbumIds = [...new Set([...data.albumRatings, ...data.chosenAlbumRatings].map((row) => row.album_id))];
    const albumIds = [
      ...ratedAlbumIds,
      ...data.trackRatings.map((row) => row.album_id),
      ...data.collection.map((row) => row.album_id),
      ...data.rateLater.map((row) => row.album_id),
      ...data.listens.map((row) => row.album_id),
      ...reviews.map((row) => row.album_id),
      ...lists.flatMap((list) => list.entries.map((entry) => entry.album_id)),
    ];
    const trackIds = [
      ...data.trackRatings.map((row) => row.track_id),
      ...data.listenSongs.map((row) => row.track_id),
      ...lists.flatMap((list) => list.entries.flatMap((entry) => (entry.track_id ? [entry.track_id] : []))),
    ];
    const [albums, tracks, albumRating] = await Promise.all([
      albumsForExport(db, albumIds),
      tracksForExport(db, trackIds),
      this.owners.ratings.albumRatings([user.id], albumIds),
    ]);
    const files = csvFiles({
      trackRatings: data.trackRatings,
      chosenAlbumIds: new Set(data.chosenAlbumRatings.map((row) => row.album_id)),
      ratedAlbumIds,
      collection: data.collection,
      rateLater: data.rateLater,
      listens: data.listens,
      listenSongs: data.listenSongs,
      reviews,
      lists,
      albums,
      tracks,
      albumRating: (albumId) => albumRating(user.id, albumId),
    });
    return zipCsvFiles(files, now);
  }
}

/** The files as UTF-8 in one zip, refused past `maxBytes` of CSV in all (413). */
export function zipCsvFiles(files: Record<string, string>, now: Date, maxBytes = CSV_EXPORT_MAX_BYTES): Uint8Array {
  let bytes = 0;
  const entries: Record<string, [Uint8Array, { mtime: Date }]> = {};
  for (const [name, text] of Object.entries(files)) {
    const encoded = strToU8(text);
    bytes += encoded.length;
    if (bytes > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', CSV_EXPORT_TOO_LARGE);
    entries[name] = [encoded, { mtime: now }];
  }
  return zipSync(entries, { level: 6 });
}
