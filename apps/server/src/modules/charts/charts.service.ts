import { type AlbumSummary, type Song, TOP_ALBUMS_COUNT, TOP_SONGS_COUNT } from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { toAlbumSummary, toSong } from '../catalog/index.ts';
import { type RatingTotals, ratingTotals, topAlbums, topSongs } from './charts.repository.ts';

/** How long a computed top list may be served again while the rating totals have not moved. */
const TOP_LIST_TTL_MS = 10_000;

interface TopList<T> {
  totals: RatingTotals;
  at: number;
  value: Promise<T[]>;
}

function sameTotals(a: RatingTotals, b: RatingTotals): boolean {
  return a.count === b.count && a.sum === b.sum;
}

export class ChartsService {
  /**
   * The home page asks for the top lists on every visit. Each instance keeps its last answer for a
   * few seconds and only while the rating totals (one cheap query) are unchanged, so a new rating
   * shows at once; responses are public for a minute anyway.
   */
  private topAlbumsCache: TopList<AlbumSummary> | undefined;
  private topSongsCache: TopList<Song> | undefined;

  constructor(private readonly database: DatabaseHandle) {}

  async topAlbums(): Promise<AlbumSummary[]> {
    const db = this.database.db;
    const totals = await ratingTotals(db, 'album_stats');
    const cached = this.topAlbumsCache;
    if (cached && sameTotals(cached.totals, totals) && Date.now() - cached.at < TOP_LIST_TTL_MS) return cached.value;
    const value = topAlbums(db, TOP_ALBUMS_COUNT, totals).then((rows) => rows.map(toAlbumSummary));
    this.topAlbumsCache = { totals, at: Date.now(), value };
    value.catch(() => {
      if (this.topAlbumsCache?.value === value) this.topAlbumsCache = undefined;
    });
    return value;
  }

  async topSongs(): Promise<Song[]> {
    const db = this.database.db;
    const totals = await ratingTotals(db, 'track_stats');
    const cached = this.topSongsCache;
    if (cached && sameTotals(cached.totals, totals) && Date.now() - cached.at < TOP_LIST_TTL_MS) return cached.value;
    const value = topSongs(db, TOP_SONGS_COUNT, totals).then((rows) => rows.map(toSong));
    this.topSongsCache = { totals, at: Date.now(), value };
    value.catch(() => {
      if (this.topSongsCache?.value === value) this.topSongsCache = undefined;
    });
    return value;
  }
}
