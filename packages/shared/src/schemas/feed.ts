import * as z from 'zod/mini';
import { PersonSchema } from './social.ts';

/** Entries per page of the activity feed and of everyone's recent activity. */
export const FEED_PAGE_SIZE = 20;

export const FeedQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200))),
});
export type FeedQuery = z.infer<typeof FeedQuerySchema>;

/** The album an entry is about, as it is now; rating in stars (0.5–5), or null when none is known. */
export const FeedAlbumSchema = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string(),
  cover: z.string(),
  rating: z.nullable(z.number()),
});
export type FeedAlbum = z.infer<typeof FeedAlbumSchema>;

const entryBase = {
  id: z.string(),
  actor: PersonSchema,
  createdAt: z.string(),
};

/** One thing someone did, with what a client needs to say it and link to it. */
export const FeedEntrySchema = z.discriminatedUnion('action', [
  z.object({ ...entryBase, action: z.literal('rated_album'), album: FeedAlbumSchema }),
  z.object({
    ...entryBase,
    action: z.literal('new_review'),
    post: z.object({ id: z.string(), title: z.string() }),
    album: z.nullable(FeedAlbumSchema),
  }),
  z.object({ ...entryBase, action: z.literal('new_note'), post: z.object({ id: z.string(), title: z.string() }) }),
  z.object({ ...entryBase, action: z.literal('created_list'), list: z.object({ id: z.string(), title: z.string() }) }),
  z.object({ ...entryBase, action: z.literal('followed_user'), user: PersonSchema }),
]);
export type FeedEntry = z.infer<typeof FeedEntrySchema>;
export type FeedAction = FeedEntry['action'];

/** A page of entries, newest first; nextCursor fetches the next page. */
export const FeedPageSchema = z.object({
  entries: z.array(FeedEntrySchema),
  nextCursor: z.nullable(z.string()),
});
export type FeedPage = z.infer<typeof FeedPageSchema>;
