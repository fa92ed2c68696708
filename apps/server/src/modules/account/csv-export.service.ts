import { Zip, ZipDeflate } from 'fflate';
import type { DatabaseHandle } from '../../db/database.ts';
import { csvPieces } from '../../lib/csv.ts';
import { AppError } from '../../lib/errors.ts';
import { collectPages, nextTurn } from '../../lib/keyset-pages.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { type CsvTable, csvFiles } from './csv-export.files.ts';
import { albumsForExport, tracksForExport } from './csv-export.repository.ts';
import { exportSections } from './export-sections.ts';
import type { CsvExportNeeds } from './index.ts';

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
    private readonly owners: CsvExportNeeds,
  ) {}

  async zip(user: SessionUser, now = new Date()): Promise<Uint8Array> {
    const db = this.database.db;
    const lists = await this.owners.lists.exportOf(user.id);
    // The JSON export's rows, read a page at a time with turns of the event loop between pages.
    const sections = exportSections(db, user.id, async () => lists);
    const trackRatings = await collectPages(sections.trackRatings());
    const albumRatings = await collectPages(sections.albumRatings());
    const chosenAlbumRatings = await collectPages(sections.chosenAlbumRatings());
    const collection = await collectPages(sections.collection());
    const rateLater = await collectPages(sections.rateLater());
    const listens = await collectPages(sections.listens());
    const listenSongs = await collectPages(sections.listenSongs());
    const reviews = (await collectPages(sections.posts())).flatMap((post) =>
      post.type === 'review' && post.album_id ? [{ ...post, album_id: post.album_id }] : [],
    );
    const ratedAlbumIds = [...new Set([...albumRatings, ...chosenAlbumRatings].map((row) => row.album_id))];
    const albumIds = [
      ...new Set([
        ...ratedAlbumIds,
        ...trackRatings.map((row) => row.album_id),
        ...collection.map((row) => row.album_id),
        ...rateLater.map((row) => row.album_id),
        ...listens.map((row) => row.album_id),
        ...reviews.map((row) => row.album_id),
        ...lists.flatMap((list) => list.entries.map((entry) => entry.album_id)),
      ]),
    ];
    const trackIds = [
      ...new Set([
        ...trackRatings.map((row) => row.track_id),
        ...listenSongs.map((row) => row.track_id),
        ...lists.flatMap((list) => list.entries.flatMap((entry) => (entry.track_id ? [entry.track_id] : []))),
      ]),
    ];
    const [albums, tracks, albumRating] = await Promise.all([
      albumsForExport(db, albumIds),
      tracksForExport(db, trackIds),
      this.owners.ratings.albumRatings([user.id], albumIds),
    ]);
    await nextTurn();
    const files = csvFiles({
      trackRatings,
      chosenAlbumIds: new Set(chosenAlbumRatings.map((row) => row.album_id)),
      ratedAlbumIds,
      collection,
      rateLater,
      listens,
      listenSongs,
      reviews,
      lists,
      albums,
      tracks,
      albumRating: (albumId) => albumRating(user.id, albumId),
    });
    await nextTurn();
    return zipCsvFiles(files, now);
  }
}

/**
 * The files as UTF-8 in one zip, refused past `maxBytes` of CSV in all (413). Written and
 * compressed a piece of a file at a time with a turn of the event loop between pieces:
 * compressing 8 MB of CSV in one go holds every other request for 200 ms.
 */
export async function zipCsvFiles(
  files: Record<string, CsvTable>,
  now: Date,
  maxBytes = CSV_EXPORT_MAX_BYTES,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failed = error;
    else chunks.push(chunk);
  });
  const encoder = new TextEncoder();
  let bytes = 0;
  for (const [name, table] of Object.entries(files)) {
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = now;
    zip.add(file);
    for (const piece of csvPieces(table.header, table.rows, table.options)) {
      const encoded = encoder.encode(piece);
      bytes += encoded.length;
      if (bytes > maxBytes) {
        zip.terminate();
        throw new AppError('PAYLOAD_TOO_LARGE', CSV_EXPORT_TOO_LARGE);
      }
      file.push(encoded);
      await nextTurn();
    }
    file.push(new Uint8Array(0), true);
  }
  zip.end();
  if (failed) throw failed;
  return Buffer.concat(chunks);
}
