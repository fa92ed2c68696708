import type { Db } from '../../db/database.ts';
import { listenerTotals, SUMMARY_COLUMNS, type SummaryRow } from '../catalog/index.ts';

/** An artist page's reads: the artist, and their albums with the listener totals cards show. */

export async function findArtist(db: Db, id: string) {
  return db.selectFrom('artists').select(['id', 'name', 'mbid']).where('id', '=', id).executeTakeFirst();
}

/** More would not be a page anyone reads; a generated catalogue's busiest artist has fewer. */
export const DISCOGRAPHY_MAX = 500;

/** The artist's albums (albums_artist_idx), oldest first, undated ones last, then by title. */
export async function artistAlbums(db: Db, artistId: string): Promise<Array<SummaryRow & { primary_type: string }>> {
  const rows = await db
    .selectFrom('albums')
    .select(SUMMARY_COLUMNS)
    .select('albums.primary_type')
    .select(listenerTotals)
    .where('albums.artist_id', '=', artistId)
    .limit(DISCOGRAPHY_MAX)
    .execute();
  // Sorted here: "nulls last" is spelled differently by the two databases, and the rows are few.
  return rows.sort(
    (a, b) =>
      (a.release_date ?? '\uffff').localeCompare(b.release_date ?? '\uffff') ||
      a.title.localeCompare(b.title) ||
      a.id.localeCompare(b.id),
  );
}
