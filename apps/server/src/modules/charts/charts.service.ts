import { type AlbumSummary, type Song, TOP_ALBUMS_COUNT, TOP_SONGS_COUNT } from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { toAlbumSummary, toSong } from '../catalog/index.ts';
import { topAlbums, topSongs } from './charts.repository.ts';

export class ChartsService {
  constructor(private readonly database: DatabaseHandle) {}

  /** The home page asks on every visit: the route keeps the answer in the ReadCache, which a rating empties. */
  async topAlbums(): Promise<AlbumSummary[]> {
    return (await topAlbums(this.database.db, TOP_ALBUMS_COUNT)).map(toAlbumSummary);
  }

  async topSongs(): Promise<Song[]> {
    return (await topSongs(this.database.db, TOP_SONGS_COUNT)).map(toSong);
  }
}
