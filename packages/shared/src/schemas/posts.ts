import * as z from 'zod/mini';
import { charCount } from '../characters.ts';
import { POST_CONTENT_MAX, POST_TITLE_MAX } from '../constants.ts';

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
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Post = z.infer<typeof PostSchema>;

export const PostPageSchema = z.object({
  posts: z.array(PostSchema),
  nextCursor: z.nullable(z.string()),
});
export type PostPage = z.infer<typeof PostPageSchema>;

/** The create-note rules of spec §5, shared by the dialog and the server. */
export function checkNote(input: {
  title?: unknown;
  content?: unknown;
}): { ok: true; title: string; content: string } | { ok: false; message: string } {
  const title = typeof input.title === 'string' ? input.title.trim() : '';
  const content = typeof input.content === 'string' ? input.content.trim() : '';
  if (!title) return { ok: false, message: 'Title is required' };
  if (!content) return { ok: false, message: 'Content is required' };
  if (charCount(title) > POST_TITLE_MAX)
    return { ok: false, message: `Title must be ${POST_TITLE_MAX} characters or less` };
  if (charCount(content) > POST_CONTENT_MAX) {
    return { ok: false, message: `Content must be ${POST_CONTENT_MAX} characters or less` };
  }
  return { ok: true, title, content };
}

export const ListPostsQuerySchema = z.object({
  type: z.optional(PostTypeSchema),
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50))),
});
