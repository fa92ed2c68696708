import * as z from 'zod/mini';
import { maxChars } from '../characters.ts';
import { COMMENT_MAX } from '../constants.ts';
import { PostSchema } from './posts.ts';
import { PersonSchema } from './social.ts';

/** What can be liked and commented on: notes and reviews (posts), and lists. */
export const SubjectTypeSchema = z.enum(['post', 'list']);
export type SubjectType = z.infer<typeof SubjectTypeSchema>;

export const LikeStateSchema = z.object({
  liked: z.boolean(),
  likesCount: z.number(),
});
export type LikeState = z.infer<typeof LikeStateSchema>;

export const CommentSchema = z.object({
  id: z.string(),
  subjectType: SubjectTypeSchema,
  subjectId: z.string(),
  author: PersonSchema,
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Comment = z.infer<typeof CommentSchema>;

/** A subject's comments, oldest first; nextCursor fetches the next page. */
export const CommentPageSchema = z.object({
  comments: z.array(CommentSchema),
  commentsCount: z.number(),
  nextCursor: z.nullable(z.string()),
});
export type CommentPage = z.infer<typeof CommentPageSchema>;

export const COMMENTS_PAGE_SIZE = 50;

const commentRequired = 'Comment is required';
const commentContent = z
  .string({ error: commentRequired })
  .check(
    z.trim(),
    z.minLength(1, commentRequired),
    maxChars(COMMENT_MAX, `Comment must be ${COMMENT_MAX} characters or less`),
  );

export const CommentBodySchema = z.object({ content: commentContent });
export type CommentBody = z.infer<typeof CommentBodySchema>;

/** The first refusal of CommentBodySchema, in the words the comment box shows. */
export function checkComment(content: string): { ok: true; content: string } | { ok: false; message: string } {
  const result = z.safeParse(CommentBodySchema, { content });
  if (result.success) return { ok: true, content: result.data.content };
  return { ok: false, message: result.error.issues[0]?.message ?? commentRequired };
}

export const CommentParamsSchema = z.object({ commentId: z.string().check(z.minLength(1), z.maxLength(200)) });

export const PageQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50))),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** Something a person liked, for their profile's Likes tab: a post (lists join when they can be liked). */
export const LikedItemSchema = z.object({
  likedAt: z.string(),
  subjectType: SubjectTypeSchema,
  post: z.nullable(PostSchema),
  list: z.nullable(z.object({ id: z.string(), title: z.string(), ownerDisplayName: z.string() })),
});
export type LikedItem = z.infer<typeof LikedItemSchema>;

export const LikedPageSchema = z.object({
  items: z.array(LikedItemSchema),
  nextCursor: z.nullable(z.string()),
});
export type LikedPage = z.infer<typeof LikedPageSchema>;

export const ALREADY_LIKED = 'You have already liked this';
export const NOT_LIKED = 'You have not liked this';
