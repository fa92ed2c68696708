import * as z from 'zod/mini';
import { maxChars } from '../characters.ts';
import { POST_CONTENT_MAX, POST_TITLE_MAX } from '../constants.ts';
import { AudienceSchema } from './audience.ts';

export const PostTypeSchema = z.enum(['note', 'review']);
export type PostType = z.infer<typeof PostTypeSchema>;

export const PostAlbumSchema = z.object({
  id: z.string(),
  name: z.string(),
  artistName: z.string(),
  imageUrl: z.string(),
});

export const PostSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userDisplayName: z.string(),
  type: PostTypeSchema,
  title: z.string(),
  content: z.string(),
  album: z.nullable(PostAlbumSchema),
  /** Stars, 0.5–5 with one decimal (reviews only). */
  rating: z.nullable(z.number()),
  likesCount: z.number(),
  commentsCount: z.number(),
  /** How many people of other servers shared it with their followers (federation). */
  boostsCount: z.number(),
  /** Whether the viewer liked it (false for visitors). */
  likedByMe: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who may read it (ADR 41). */
  visibility: AudienceSchema,
  /** Where it lives when its author is of another server (shown as from the fediverse); null for ours. */
  remoteUrl: z.nullable(z.string()),
});
export type Post = z.infer<typeof PostSchema>;

export const PostPageSchema = z.object({
  posts: z.array(PostSchema),
  nextCursor: z.nullable(z.string()),
});
export type PostPage = z.infer<typeof PostPageSchema>;

/** A note's title or content: trimmed, required, at most `max` characters (spec §5). */
function noteField(name: string, max: number) {
  const required = `${name} is required`;
  return z
    .string({ error: required })
    .check(z.trim(), z.minLength(1, required), maxChars(max, `${name} must be ${max} characters or less`));
}

/** The create-note rules of spec §5, shared by the dialog and the server's route schema. */
export const CreateNoteBodySchema = z.object({
  title: noteField('Title', POST_TITLE_MAX),
  content: noteField('Content', POST_CONTENT_MAX),
  /** Absent: the author's default (a setting). */
  visibility: z.optional(AudienceSchema),
});
export type CreateNoteBody = z.infer<typeof CreateNoteBodySchema>;

/** The first refusal of CreateNoteBodySchema, in the words the dialog shows. */
export function checkNote(input: {
  title?: unknown;
  content?: unknown;
}): { ok: true; title: string; content: string } | { ok: false; message: string } {
  const result = z.safeParse(CreateNoteBodySchema, input);
  if (result.success) return { ok: true, ...result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? 'Title is required' };
}

export const ListPostsQuerySchema = z.object({
  type: z.optional(PostTypeSchema),
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50))),
});

export const ONLY_REVIEWS_RATED = 'Only reviews have a rating';
export const REVIEW_TITLE_FIXED = 'A review is titled by its album';
export const NOTHING_TO_CHANGE = 'Nothing to change';
const halfStars = 'Rating must be a whole number of half stars from 1 to 10';

/**
 * Editing a post: a note's title and content, a review's text and rating (half stars,
 * the author's album rating, ADR 21). Each field is checked as when it was written.
 */
export const UpdatePostBodySchema = z
  .object({
    title: z.optional(noteField('Title', POST_TITLE_MAX)),
    content: z.optional(noteField('Content', POST_CONTENT_MAX)),
    rating: z.optional(
      z.number({ error: halfStars }).check(z.int(halfStars), z.minimum(1, halfStars), z.maximum(10, halfStars)),
    ),
    visibility: z.optional(AudienceSchema),
  })
  .check(
    z.refine(
      (body) =>
        body.title !== undefined ||
        body.content !== undefined ||
        body.rating !== undefined ||
        body.visibility !== undefined,
      NOTHING_TO_CHANGE,
    ),
  );
export type UpdatePostBody = z.infer<typeof UpdatePostBodySchema>;
