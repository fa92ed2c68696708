import type { Db } from '../../db/database.ts';

/** Ids per statement: a large library stays under the drivers' bound-parameter limits. */
const IDS_PER_READ = 500;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface ExportAlbum {
  id: string;
  title: string;
  artist_name: string;
  release_date: string | null;
  /** MusicBrainz release-group id, when matched. */
  mbid: string | null;
  artist_mbid: string | null;
}

export interface ExportTrack {
  id: string;
  album_id: string;
  position: number;
  title: string;
  /** MusicBrainz recording id, when known. */
  mbid: string | null;
}

/** The albums the CSV rows name (the JSON export's rows hold only their ids), by id. */
export async function albumsForExport(db: Db, ids: readonly string[]): Promise<Map<string, ExportAlbum>> {
  const reads = chunks([...new Set(ids)], IDS_PER_READ).map((part) =>
    db
      .selectFrom('albums')
      .leftJoin('artists', 'artists.id', 'albums.artist_id')
      .select([
        'albums.id',
        'albums.title',
        'albums.artist_name',
        'albums.release_date',
        'albums.mbid',
        'artists.mbid as artist_mbid',
      ])
      .where('albums.id', 'in', part)
      .execute(),
  );
  const rows = (await Promise.all(reads)).flat();
  return new Map(rows.map((row) => [row.id, row]));
}

/** The songs the CSV rows name, by id. */
export async function tracksForExport(db: Db, ids: readonly string[]): Promise<Map<string, ExportTrack>> {
  const reads = chunks([...new Set(ids)], IDS_PER_READ).map((part) =>
    db.selectFrom('tracks').select(['id', 'album_id', 'position', 'title', 'mbid']).where('id', 'in', part).execute(),
  );
  const rows = (await Promise.all(reads)).flat();
  return new Map(rows.map((row) => [row.id, row]));
}
