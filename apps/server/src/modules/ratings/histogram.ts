/**
 * Album ratings (tenths of a star) counted in ten half-star buckets, [0] for ½★ to [9] for 5★:
 * a songs' mean such as 4.3 counts as 4½, the nearest half star. One bucketing for an album's
 * histogram and a profile's distribution, so the two always agree.
 */
export function halfStarHistogram(counts: ReadonlyArray<{ tenths: number; count: number }>): number[] {
  const histogram = new Array<number>(10).fill(0);
  for (const { tenths, count } of counts) {
    const bucket = Math.min(10, Math.max(1, Math.round(tenths / 5))) - 1;
    histogram[bucket] = (histogram[bucket] ?? 0) + count;
  }
  return histogram;
}
