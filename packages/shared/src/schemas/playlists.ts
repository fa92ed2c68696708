import * as z from 'zod/mini';
import { maxChars } from '../characters.ts';

export const PLAYLIST_TITLE_MAX = 200;
export const PLAYLIST_DESCRIPTION_MAX = 1000;

export const PLAYLIST_ALREADY_FEATURED = 'This playlist is already featured';
export const PLAYLIST_NOT_FOUND = 'Playlist not found';
export const PLAYLIST_TITLE_UNAVAILABLE =
  "Couldn't get the playlist's name from Spotify. Please enter a Custom Title and try again.";
export const PLAYLIST_TITLE_EMPTY = 'Title cannot be empty';

const title = z.string().check(maxChars(PLAYLIST_TITLE_MAX, `Title must be ${PLAYLIST_TITLE_MAX} characters or less`));
const description = z
  .string()
  .check(maxChars(PLAYLIST_DESCRIPTION_MAX, `Description must be ${PLAYLIST_DESCRIPTION_MAX} characters or less`));
/** Read by parsePlaylistLink, which also refuses overlong input with its own message. */
const link = z.string();

/** A featured playlist as the home page and the admin dashboard see it (spec §3). */
export const FeaturedPlaylistSchema = z.object({
  /** The provider's playlist id. */
  id: z.string(),
  spotifyUrl: z.string(),
  title: z.string(),
  description: z.nullable(z.string()),
  type: z.string(),
  isActive: z.boolean(),
  /** A same-origin copy of the provider's cover, or null (the web draws a gradient). */
  imageUrl: z.nullable(z.string()),
  position: z.number(),
  createdAt: z.string(),
});
export type FeaturedPlaylist = z.infer<typeof FeaturedPlaylistSchema>;

export const FeaturedPlaylistListSchema = z.array(FeaturedPlaylistSchema);

/**
 * Adding by link (spec §5, Admin add playlist). `url` is accepted as another name for `spotifyUrl`.
 * Strings are trimmed by the server; a blank title or description counts as absent.
 */
export const CreateFeaturedPlaylistBodySchema = z.object({
  spotifyUrl: z.optional(link),
  url: z.optional(link),
  title: z.optional(title),
  description: z.optional(description),
  isActive: z.optional(z.boolean()),
});
export type CreateFeaturedPlaylistBody = z.infer<typeof CreateFeaturedPlaylistBodySchema>;

/** Partial changes; a blank or null description clears it. */
export const UpdateFeaturedPlaylistBodySchema = z.object({
  title: z.optional(title),
  description: z.optional(z.nullable(description)),
  isActive: z.optional(z.boolean()),
});
export type UpdateFeaturedPlaylistBody = z.infer<typeof UpdateFeaturedPlaylistBodySchema>;
