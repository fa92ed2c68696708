import * as z from 'zod/mini';
import { ALBUM_TYPES } from '../genre.ts';
import { AlbumSummarySchema, ListenersSchema, SongSchema } from './catalog.ts';

// Charts people can trust: ranked by listeners (people), not by song ratings; an
// album or song needs a minimum number of listeners to enter, and a Bayesian prior keeps one
// enthusiast from taking #1.

export const CHART_PAGE_SIZE = 25;
export const CHART_YEAR_MIN = 1900;
export const CHART_YEAR_MAX = 2100;
export const YEAR_AND_DECADE = 'Choose a year or a decade, not both';

function whole(name: string, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z.coerce
    .number({ error: message })
    .check(z.refine(Number.isInteger, message), z.gte(min, message), z.lte(max, message));
}

export const ChartQuerySchema = z
  .object({
    /** A genre's slug (GET /api/genres). */
    genre: z.optional(z.string().check(z.maxLength(100, 'genre must be 100 characters or less'))),
    year: z.optional(whole('year', CHART_YEAR_MIN, CHART_YEAR_MAX)),
    /** The decade's first year: 1990 for the nineties. */
    decade: z.optional(
      whole('decade', CHART_YEAR_MIN, CHART_YEAR_MAX).check(
        z.refine((value) => value % 10 === 0, 'decade must be a year ending in 0, like 1990'),
      ),
    ),
    type: z.optional(z.enum(ALBUM_TYPES, { error: 'type must be album, ep, single, live or compilation' })),
    cursor: z.optional(z.string().check(z.maxLength(200))),
  })
  .check(z.refine((query) => query.year === undefined || query.decade === undefined, YEAR_AND_DECADE));
export type ChartQuery = z.infer<typeof ChartQuerySchema>;

export const ChartAlbumSchema = z.object({
  rank: z.number(),
  album: AlbumSummarySchema,
  artistId: z.string(),
  type: z.enum(ALBUM_TYPES),
  listeners: ListenersSchema,
});
export type ChartAlbum = z.infer<typeof ChartAlbumSchema>;

export const ChartAlbumPageSchema = z.object({
  entries: z.array(ChartAlbumSchema),
  nextCursor: z.nullable(z.string()),
  /** How many listeners an album needs to enter (CHART_MIN_LISTENERS). */
  minListeners: z.number(),
});
export type ChartAlbumPage = z.infer<typeof ChartAlbumPageSchema>;

export const ChartSongSchema = z.object({
  rank: z.number(),
  song: SongSchema,
  albumName: z.string(),
  releaseDate: z.nullable(z.string()),
  listeners: ListenersSchema,
});
export type ChartSong = z.infer<typeof ChartSongSchema>;

export const ChartSongPageSchema = z.object({
  entries: z.array(ChartSongSchema),
  nextCursor: z.nullable(z.string()),
  minListeners: z.number(),
});
export type ChartSongPage = z.infer<typeof ChartSongPageSchema>;

/** The genres albums carry, the most used first: the charts' and Discover's genre filter. */
export const GenreCountSchema = z.object({ slug: z.string(), name: z.string(), albumCount: z.number() });
export const GenreListSchema = z.array(GenreCountSchema);
export type GenreCount = z.infer<typeof GenreCountSchema>;
