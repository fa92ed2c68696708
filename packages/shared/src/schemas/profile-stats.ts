import * as z from 'zod/mini';
import { AlbumSummarySchema } from './catalog.ts';

// A profile's substance: what the person rated, in numbers, and the albums they chose
// to show first.

/** Genres and artists listed in a profile's stats. */
export const PROFILE_TOP_COUNT = 5;

const TopEntrySchema = {
  /** Albums of it the person rated. */
  albums: z.number(),
  /** Their mean album rating of those, in stars with one decimal. */
  average: z.number(),
};

export const ProfileStatsSchema = z.object({
  /** Albums with an album rating (ADR 21: the one chosen, else the songs' mean). */
  albumsRated: z.number(),
  songsRated: z.number(),
  /** Mean of those album ratings in stars, one decimal; null when none. */
  averageRating: z.nullable(z.number()),
  /** Album ratings in ten half-star buckets, [0] is ½★ and [9] is 5★, as an album's histogram. */
  distribution: z.array(z.number()),
  /** By albums rated, then average, then name; at most PROFILE_TOP_COUNT. `slug` is the charts' filter. */
  topGenres: z.array(z.object({ slug: z.string(), name: z.string(), ...TopEntrySchema })),
  /** Likewise; `id` is the artist page's. */
  topArtists: z.array(z.object({ id: z.string(), name: z.string(), ...TopEntrySchema })),
  /** When the profile was made (ISO-8601). */
  joinedAt: z.string(),
});
export type ProfileStats = z.infer<typeof ProfileStatsSchema>;

export const FAVOURITE_ALBUMS_MAX = 4;
export const FAVOURITES_TOO_MANY = `You can choose up to ${FAVOURITE_ALBUMS_MAX} favourite albums`;
export const FAVOURITES_DUPLICATE = 'Each favourite album can appear only once';

/** The whole shelf, in order; an empty list empties it. */
export const SetFavouriteAlbumsBodySchema = z.object({
  albumIds: z.array(z.string().check(z.maxLength(200))).check(
    z.maxLength(FAVOURITE_ALBUMS_MAX, FAVOURITES_TOO_MANY),
    z.refine((ids) => new Set(ids).size === ids.length, FAVOURITES_DUPLICATE),
  ),
});
export type SetFavouriteAlbumsBody = z.infer<typeof SetFavouriteAlbumsBodySchema>;

export const FavouriteAlbumsSchema = z.object({ albums: z.array(AlbumSummarySchema) });
export type FavouriteAlbums = z.infer<typeof FavouriteAlbumsSchema>;
