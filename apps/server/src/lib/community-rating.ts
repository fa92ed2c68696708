import type { CommunityRating } from '@liner/shared';

/**
 * Community average in stars, one decimal, from totals kept in half stars: the ratings module keeps
 * the totals; the catalogue's cards and the album page show them through this one formula.
 */
export function communityRating(stats: { ratings_count: number; ratings_sum: number } | undefined): CommunityRating {
  if (!stats || stats.ratings_count === 0) return { ratingsCount: 0, average: null };
  return { ratingsCount: stats.ratings_count, average: Math.round((stats.ratings_sum * 5) / stats.ratings_count) / 10 };
}
