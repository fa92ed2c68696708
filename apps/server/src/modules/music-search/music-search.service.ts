import type { SearchMusicQuery, SearchMusicResult } from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { type ExternalCatalog, type SummaryRow, toAlbumSummary, toSong } from '../catalog/index.ts';
import { searchAlbums, searchTracks } from './music-search.repository.ts';

export class MusicSearchService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly external?: Pick<ExternalCatalog, 'searchThrough'>,
  ) {}

  /** The catalogue's own albums for a query, most popular first, never asking MusicBrainz (imports match by it). */
  async localAlbums(q: string, limit: number): Promise<SummaryRow[]> {
    const { db, dialect } = this.database;
    return (await searchAlbums(db, dialect, q, 'album', { limit, offset: 0 })).rows;
  }

  async search(query: SearchMusicQuery): Promise<SearchMusicResult> {
    const { db, dialect } = this.database;
    const page = { limit: query.limit, offset: query.offset };
    if (query.type === 'track') {
      const { rows, total } = await searchTracks(db, dialect, query.q, page);
      return { tracks: rows.map(toSong), total };
    }
    const { rows, total } = await searchAlbums(db, dialect, query.q, query.type, page);
    if (!this.external || query.offset > 0 || rows.length >= query.limit) {
      return { albums: rows.map(toAlbumSummary), total };
    }
    const seen = new Set(rows.map((row) => row.id));
    const extra = (await this.external.searchThrough(query.q, query.type, query.limit)).filter(
      (row) => !seen.has(row.id) && seen.add(row.id),
    );
    const merged = [...rows, ...extra].slice(0, query.limit);
    return { albums: merged.map(toAlbumSummary), total: total + merged.length - rows.length };
  }
}
