import { ALBUM_TYPES, ARTIST_TOP_SONGS, type ArtistDetail, type DiscographyGroup } from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { refusal } from '../../lib/errors.ts';
import { albumType, toAlbumSummary } from '../catalog/index.ts';
import { artistAlbums, findArtist } from './artists.repository.ts';
import type { ArtistsNeeds } from './index.ts';

export const ARTIST_NOT_FOUND = 'Artist not found';

/** Longer ids never exist (artist ids are slugs of names). */
const ID_MAX = 200;

export class ArtistsService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: ArtistsNeeds,
  ) {}

  /** The artist with their discography by release type and their best-rated songs. */
  async artist(id: string): Promise<ArtistDetail> {
    if (id.length > ID_MAX) throw refusal('ARTIST_NOT_FOUND', ARTIST_NOT_FOUND);
    const db = this.database.db;
    const [artist, albums, topSongs] = await Promise.all([
      findArtist(db, id),
      artistAlbums(db, id),
      this.deps.charts.artistSongs(id, ARTIST_TOP_SONGS),
    ]);
    if (!artist) throw refusal('ARTIST_NOT_FOUND', ARTIST_NOT_FOUND);
    const groups = new Map<string, DiscographyGroup>(ALBUM_TYPES.map((type) => [type, { type, albums: [] }]));
    for (const row of albums) groups.get(albumType(row.primary_type))?.albums.push(toAlbumSummary(row));
    return {
      id: artist.id,
      name: artist.name,
      mbid: artist.mbid,
      discography: [...groups.values()].filter((group) => group.albums.length > 0),
      topSongs,
    };
  }
}
