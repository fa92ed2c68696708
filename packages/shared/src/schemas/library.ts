import * as z from 'zod/mini';
import { maxChars } from '../characters.ts';
import { REVIEW_MAX } from '../constants.ts';
import { CommunityRatingSchema } from './catalog.ts';
import { PostSchema } from './posts.ts';

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

export const AlbumCommunitySchema = z.object({
  album: CommunityRatingSchema,
  tracks: z.record(z.string(), CommunityRatingSchema),
  reviews: z.array(PostSchema),
});
export type AlbumCommunity = z.infer<typeof AlbumCommunitySchema>;

export const CollectionEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  artistName: z.string(),
  imageUrl: z.string(),
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
  imageUrl: z.string(),
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
