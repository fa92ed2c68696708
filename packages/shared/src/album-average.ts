/**
 * An album's rating is the mean of its rated songs, in stars, rounded to one decimal (spec §4).
 * Song ratings are half-star steps stored as 1–10; empty ones do not count. Integer arithmetic,
 * so server and browser round identically.
 */
export function albumAverageTenths(halfStars: ReadonlyArray<number | null | undefined>): number | null {
  const rated = halfStars.filter((r): r is number => typeof r === 'number' && r >= 1 && r <= 10);
  if (rated.length === 0) return null;
  const sum = rated.reduce((a, b) => a + b, 0);
  return Math.round((sum * 5) / rated.length);
}

export function albumAverageStars(halfStars: ReadonlyArray<number | null | undefined>): number | null {
  const tenths = albumAverageTenths(halfStars);
  return tenths === null ? null : tenths / 10;
}
