import * as z from 'zod/mini';
import { maxChars } from '../characters.ts';
import { REVIEW_MAX } from '../constants.ts';
import { AudienceSchema } from './audience.ts';
import { CommunityRatingSchema, ListenersSchema } from './catalog.ts';
import { LogListenBodySchema } from './listens.ts';
import { PostSchema } from './posts.ts';
import { PersonSchema } from './social.ts';

/** A song rating in half stars: 1 = ½ star … 10 = 5 stars (DESIGN.md decision 9). */
export const HalfStarsSchema = z
  .number()
  .check(z.int('Rating must be a whole number of half stars'), z.minimum(1), z.maximum(10));

/**
 * A person's one album rating (ADR 21): the rating they chose for the album when they chose one,
 * otherwise the mean of their song ratings. Stars, one decimal; null while there is neither.
 */
export const AlbumRatingStateSchema = z.object({
  albumRating: z.nullable(z.number()),
  /** True when albumRating is the one they chose rather than their songs' mean. */
  albumRatingChosen: z.boolean(),
  /** Mean of their song ratings in stars, one decimal; null with no rated song. */
  songsRating: z.nullable(z.number()),
});
export type AlbumRatingState = z.infer<typeof AlbumRatingStateSchema>;

export const MyAlbumRatingsSchema = z.extend(AlbumRatingStateSchema, {
  /** trackId → half stars. */
  ratings: z.record(z.string(), z.number()),
  inCollection: z.boolean(),
  inRateLater: z.boolean(),
});
export type MyAlbumRatings = z.infer<typeof MyAlbumRatingsSchema>;

export const SetTrackRatingBodySchema = z.object({ rating: z.nullable(HalfStarsSchema) });

export const SetTrackRatingResultSchema = z.extend(AlbumRatingStateSchema, {
  trackId: z.string(),
  rating: z.nullable(z.number()),
  track: CommunityRatingSchema,
  album: CommunityRatingSchema,
});

/** Choose the album rating (half stars), or go back to the songs' mean with null. */
export const SetAlbumRatingBodySchema = z.object({ rating: z.nullable(HalfStarsSchema) });
export type SetTrackRatingResult = z.infer<typeof SetTrackRatingResultSchema>;

/** An album's place on the charts of its release year and of its main genre, while it charts. */
export const AlbumRanksSchema = z.object({
  year: z.nullable(z.object({ year: z.number(), rank: z.number() })),
  genre: z.nullable(z.object({ slug: z.string(), name: z.string(), rank: z.number() })),
});
export type AlbumRanks = z.infer<typeof AlbumRanksSchema>;

export const AlbumCommunitySchema = z.object({
  albumId: z.string(),
  /**
   * True when the viewer asked for spoiler-free scores and has not rated the album nor chosen to
   * see them: the averages are null, the histogram empty, the ranks null, reviews without stars.
   */
  scoresHidden: z.boolean(),
  album: CommunityRatingSchema,
  /** The album ratings of its listeners (ADR 21) in ten half-star buckets: [0] is ½★, [9] is 5★. */
  histogram: z.array(z.number()),
  listeners: ListenersSchema,
  ranks: AlbumRanksSchema,
  tracks: z.record(z.string(), CommunityRatingSchema),
  reviews: z.array(PostSchema),
});
export type AlbumCommunity = z.infer<typeof AlbumCommunitySchema>;

export const CollectionEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  artistName: z.string(),
  artistId: z.string(),
  imageUrl: z.string(),
  releaseDate: z.nullable(z.string()),
  listeners: ListenersSchema,
  rating: z.number(),
  dateAdded: z.string(),
  type: z.literal('album'),
  reviewPostId: z.nullable(z.string()),
});
export type CollectionEntry = z.infer<typeof CollectionEntrySchema>;
export const CollectionSchema = z.array(CollectionEntrySchema);

export const AddToCollectionBodySchema = z.object({
  albumId: z.string().check(z.minLength(1), z.maxLength(200)),
  review: z.optional(
    z.string().check(z.trim(), maxChars(REVIEW_MAX, `Review must be ${REVIEW_MAX} characters or less`)),
  ),
  /** A listen to log with the entry, in the same transaction (the diary). */
  listen: z.optional(LogListenBodySchema),
  /** Who may read the review (absent: the member's default, a setting). */
  reviewVisibility: z.optional(AudienceSchema),
});
export type AddToCollectionBody = z.infer<typeof AddToCollectionBodySchema>;

/** The collection's edit sets the chosen album rating (ADR 21), in stars. */
export const SetCollectionRatingBodySchema = z.object({
  rating: z
    .number()
    .check(
      z.minimum(0.5, 'Rating must be between 0.5 and 5 stars'),
      z.maximum(5, 'Rating must be between 0.5 and 5 stars'),
    ),
});

export const RateLaterEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  artistName: z.string(),
  artistId: z.string(),
  imageUrl: z.string(),
  releaseDate: z.nullable(z.string()),
  listeners: ListenersSchema,
  type: z.literal('album'),
  addedAt: z.string(),
});
export type RateLaterEntry = z.infer<typeof RateLaterEntrySchema>;
export const RateLaterListSchema = z.array(RateLaterEntrySchema);

/** Spec §3 payload; only albumId is trusted, the rest is read from the catalogue. */
export const AddRateLaterBodySchema = z.object({
  albumId: z.string().check(z.minLength(1), z.maxLength(200)),
  name: z.optional(z.string()),
  artistName: z.optional(z.string()),
  imageUrl: z.optional(z.string()),
});
export type AddRateLaterBody = z.infer<typeof AddRateLaterBodySchema>;

/** A person you follow and the album rating they have (ADR 21), in stars. */
export const FriendRatingSchema = z.extend(PersonSchema, { rating: z.number() });
export type FriendRating = z.infer<typeof FriendRatingSchema>;
export const FRIEND_RATINGS_SHOWN = 24;
export const FriendRatingsSchema = z.object({
  albumId: z.string(),
  /** Up to FRIEND_RATINGS_SHOWN, highest rating first (none while scores are hidden, as in AlbumCommunity). */
  ratings: z.array(FriendRatingSchema),
  /** Everyone you follow who rated it. */
  total: z.number(),
  scoresHidden: z.boolean(),
});
export type FriendRatings = z.infer<typeof FriendRatingsSchema>;

/**
 * Spoiler-free scores (a setting, off by default): others' scores of an album (community averages,
 * histograms, chart positions, friends' and reviewers' ratings) stay hidden until you rate it.
 */
export const SpoilerFreeSettingSchema = z.object({
  spoilerFree: z.boolean({ error: 'spoilerFree must be true or false' }),
});
export type SpoilerFreeSetting = z.infer<typeof SpoilerFreeSettingSchema>;
