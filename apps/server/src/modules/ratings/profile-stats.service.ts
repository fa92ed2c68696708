import { PROFILE_TOP_COUNT, type ProfileStats } from '@liner/shared';
import type { DatabaseHandle } from '../../db/database.ts';
import { refusal } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { halfStarHistogram } from './histogram.ts';
import type { ProfileStatsNeeds } from './index.ts';
import {
  albumRatingCountsOfUser,
  songRatingCountOfUser,
  type TopRow,
  topArtistsOfUser,
  topGenresOfUser,
} from './profile-stats.repository.ts';

/** Stars with one decimal from a sum of tenths over a count, as an album's listeners' mean. */
const meanStars = (tenths: number, count: number) => Math.round(tenths / count) / 10;

const top = ({ albums, tenths }: TopRow) => ({ albums, average: meanStars(tenths, albums) });

/**
 * A profile's numbers: what the person rated, computed on each request from their
 * ratings (a handful of reads by primary key), so they move the moment a rating does.
 */
export class ProfileStatsService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly deps: ProfileStatsNeeds,
  ) {}

  async of(viewer: SessionUser | null, userId: string): Promise<ProfileStats> {
    await this.deps.profiles.mustShowContentTo(viewer, userId);
    const profile = await this.deps.profiles.findByUserId(userId);
    if (!profile) throw refusal('USER_NOT_FOUND', 'User not found');
    const db = this.database.db;
    const [counts, songsRated, genres, artists] = await Promise.all([
      albumRatingCountsOfUser(db, userId),
      songRatingCountOfUser(db, userId),
      topGenresOfUser(db, userId, PROFILE_TOP_COUNT),
      topArtistsOfUser(db, userId, PROFILE_TOP_COUNT),
    ]);
    const albumsRated = counts.reduce((sum, { count }) => sum + count, 0);
    const tenths = counts.reduce((sum, { tenths, count }) => sum + tenths * count, 0);
    return {
      albumsRated,
      songsRated,
      averageRating: albumsRated > 0 ? meanStars(tenths, albumsRated) : null,
      distribution: halfStarHistogram(counts),
      topGenres: genres.map((row) => ({ slug: row.ref, name: row.name, ...top(row) })),
      topArtists: artists.map((row) => ({ id: row.ref, name: row.name, ...top(row) })),
      joinedAt: profile.created_at,
    };
  }
}
