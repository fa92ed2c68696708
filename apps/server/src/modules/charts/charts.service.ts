import { type AlbumSummary, type Song, TOP_ALBUMS_COUNT, TOP_SONGS_COUNT } from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { toAlbumSummary, toSong } from '../catalog/index.ts';
import { type RatingTotals, ratingTotals, topAlbums, topSongs } from './charts.repository.ts';

/** How long a computed top list may be served again while the rating totals have not moved. */
const TOP_LIST_TTL_MS = 10_000;

function sameTotals(a: RatingTotals, b: RatingTotals): boolean {
  return a.count === b.count && a.sum === b.sum;
}

/** One top list's last answer, served again while the rating totals are unchanged and it is fresh. */
class TopListCache<T> {
  private last: { totals: RatingTotals; at: number; value: Promise<T[]> } | undefined;

  get(totals: RatingTotals, compute: () => Promise<T[]>): Promise<T[]> {
    const last = this.last;
    if (last && sameTotals(last.totals, totals) && Date.now() - last.at < TOP_LIST_TTL_MS) return last.value;
    const value = compute();
    this.last = { totals, at: Date.now(), value };
    // A failed computation is not served again.
    value.catch(() => {
      if (this.last?.value === value) this.last = undefined;
    });
    return value;
  }
}

export class ChartsService {
  /**
   * The home page asks for the top lists on every visit. Each instance keeps its last answer for a
   * few seconds and only while the rating totals (one cheap query) are unchanged, so a new rating
   * shows at once; responses are public for a minute anyway.
   */
  private readonly topAlbumsCache = new TopListCache<AlbumSummary>();
  private readonly topSongsCache = new TopListCache<Song>();

  constructor(private readonly database: DatabaseHandle) {}

  async topAlbums(): Promise<AlbumSummary[]> {
    const db = this.database.db;
    const totals = await ratingTotals(db, 'album_stats');
    return this.topAlbumsCache.get(totals, () =>
      topAlbums(db, TOP_ALBUMS_COUNT, totals).then((rows) => rows.map(toAlbumSummary)),
    );
  }

  async topSongs(): Promise<Song[]> {
    const db = this.database.db;
    const totals = await ratingTotals(db, 'track_stats');
    return this.topSongsCache.get(totals, () => topSongs(db, TOP_SONGS_COUNT, totals).then((rows) => rows.map(toSong)));
  }
}
