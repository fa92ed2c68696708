import * as z from 'zod/mini';
import { maxChars } from '../characters.ts';
import { ALBUM_TYPES } from '../genre.ts';

export { formatDuration, parseDuration } from '../duration.ts';

/**
 * People with an album rating (the one they chose, else their songs' mean, ADR 21) and the mean
 * of those ratings in stars, one decimal: what charts rank by.
 */
export const ListenersSchema = z.object({ count: z.number(), average: z.nullable(z.number()) });
export type Listeners = z.infer<typeof ListenersSchema>;

/** An album in lists: carousels, grids, search results (spec §3 Album). */
export const AlbumSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  artistName: z.string(),
  /** The artist's page: /artist/{artistId}. */
  artistId: z.string(),
  /** Same-origin: the stored cover, or a generated SVG (DESIGN.md decision 10). */
  imageUrl: z.string(),
  /** "YYYY-MM-DD", or a shorter "YYYY-MM" / "YYYY" when only that is known. */
  releaseDate: z.nullable(z.string()),
  genre: z.nullable(z.string()),
  /**
   * Its community score: cards show it once `count` reaches the charts' minimum
   * (PublicConfig.chartMinListeners), so one person's rating is never shown as the community's.
   */
  listeners: ListenersSchema,
});
export type AlbumSummary = z.infer<typeof AlbumSummarySchema>;

export const TrackSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 1-based position on the album. */
  position: z.number(),
  /** "m:ss" ("h:mm:ss" from one hour); empty when the length is unknown. */
  duration_formatted: z.string(),
  durationMs: z.nullable(z.number()),
});
export type Track = z.infer<typeof TrackSchema>;

export const CommunityRatingSchema = z.object({
  /** Song ratings given on this album by everyone. */
  ratingsCount: z.number(),
  /** Mean of those ratings in stars (0.5–5), one decimal; null while nobody has rated. */
  average: z.nullable(z.number()),
});
export type CommunityRating = z.infer<typeof CommunityRatingSchema>;

/** A genre as albums carry it: `slug` is its address (/charts?genre=…), `name` how it reads. */
export const GenreSchema = z.object({ slug: z.string(), name: z.string() });
export type Genre = z.infer<typeof GenreSchema>;

export const AlbumDetailSchema = z.extend(AlbumSummarySchema, {
  /** album, ep, single, live or compilation (MusicBrainz's primary types). */
  type: z.enum(ALBUM_TYPES),
  /** Main genre first. */
  genres: z.array(GenreSchema),
  trackCount: z.number(),
  /** Sum of the tracks' lengths; null when any is unknown. */
  runtimeMs: z.nullable(z.number()),
  /** The MusicBrainz release group, when matched. */
  mbid: z.nullable(z.string()),
  tracks: z.array(TrackSchema),
  community: CommunityRatingSchema,
});
export type AlbumDetail = z.infer<typeof AlbumDetailSchema>;

/** A song in the home carousel (spec §3 Song). */
export const SongSchema = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string(),
  /** The artist's page: /artist/{artistId}. */
  artistId: z.string(),
  img: z.string(),
  albumId: z.string(),
});
export type Song = z.infer<typeof SongSchema>;

export const SEARCH_TYPES = ['album', 'track', 'artist'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_QUERY_MAX = 200;
export const CATALOG_PAGE_MAX = 50;
export const CATALOG_OFFSET_MAX = 10_000;

function wholeNumber(name: string, min: number, max: number, fallback: number) {
  const range = `${name} must be a whole number from ${min} to ${max}`;
  return z._default(
    z.coerce.number({ error: range }).check(z.refine(Number.isInteger, range), z.gte(min, range), z.lte(max, range)),
    fallback,
  );
}

const limit = wholeNumber('limit', 1, CATALOG_PAGE_MAX, 20);
const offset = wholeNumber('offset', 0, CATALOG_OFFSET_MAX, 0);

export const SearchMusicQuerySchema = z.object({
  q: z
    .string({
      error: (issue) => (issue.input === undefined ? 'Search term is required' : 'Search term must be a single value'),
    })
    .check(
      z.trim(),
      z.minLength(1, 'Search term cannot be empty'),
      maxChars(SEARCH_QUERY_MAX, `Search term must be ${SEARCH_QUERY_MAX} characters or less`),
    ),
  type: z._default(z.enum(SEARCH_TYPES, { error: 'type must be album, track or artist' }), 'album'),
  limit,
  offset,
});
export type SearchMusicQuery = z.infer<typeof SearchMusicQuerySchema>;

export const NewReleasesQuerySchema = z.object({ limit, offset });
export type NewReleasesQuery = z.infer<typeof NewReleasesQuerySchema>;

/** Searches count their matches up to this many: a total of SEARCH_TOTAL_MAX reads "1000+". */
export const SEARCH_TOTAL_MAX = 1000;

/** Album and artist searches list albums; a track search lists songs; total is capped (above). */
export const AlbumSearchResultSchema = z.object({ albums: z.array(AlbumSummarySchema), total: z.number() });
export const TrackSearchResultSchema = z.object({ tracks: z.array(SongSchema), total: z.number() });
export const SearchMusicResultSchema = z.union([AlbumSearchResultSchema, TrackSearchResultSchema]);
export type AlbumSearchResult = z.infer<typeof AlbumSearchResultSchema>;
export type TrackSearchResult = z.infer<typeof TrackSearchResultSchema>;
export type SearchMusicResult = z.infer<typeof SearchMusicResultSchema>;

export const NewReleasesResultSchema = z.object({ albums: z.array(AlbumSummarySchema) });
export type NewReleasesResult = z.infer<typeof NewReleasesResultSchema>;

export const TopAlbumsResultSchema = z.array(AlbumSummarySchema);
export const TopSongsResultSchema = z.array(SongSchema);
export const TOP_ALBUMS_COUNT = 100;
export const TOP_SONGS_COUNT = 50;

export const BROWSE_SORTS = ['score', 'popular', 'newest'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
export const BROWSE_DECADE_MIN = 1900;
export const BROWSE_DECADE_MAX = 2090;

const decadeMessage = `decade must be a year ending in 0, from ${BROWSE_DECADE_MIN} to ${BROWSE_DECADE_MAX}`;

/**
 * Discover's albums: any of a genre (its slug), a decade (its first year) and a type,
 * sorted by community score (charted albums first, by the charts' rule, then the rest by
 * popularity: the Top Albums order), by popularity, or newest first (released ones only).
 */
export const BrowseAlbumsQuerySchema = z.object({
  genre: z.optional(z.string().check(z.maxLength(100, 'genre must be 100 characters or less'))),
  decade: z.optional(
    z.coerce.number({ error: decadeMessage }).check(
      z.refine((value) => Number.isInteger(value) && value % 10 === 0, decadeMessage),
      z.gte(BROWSE_DECADE_MIN, decadeMessage),
      z.lte(BROWSE_DECADE_MAX, decadeMessage),
    ),
  ),
  type: z.optional(z.enum(ALBUM_TYPES, { error: 'type must be album, ep, single, live or compilation' })),
  sort: z._default(z.enum(BROWSE_SORTS, { error: 'sort must be score, popular or newest' }), 'score'),
  limit,
  offset,
});
export type BrowseAlbumsQuery = z.infer<typeof BrowseAlbumsQuerySchema>;

export const BrowseAlbumsResultSchema = z.object({
  albums: z.array(AlbumSummarySchema),
  /** Whether another page follows this one. */
  hasMore: z.boolean(),
});
export type BrowseAlbumsResult = z.infer<typeof BrowseAlbumsResultSchema>;
