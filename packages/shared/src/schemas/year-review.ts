import * as z from 'zod/mini';

/** The first and last years a review is made for: before the first, nobody rated anything here. */
export const YEAR_REVIEW_FIRST = 2000;
export const YEAR_REVIEW_LAST = 2100;
/** How many albums, artists and genres each "top" list holds, and how many highest and lowest rated. */
export const YEAR_REVIEW_TOP = 5;
export const YEAR_REVIEW_EXTREMES = 3;

export const YearReviewParamsSchema = z.object({
  userId: z.string().check(z.minLength(1), z.maxLength(200)),
  year: z.coerce
    .number()
    .check(
      z.int('year must be a whole number'),
      z.gte(YEAR_REVIEW_FIRST, `year must be from ${YEAR_REVIEW_FIRST}`),
      z.lte(YEAR_REVIEW_LAST, `year must be at most ${YEAR_REVIEW_LAST}`),
    ),
});

/** A year as a picture: 1080×1920 for a phone's stories, 1200×630 for a link's preview. */
export const YEAR_CARD_SIZES = ['story', 'wide'] as const;
export type YearCardSize = (typeof YEAR_CARD_SIZES)[number];
export const YearCardQuerySchema = z.object({
  size: z._default(z.enum(YEAR_CARD_SIZES, { error: 'size must be story or wide' }), 'wide'),
});

/** An album as the review names it: enough to show its cover and link to its page. */
export const YearAlbumSchema = z.object({
  id: z.string(),
  name: z.string(),
  artistName: z.string(),
  imageUrl: z.string(),
});
export type YearAlbum = z.infer<typeof YearAlbumSchema>;

export const YearReviewSchema = z.object({
  year: z.number(),
  /** Albums whose rating (ADR 21: chosen, else the songs' mean) was last set that year. */
  albumsRated: z.number(),
  /** Songs whose rating was last set that year. */
  songsRated: z.number(),
  /** Diary listens on days of that year, and how many albums they were of. */
  listens: z.number(),
  albumsListened: z.number(),
  /** January first: each month's listens and songs rated. */
  months: z.array(z.object({ month: z.number(), listens: z.number(), songsRated: z.number() })),
  /** Most listened that year, then highest rated. */
  topAlbums: z.array(z.object({ album: YearAlbumSchema, listens: z.number(), rating: z.nullable(z.number()) })),
  /** Songs rated that year, highest first (in stars), then the newest rating. */
  topSongs: z.array(z.object({ id: z.string(), title: z.string(), rating: z.number(), album: YearAlbumSchema })),
  topArtists: z.array(z.object({ id: z.string(), name: z.string(), listens: z.number() })),
  /** By albums listened that year (an album counts for each of its genres). */
  topGenres: z.array(z.object({ slug: z.string(), name: z.string(), albums: z.number() })),
  /** Of the albums rated that year, in stars. */
  highestRated: z.array(z.object({ album: YearAlbumSchema, rating: z.number() })),
  lowestRated: z.array(z.object({ album: YearAlbumSchema, rating: z.number() })),
  /** The longest review written that year that the viewer may read. */
  longestReview: z.nullable(
    z.object({ postId: z.string(), title: z.string(), album: z.nullable(YearAlbumSchema), words: z.number() }),
  ),
  /** Lists made that year that the viewer may read (listed ones only, but for their owner). */
  listsMade: z.array(z.object({ id: z.string(), title: z.string(), kind: z.enum(['album', 'song']) })),
  /** People they began to follow that year. */
  peopleFollowed: z.number(),
});
export type YearReview = z.infer<typeof YearReviewSchema>;

const counted = (count: number, noun: string) => `${count.toLocaleString('en')} ${noun}${count === 1 ? '' : 's'}`;

/**
 * A year in words, as its picture's alt text and its link preview say it: "12 albums rated,
 * 140 songs rated, 3,100 listens; top artist Miles Davis".
 */
export function describeYear(
  review: Pick<YearReview, 'albumsRated' | 'songsRated' | 'listens' | 'topArtists'>,
): string {
  const counts = `${counted(review.albumsRated, 'album')} rated, ${counted(review.songsRated, 'song')} rated, ${counted(review.listens, 'listen')}`;
  const artist = review.topArtists[0]?.name;
  return artist ? `${counts}; top artist ${artist}` : counts;
}
