import { YEAR_REVIEW_EXTREMES, YEAR_REVIEW_TOP, type YearAlbum, type YearReview } from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { albumImageUrl } from '../../lib/album-image.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { YearReviewNeeds } from './index.ts';
import {
  type AlbumRow,
  countsOfYear,
  listsOfYear,
  longestReviewOfYear,
  monthsOfYear,
  ratedAlbumsOfYear,
  topAlbumsOfYear,
  topArtistsOfYear,
  topGenresOfYear,
  topSongsOfYear,
  type YearRange,
} from './year-review.repository.ts';

/** A year as the range [from, to) of ISO timestamps. */
const yearRange = (year: number): YearRange => ({
  from: `${year}-01-01T00:00:00.000Z`,
  to: `${year + 1}-01-01T00:00:00.000Z`,
});

export type YearSummary = Pick<YearReview, 'albumsRated' | 'songsRated' | 'listens' | 'topArtists'>;

const stars = (tenths: number) => tenths / 10;
const albumOf = (row: AlbumRow): YearAlbum => ({
  id: row.id,
  name: row.title,
  artistName: row.artist_name,
  imageUrl: albumImageUrl(row.id, row.cover_url),
});
const wordsIn = (text: string) => text.split(/\s+/u).filter(Boolean).length;

/**
 * A person's year in music: what they rated and heard, month by month, their top albums, artists
 * and genres, their highest and lowest rated, their favourite songs, their longest review, the lists they made and the
 * people they followed. Read on each request, as the profile's stats are. Whoever may not read
 * the profile's content gets its refusal; a post or list the viewer may not read is not counted.
 */
export class YearReviewService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: YearReviewNeeds,
  ) {}

  /**
   * What a year's link preview says of it (its counts and top artist): two reads, where the whole
   * year is ten, since every request of the year page's address asks for it.
   */
  async summaryOf(viewer: SessionUser | null, userId: string, year: number): Promise<YearSummary> {
    await this.deps.profiles.mustShowContentTo(viewer, userId);
    const range = yearRange(year);
    const [counts, topArtists] = await Promise.all([
      countsOfYear(this.database.db, userId, range),
      topArtistsOfYear(this.database.db, userId, range, 1),
    ]);
    return { albumsRated: counts.albumsRated, songsRated: counts.songsRated, listens: counts.listens, topArtists };
  }

  async of(viewer: SessionUser | null, userId: string, year: number): Promise<YearReview> {
    await this.deps.profiles.mustShowContentTo(viewer, userId);
    const db = this.database.db;
    const range = yearRange(year);
    const viewerId = viewer?.id ?? null;
    const [counts, months, albums, songs, artists, genres, highest, lowest, review, lists] = await Promise.all([
      countsOfYear(db, userId, range),
      monthsOfYear(db, userId, range),
      topAlbumsOfYear(db, userId, range, YEAR_REVIEW_TOP),
      topSongsOfYear(db, userId, range, YEAR_REVIEW_TOP),
      topArtistsOfYear(db, userId, range, YEAR_REVIEW_TOP),
      topGenresOfYear(db, userId, range, YEAR_REVIEW_TOP),
      ratedAlbumsOfYear(db, userId, range, 'desc', YEAR_REVIEW_EXTREMES),
      ratedAlbumsOfYear(db, userId, range, 'asc', YEAR_REVIEW_EXTREMES),
      longestReviewOfYear(db, userId, range, viewerId),
      listsOfYear(db, userId, range, viewerId),
    ]);
    return {
      year,
      albumsRated: counts.albumsRated,
      songsRated: counts.songsRated,
      listens: counts.listens,
      albumsListened: counts.albumsListened,
      months: Array.from({ length: 12 }, (_, i) => ({
        month: i + 1,
        listens: months.listens.get(i + 1) ?? 0,
        songsRated: months.songsRated.get(i + 1) ?? 0,
      })),
      topAlbums: albums.map((row) => ({
        album: albumOf(row),
        listens: row.listens,
        rating: row.tenths === null ? null : stars(row.tenths),
      })),
      topSongs: songs.map((row) => ({
        id: row.id,
        title: row.title,
        rating: row.rating / 2,
        album: albumOf({
          id: row.album_id,
          title: row.album_title,
          artist_name: row.artist_name,
          cover_url: row.cover_url,
        }),
      })),
      topArtists: artists,
      topGenres: genres,
      highestRated: highest.map((row) => ({ album: albumOf(row), rating: stars(row.tenths) })),
      // The lowest are the other end of the same albums: none twice when fewer were rated.
      lowestRated: lowest
        .filter((row) => !highest.some((high) => high.id === row.id))
        .map((row) => ({ album: albumOf(row), rating: stars(row.tenths) })),
      longestReview: review
        ? {
            postId: review.id,
            title: review.title,
            album:
              review.album_id && review.album_title && review.artist_name
                ? albumOf({
                    id: review.album_id,
                    title: review.album_title,
                    artist_name: review.artist_name,
                    cover_url: review.cover_url,
                  })
                : null,
            words: wordsIn(review.content),
          }
        : null,
      listsMade: lists,
      peopleFollowed: counts.peopleFollowed,
    };
  }
}
